/**
 * Demo data for a fresh marketplace, loaded the way a person would: through the gateway's HTTP API.
 * Registers a few demo sellers (or signs them in when they already exist) and posts ~40 listings across
 * every category, in Vietnamese and English, around the Bay Area. Does nothing when the marketplace
 * already has listings, so `make start` can run it every time.
 *
 *   GATEWAY_URL=http://127.0.0.1:8080 tsx services/listings/src/seed.ts     (npm run seed -w services/listings)
 *
 * No photos: images must be /objects/... paths issued by the media service, which lands later; the demo
 * listings get theirs then.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Category, ListingBody } from '@vnmarket/proto';

/** Read at each call, so a test or script can point the seed at a gateway it started (GATEWAY_URL). */
const gatewayUrl = () => (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
/** Every demo seller signs in with their phone number and this password. */
export const DEMO_PASSWORD = 'demo-password';
const REQUEST_TIMEOUT_MS = 15_000;

interface DemoSeller {
  firstName: string;
  lastName: string;
  phone: string;
}

export const DEMO_SELLERS: DemoSeller[] = [
  { lastName: 'Nguyễn', firstName: 'Thị Lan', phone: '4085550101' },
  { lastName: 'Trần', firstName: 'Văn Minh', phone: '4085550102' },
  { lastName: 'Lê', firstName: 'Hoàng Anh', phone: '4085550103' },
  { lastName: 'Phạm', firstName: 'Thu Hà', phone: '4085550104' },
  { lastName: 'Võ', firstName: 'Quốc Bảo', phone: '4085550105' },
  { lastName: 'Đặng', firstName: 'Ngọc Mai', phone: '4085550106' },
  { lastName: 'Huỳnh', firstName: 'Tấn Phát', phone: '4085550107' },
  { lastName: 'Bùi', firstName: 'Thanh Tâm', phone: '4085550108' },
];

const SJ = 'San Jose, CA';
const SF = 'San Francisco, CA';
const OAK = 'Oakland, CA';
const BRK = 'Berkeley, CA';
const PA = 'Palo Alto, CA';
const MIL = 'Milpitas, CA';
const SC = 'Santa Clara, CA';
const FRE = 'Fremont, CA';
const SUN = 'Sunnyvale, CA';
const HAY = 'Hayward, CA';

/** A date `days` from today, as the event form writes it (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A demo listing and the index of the seller (in DEMO_SELLERS) who posts it. */
type DemoListing = ListingBody & { seller: number; category: Category };

function demoListings(): DemoListing[] {
  return [
    // ---- rent
    {
      seller: 0,
      category: 'rent',
      title: 'Phòng riêng gần Phố Little Saigon (Story Rd)',
      description:
        'Cho thuê phòng riêng trong nhà yên tĩnh, đi bộ 5 phút tới Phố Little Saigon và Grand Century Mall. Có WiFi, bếp chung, chỗ đậu xe trên đường. Ưu tiên người đi làm, không hút thuốc.',
      price: '950.00',
      priceType: 'monthly',
      location: SJ,
      metadata: { propertyType: 'room', bedrooms: 1, bathrooms: 1, amenities: ['WiFi Included', 'Furnished'] },
      contactPreference: 'phone',
    },
    {
      seller: 1,
      category: 'rent',
      title: '2BR/2BA apartment near Grand Century Mall',
      description:
        'Bright second-floor apartment, 2 bedrooms and 2 baths, in-unit washer/dryer and one covered parking spot. Close to Vietnamese markets, phở restaurants and bus lines. 12-month lease, available next month.',
      price: '2850.00',
      priceType: 'monthly',
      location: SJ,
      metadata: { propertyType: 'apartment', bedrooms: 2, bathrooms: 2, amenities: ['Washer/Dryer', 'Parking', 'Air Conditioning'] },
      contactPreference: 'message',
    },
    {
      seller: 4,
      category: 'rent',
      title: 'Nhà 3 phòng ngủ cho thuê ở Milpitas – 3 bedroom house',
      description:
        'Nhà 3 phòng ngủ, 2 phòng tắm, sân sau rộng, garage 2 xe. Gần trường tiểu học và chợ 99 Ranch. 3-bedroom single-family house with a big backyard and a 2-car garage. Pets welcome.',
      price: '4200.00',
      priceType: 'monthly',
      location: MIL,
      metadata: { propertyType: 'house', bedrooms: 3, bathrooms: 2, amenities: ['Parking', 'Pets Allowed', 'Washer/Dryer'] },
      contactPreference: 'phone',
    },
    {
      seller: 2,
      category: 'rent',
      title: 'Studio gần BART Fremont, có chỗ đậu xe',
      description: 'Studio mới sửa, có lối đi riêng, bếp nhỏ và phòng tắm riêng. Walking distance to Fremont BART. Utilities included.',
      price: '1750.00',
      priceType: 'monthly',
      location: FRE,
      metadata: { propertyType: 'studio', bedrooms: 0, bathrooms: 1, amenities: ['Parking', 'WiFi Included'] },
      contactPreference: 'message',
    },
    {
      seller: 3,
      category: 'rent',
      title: 'Condo 2 phòng ngủ ở Santa Clara – near Levi’s Stadium',
      description: 'Condo 2 bedrooms / 2 baths with gym and pool access. Gần Levi’s Stadium và các công ty tech. Hợp đồng tối thiểu 1 năm.',
      price: '3200.00',
      priceType: 'monthly',
      location: SC,
      metadata: { propertyType: 'condo', bedrooms: 2, bathrooms: 2, amenities: ['Air Conditioning', 'Parking', 'Washer/Dryer'] },
      contactPreference: 'message',
    },
    {
      seller: 6,
      category: 'rent',
      title: 'Cozy room in Oakland townhouse, shared kitchen',
      description: 'Furnished room in a quiet townhouse near Lake Merritt. Share kitchen and living room with two Vietnamese students. Phòng có đồ đạc sẵn, gần hồ Merritt.',
      price: '1100.00',
      priceType: 'monthly',
      location: OAK,
      metadata: { propertyType: 'room', bedrooms: 1, bathrooms: 1, amenities: ['Furnished', 'WiFi Included'] },
      contactPreference: 'message',
    },
    {
      seller: 7,
      category: 'rent',
      title: 'Townhouse 3BR ở Hayward, gần chợ Việt',
      description: 'Townhouse 3 phòng ngủ, 2.5 phòng tắm, garage đôi. Close to Vietnamese grocery stores and I-880. Giá thương lượng cho hợp đồng dài hạn.',
      price: '3600.00',
      priceType: 'negotiable',
      location: HAY,
      metadata: { propertyType: 'townhouse', bedrooms: 3, bathrooms: 2.5, amenities: ['Parking', 'Washer/Dryer'] },
      contactPreference: 'phone',
    },

    // ---- food
    {
      seller: 0,
      category: 'food',
      title: 'Phở Bò Tái Nạm — nấu tại nhà, giao tận nơi',
      description:
        'Phở bò tái nạm nấu theo kiểu Hà Nội, nước dùng hầm xương 12 tiếng. Mỗi phần có bánh phở, thịt bò, rau thơm và giá. Homemade beef pho, delivered hot around San Jose on weekends. Đặt trước 1 ngày.',
      price: '14.00',
      priceType: 'fixed',
      location: SJ,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['none'] },
      contactPreference: 'phone',
    },
    {
      seller: 5,
      category: 'food',
      title: 'Bánh mì thịt nguội & bánh mì chay — đặt trước cho tiệc',
      description: 'Bánh mì giòn nướng mỗi sáng: thịt nguội, xíu mại, gà nướng và bánh mì chay. Banh mi party trays for offices and birthdays, minimum 10 sandwiches.',
      price: '6.50',
      priceType: 'fixed',
      location: MIL,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['vegetarian'] },
      contactPreference: 'message',
    },
    {
      seller: 3,
      category: 'food',
      title: 'Chè Thái & chè ba màu homemade',
      description: 'Chè Thái nhiều trái cây, chè ba màu, chè đậu trắng. Ly lớn 16 oz. Pick up in Santa Clara, Friday to Sunday.',
      price: '5.00',
      priceType: 'fixed',
      location: SC,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['vegetarian', 'gluten-free'] },
      contactPreference: 'message',
    },
    {
      seller: 2,
      category: 'food',
      title: 'Cơm chay hộp mỗi tuần – Vegan Vietnamese lunch boxes',
      description: 'Weekly vegan lunch boxes: đậu hũ kho nấm, canh chua chay, rau xào. Giao cho sinh viên và người đi làm ở Berkeley mỗi thứ Hai.',
      price: '12.00',
      priceType: 'fixed',
      location: BRK,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['vegan', 'vegetarian'] },
      contactPreference: 'message',
    },
    {
      seller: 5,
      category: 'food',
      title: 'Bánh bò nướng & bánh da lợn – Vietnamese bakery orders',
      description: 'Nhận làm bánh bò nướng, bánh da lợn, bánh chuối nướng theo đơn. Great for Tết and family parties. Order 2 days ahead.',
      price: '18.00',
      priceType: 'fixed',
      location: SJ,
      metadata: { cuisineType: 'bakery', dietaryInfo: ['vegetarian'] },
      contactPreference: 'phone',
    },
    {
      seller: 6,
      category: 'food',
      title: 'Bún bò Huế cuối tuần — weekend pickup',
      description: 'Bún bò Huế cay nồng đúng vị Huế, có chả cua, giò heo. Spicy lemongrass beef noodle soup, pickup Saturday and Sunday in Oakland.',
      price: '15.00',
      priceType: 'fixed',
      location: OAK,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['none'] },
      contactPreference: 'message',
    },
    {
      seller: 1,
      category: 'food',
      title: 'Gỏi cuốn tôm thịt – party trays',
      description: 'Fresh spring rolls with shrimp and pork, nước chấm đậu phộng. 20 cuốn mỗi khay. Gluten-free rice paper.',
      price: '45.00',
      priceType: 'fixed',
      location: SUN,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['gluten-free'] },
      contactPreference: 'message',
    },
    {
      seller: 7,
      category: 'food',
      title: 'DIY pho kit for 4 – phở gà tại nhà',
      description: 'Everything to make chicken pho at home: broth, rice noodles, herbs and sauces. Nước dùng gà nấu sẵn, chỉ cần đun nóng.',
      price: '35.00',
      priceType: 'fixed',
      location: FRE,
      metadata: { cuisineType: 'vietnamese', dietaryInfo: ['halal'] },
      contactPreference: 'message',
    },

    // ---- sale
    {
      seller: 1,
      category: 'sale',
      title: 'iPhone 14 Pro 256GB – như mới',
      description: 'iPhone 14 Pro màu tím, 256GB, pin 92%, luôn dùng ốp và kính cường lực. Unlocked, comes with the original box and cable.',
      price: '650.00',
      priceType: 'negotiable',
      condition: 'like-new',
      location: SJ,
      metadata: { itemCategory: 'electronics', brand: 'Apple' },
      contactPreference: 'message',
    },
    {
      seller: 4,
      category: 'sale',
      title: 'Bàn ăn gỗ 6 ghế – solid wood dining table',
      description: 'Bàn ăn gỗ thịt kèm 6 ghế, dọn nhà nên bán rẻ. Solid wood table, a few scratches on top. Pickup only, bring a truck.',
      price: '300.00',
      priceType: 'negotiable',
      condition: 'good',
      location: FRE,
      metadata: { itemCategory: 'furniture' },
      contactPreference: 'phone',
    },
    {
      seller: 3,
      category: 'sale',
      title: 'Áo dài lụa may sẵn, size M',
      description: 'Áo dài lụa màu đỏ, mặc một lần cho đám cưới. Silk áo dài, size M, includes matching pants.',
      price: '80.00',
      priceType: 'fixed',
      condition: 'like-new',
      location: SF,
      metadata: { itemCategory: 'clothing' },
      contactPreference: 'message',
    },
    {
      seller: 5,
      category: 'sale',
      title: 'Nồi cơm điện Zojirushi 10 cups',
      description: 'Nồi cơm điện Zojirushi 10 cups, nấu cơm ngon, còn dùng tốt. Rice cooker, works perfectly.',
      price: '90.00',
      priceType: 'fixed',
      condition: 'good',
      location: MIL,
      metadata: { itemCategory: 'appliances', brand: 'Zojirushi' },
      contactPreference: 'message',
    },
    {
      seller: 6,
      category: 'sale',
      title: 'Xe đạp trẻ em 16 inch – kids bike',
      description: 'Schwinn kids bike, 16 inch, with training wheels. Bé nhà mình lớn rồi nên bán lại.',
      price: '40.00',
      priceType: 'fixed',
      condition: 'good',
      location: SUN,
      metadata: { itemCategory: 'sports', brand: 'Schwinn' },
      contactPreference: 'message',
    },
    {
      seller: 2,
      category: 'sale',
      title: 'Sách tiếng Việt cho bé – 20 cuốn, tặng miễn phí',
      description: 'Vietnamese children’s books (20 books): truyện cổ tích, sách tập đọc. Free to a family teaching kids Vietnamese.',
      price: '0',
      priceType: 'free',
      condition: 'good',
      location: PA,
      metadata: { itemCategory: 'books' },
      contactPreference: 'message',
    },
    {
      seller: 7,
      category: 'sale',
      title: 'Honda Civic 2015 – 98k miles',
      description: 'Honda Civic LX 2015, 98k miles, clean title, bảo trì đầy đủ tại dealer. One owner, no accidents.',
      price: '9800.00',
      priceType: 'negotiable',
      condition: 'good',
      location: HAY,
      metadata: { itemCategory: 'automotive', brand: 'Honda' },
      contactPreference: 'phone',
    },

    // ---- jobs
    {
      seller: 0,
      category: 'jobs',
      title: 'Tuyển thợ nail có kinh nghiệm – Nail technician wanted',
      description: 'Tiệm nail ở East San Jose cần thợ bột và thợ chân tay nước, bao lương hoặc ăn chia. Experienced nail technicians, good tips, friendly team.',
      price: '25.00',
      priceType: 'hourly',
      location: SJ,
      metadata: { jobType: 'full-time', experienceLevel: 'mid', industry: 'retail' },
      contactPreference: 'phone',
    },
    {
      seller: 6,
      category: 'jobs',
      title: 'Cần người phụ bếp nhà hàng phở – Kitchen helper',
      description: 'Nhà hàng phở ở Story Rd cần người phụ bếp, làm cuối tuần, không cần kinh nghiệm. Kitchen helper for a busy pho restaurant, weekends.',
      price: '20.00',
      priceType: 'hourly',
      location: SJ,
      metadata: { jobType: 'part-time', experienceLevel: 'entry', industry: 'hospitality' },
      contactPreference: 'phone',
    },
    {
      seller: 1,
      category: 'jobs',
      title: 'Software engineer (React/Node) — Vietnamese-speaking team',
      description: 'Startup in Santa Clara hiring a senior full-stack engineer (TypeScript, React, Node, PostgreSQL). Team nói tiếng Việt, hybrid 3 ngày/tuần.',
      price: '165000.00',
      priceType: 'fixed',
      location: SC,
      metadata: { jobType: 'full-time', experienceLevel: 'senior', industry: 'technology' },
      contactPreference: 'message',
    },
    {
      seller: 5,
      category: 'jobs',
      title: 'Medical assistant nói tiếng Việt – phòng mạch Milpitas',
      description: 'Phòng mạch gia đình cần medical assistant nói được tiếng Việt và tiếng Anh. Training provided, benefits after 90 days.',
      price: '27.00',
      priceType: 'hourly',
      location: MIL,
      metadata: { jobType: 'full-time', experienceLevel: 'entry', industry: 'healthcare' },
      contactPreference: 'message',
    },
    {
      seller: 3,
      category: 'jobs',
      title: 'Gia sư Toán cho học sinh cấp 2 – part-time math tutor',
      description: 'Cần gia sư Toán lớp 7–8, hai buổi tối mỗi tuần tại nhà ở Palo Alto. Part-time math tutor, bilingual preferred.',
      price: '35.00',
      priceType: 'hourly',
      location: PA,
      metadata: { jobType: 'part-time', experienceLevel: 'mid', industry: 'education' },
      contactPreference: 'message',
    },
    {
      seller: 4,
      category: 'jobs',
      title: 'Bookkeeper for small business (QuickBooks)',
      description: 'Vietnamese-owned restaurant group needs a part-time bookkeeper, QuickBooks and payroll. Làm từ xa được, 15–20 giờ/tuần.',
      price: '30.00',
      priceType: 'hourly',
      location: FRE,
      metadata: { jobType: 'contract', experienceLevel: 'mid', industry: 'finance' },
      contactPreference: 'message',
    },

    // ---- service
    {
      seller: 2,
      category: 'service',
      title: 'Dọn nhà, lau dọn văn phòng – House cleaning',
      description: 'Nhận dọn nhà, dọn văn phòng, dọn sau khi dọn đi. Reliable house cleaning, we bring our own supplies.',
      price: '35.00',
      priceType: 'hourly',
      location: SJ,
      metadata: { serviceType: 'cleaning', availability: 'Thứ 2 – Thứ 7, 8am–6pm' },
      contactPreference: 'phone',
    },
    {
      seller: 7,
      category: 'service',
      title: 'Sửa ống nước, máy nước nóng – Licensed plumber',
      description: 'Thợ ống nước có bằng, sửa rò rỉ, thông cống, thay máy nước nóng. Licensed and insured plumber, free estimates.',
      price: '95.00',
      priceType: 'hourly',
      location: HAY,
      metadata: { serviceType: 'plumbing', availability: '24/7 cho trường hợp khẩn cấp' },
      contactPreference: 'phone',
    },
    {
      seller: 3,
      category: 'service',
      title: 'Chụp ảnh cưới, ảnh gia đình – Photography',
      description: 'Chụp ảnh cưới, đám hỏi, ảnh gia đình ngày Tết. Wedding and family photography, edited photos within a week.',
      price: '350.00',
      priceType: 'fixed',
      location: SF,
      metadata: { serviceType: 'photography', availability: 'Cuối tuần' },
      contactPreference: 'message',
    },
    {
      seller: 5,
      category: 'service',
      title: 'Dạy kèm tiếng Việt cho trẻ em',
      description: 'Cô giáo dạy tiếng Việt cho các bé 5–12 tuổi: đọc, viết, kể chuyện. Vietnamese lessons for kids, online or in person.',
      price: '30.00',
      priceType: 'hourly',
      location: BRK,
      metadata: { serviceType: 'tutoring', availability: 'Chiều tối các ngày trong tuần' },
      contactPreference: 'message',
    },
    {
      seller: 4,
      category: 'service',
      title: 'Chuyển nhà có xe tải – Moving help with truck',
      description: 'Hai người và một xe tải 16 feet, chuyển nhà trong Bay Area. Two movers and a truck, careful with furniture.',
      price: '120.00',
      priceType: 'hourly',
      location: OAK,
      metadata: { serviceType: 'moving', availability: 'Every day by appointment' },
      contactPreference: 'phone',
    },
    {
      seller: 1,
      category: 'service',
      title: 'Khai thuế cá nhân và doanh nghiệp nhỏ – Tax preparation',
      description: 'Khai thuế cá nhân, doanh nghiệp nhỏ, tiệm nail, nhà hàng. Tax preparation and bookkeeping, nói tiếng Việt.',
      price: '150.00',
      priceType: 'negotiable',
      location: MIL,
      metadata: { serviceType: 'consulting', availability: 'Mon–Sat, by appointment' },
      contactPreference: 'message',
    },

    // ---- event
    {
      seller: 4,
      category: 'event',
      title: 'Hội Chợ Tết Nguyên Đán – Lunar New Year Festival',
      description: 'Hội chợ Tết với múa lân, văn nghệ, trò chơi dân gian, bánh chưng, bánh tét và ẩm thực Việt. Free entry, family-friendly.',
      price: '0',
      priceType: 'free',
      location: SJ,
      metadata: { eventType: 'festival', eventDate: inDays(60), eventTime: '10:00 AM', duration: 'Cả ngày', capacity: 5000, organizer: 'Hội Người Việt Bay Area' },
      contactPreference: 'message',
    },
    {
      seller: 3,
      category: 'event',
      title: 'Đêm nhạc Phố Cổ Hà Nội – live acoustic night',
      description: 'Một đêm nhạc Trịnh và nhạc về Phố Cổ Hà Nội, guitar và violin mộc. An evening of acoustic Vietnamese music in the Mission.',
      price: '25.00',
      priceType: 'paid',
      location: SF,
      metadata: { eventType: 'concert', eventDate: inDays(21), eventTime: '7:30 PM', duration: '2 giờ', capacity: 120, organizer: 'Phố Cổ Acoustic' },
      contactPreference: 'message',
    },
    {
      seller: 0,
      category: 'event',
      title: 'Lớp nấu phở & bánh mì cuối tuần – Cooking class',
      description: 'Học nấu phở bò và làm bánh mì từ A đến Z, mang về một nồi nước dùng. Hands-on pho and banh mi cooking class, all ingredients included.',
      price: '45.00',
      priceType: 'paid',
      location: OAK,
      metadata: { eventType: 'class', eventDate: inDays(14), eventTime: '2:00 PM', duration: '3 hours', capacity: 16, organizer: 'Bếp Nhà Lan' },
      contactPreference: 'message',
    },
    {
      seller: 1,
      category: 'event',
      title: 'Vietnamese professionals networking mixer',
      description: 'Meet Vietnamese-American engineers, founders and designers over bánh mì and cà phê sữa đá. Giao lưu, chia sẻ kinh nghiệm nghề nghiệp.',
      price: '0',
      priceType: 'free',
      location: PA,
      metadata: { eventType: 'networking', eventDate: inDays(10), eventTime: '6:30 PM', duration: '2 hours', capacity: 80, organizer: 'VN Professionals Network' },
      contactPreference: 'message',
    },
    {
      seller: 7,
      category: 'event',
      title: 'Chạy bộ gây quỹ từ thiện – Charity 5K',
      description: 'Chạy bộ 5K gây quỹ học bổng cho học sinh Việt. Charity run around Lake Elizabeth, donations at registration.',
      price: '30.00',
      priceType: 'donation',
      location: FRE,
      metadata: { eventType: 'charity', eventDate: inDays(30), eventTime: '8:00 AM', duration: '3 hours', capacity: 300, organizer: 'Hội Sinh Viên Việt Nam' },
      contactPreference: 'message',
    },
    {
      seller: 6,
      category: 'event',
      title: 'Tết Trung Thu cho thiếu nhi – Mid-Autumn lantern festival',
      description: 'Rước đèn, phá cỗ, bánh trung thu và múa lân cho các bé. Lantern parade and mooncakes for kids and families.',
      price: '0',
      priceType: 'free',
      location: SUN,
      metadata: { eventType: 'festival', eventDate: inDays(45), eventTime: '5:00 PM', duration: '3 giờ', capacity: 400, organizer: 'Vietnamese Community Center' },
      contactPreference: 'message',
    },
    {
      seller: 2,
      category: 'event',
      title: 'Giải bóng đá cộng đồng – Community soccer tournament',
      description: 'Giải bóng đá 7 người cho các đội người Việt vùng Bay Area, đăng ký theo đội. 7-a-side community soccer tournament.',
      price: '0',
      priceType: 'free',
      location: SC,
      metadata: { eventType: 'sports', eventDate: inDays(35), eventTime: '9:00 AM', duration: 'All day', capacity: 200, organizer: 'Bay Area Vietnamese Soccer League' },
      contactPreference: 'message',
    },
  ];
}

// ---------------------------------------------------------------------------------------------------

class SeedError extends Error {}

async function call(method: 'GET' | 'POST' | 'PUT', urlPath: string, body?: unknown, cookie?: string): Promise<{ status: number; json: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(`${gatewayUrl()}${urlPath}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SeedError(`cannot reach the gateway at ${gatewayUrl()} (${(error as Error).message}); is the product running (make start)?`);
  }
  const json = await response.json().catch(() => undefined);
  return { status: response.status, json, headers: response.headers };
}

const describe = (answer: { status: number; json: unknown }) => `HTTP ${answer.status} ${JSON.stringify(answer.json) ?? ''}`;

function sessionCookie(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('vnm_session='));
}

/** Registers the seller, or signs them in when the phone number is taken; returns the session cookie. */
async function signIn(seller: DemoSeller): Promise<{ cookie: string; registered: boolean }> {
  const name = `${seller.lastName} ${seller.firstName}`;
  const register = await call('POST', '/api/register', { ...seller, password: DEMO_PASSWORD });
  if (register.status === 201) {
    const cookie = sessionCookie(register.headers);
    if (cookie) return { cookie, registered: true };
    throw new SeedError(`registering ${name} gave no session cookie`);
  }
  if (register.status !== 409) throw new SeedError(`registering ${name} (${seller.phone}) failed: ${describe(register)}`);
  const login = await call('POST', '/api/login', { identifier: seller.phone, password: DEMO_PASSWORD });
  const cookie = login.status === 200 ? sessionCookie(login.headers) : undefined;
  if (!cookie) throw new SeedError(`${name} (${seller.phone}) is already registered and signing in with the demo password failed: ${describe(login)}`);
  return { cookie, registered: false };
}

/** The sellers' public profiles reach listings through events: wait briefly until a listing shows its seller. */
async function sellersVisible(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const page = await call('GET', '/api/listings?limit=100');
    if (Array.isArray(page.json) && page.json.length > 0 && page.json.every((listing: { user?: unknown }) => listing.user !== undefined)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Demo photos (committed under seed-photos/) for some listings, by the start of their title. */
const PHOTOS: [titleStart: string, files: string[]][] = [
  ['Phòng riêng gần Phố', ['room-1.jpg', 'room-2.jpg']],
  ['2BR/2BA apartment', ['apartment-1.jpg']],
  ['Phở Bò Tái Nạm', ['pho-1.jpg', 'pho-2.jpg']],
  ['Bánh mì thịt nguội', ['banhmi-1.jpg']],
  ['Áo dài lụa', ['aodai-1.jpg']],
  ['Bàn ăn gỗ', ['table-1.jpg']],
  ['Hội Chợ Tết', ['tet-1.jpg']],
  ['Lớp nấu phở', ['class-1.jpg']],
];
const photosFor = (title: string) => PHOTOS.find(([start]) => title.startsWith(start))?.[1] ?? [];

/** The browser's photo flow: an upload URL, a PUT of the bytes, then the stored image's path. */
async function uploadPhoto(file: string, cookie: string): Promise<string> {
  const slot = await call('POST', '/api/objects/upload', undefined, cookie);
  const uploadURL = (slot.json as { uploadURL?: string } | undefined)?.uploadURL;
  if (slot.status !== 200 || !uploadURL) throw new SeedError(`getting an upload URL failed: ${describe(slot)}`);
  const bytes = readFileSync(path.join(__dirname, '../seed-photos', file));
  const put = await fetch(new URL(uploadURL, `${gatewayUrl()}/`), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!put.ok) throw new SeedError(`uploading ${file} failed: HTTP ${put.status}`);
  const image = await call('PUT', '/api/listing-images', { imageURL: uploadURL }, cookie);
  const objectPath = (image.json as { objectPath?: string } | undefined)?.objectPath;
  if (image.status !== 200 || !objectPath) throw new SeedError(`processing ${file} failed: ${describe(image)}`);
  return objectPath;
}

export async function seed(): Promise<void> {
  const existing = await call('GET', '/api/listings?limit=1');
  if (existing.status !== 200 || !Array.isArray(existing.json)) throw new SeedError(`GET /api/listings answered ${describe(existing)}`);
  if (existing.json.length > 0) {
    console.log('seed: marketplace already has listings; nothing to do');
    return;
  }

  const cookies: string[] = [];
  let registered = 0;
  for (const seller of DEMO_SELLERS) {
    const session = await signIn(seller);
    cookies.push(session.cookie);
    if (session.registered) registered += 1;
  }

  const perCategory = new Map<Category, number>();
  const listings = demoListings();
  for (const { seller, ...body } of listings) {
    const cookie = cookies[seller];
    if (!cookie) throw new SeedError(`demo listing "${body.title}" names unknown seller ${seller}`);
    const images = await Promise.all(photosFor(body.title).map((file) => uploadPhoto(file, cookie)));
    const created = await call('POST', '/api/listings', { ...body, images }, cookie);
    if (created.status !== 201) throw new SeedError(`creating "${body.title}" failed: ${describe(created)}`);
    perCategory.set(body.category, (perCategory.get(body.category) ?? 0) + 1);
  }

  const synced = await sellersVisible(10_000);
  const counts = [...perCategory].map(([category, count]) => `${category} ${count}`).join(', ');
  const phones = DEMO_SELLERS.map((seller) => seller.phone);
  console.log(`seed: created ${listings.length} demo listings through ${gatewayUrl()} (${counts})`);
  console.log(
    `seed: ${DEMO_SELLERS.length} demo sellers (${registered} registered now, ${DEMO_SELLERS.length - registered} already existed); ` +
      `sign in with phone ${phones[0]} … ${phones[phones.length - 1]} and password "${DEMO_PASSWORD}"`,
  );
  if (!synced) console.log("seed: sellers' profiles have not reached the listings service yet (events); they will appear shortly");
}

if (require.main === module) {
  seed().catch((error) => {
    console.error(`seed: ${error instanceof SeedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
