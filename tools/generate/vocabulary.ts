/**
 * What the listing generator writes with: per category, title and sentence templates in Vietnamese and
 * English (and titles that mix both), the things a listing is about (dishes, homes, items, jobs,
 * services, events) with the metadata they imply, and Bay Area places.
 *
 * Templates name slots in braces ({dish}, {city}); listings.ts fills them. A template that starts with
 * "[tag,tag] " fits only listings that carry every one of those tags (a room, a car, a free event…).
 * Lists of words are ordered from common to rare: the generator picks from them with Zipf weights
 * (the first entry about twice as often as the second, three times the third…), which is what gives the
 * catalogue a long-tailed word distribution instead of every word everywhere.
 */
import type { AMENITIES, CONDITIONS, EVENT_TYPES, INDUSTRIES, ITEM_CATEGORIES, PROPERTY_TYPES, SERVICE_TYPES } from '@vnmarket/proto';

export type Lang = 'vi' | 'en';

export interface CategoryText {
  titles: { vi: readonly string[]; en: readonly string[]; mix: readonly string[] };
  sentences: { vi: readonly string[]; en: readonly string[] };
}

// ---------------------------------------------------------------------------------------------------
// Places.

/** Where listings are, with a weight (San Jose holds the largest Vietnamese community) and what people name nearby. */
export const CITIES: readonly { name: string; weight: number; spots: readonly string[] }[] = [
  {
    name: 'San Jose',
    weight: 40,
    spots: [
      'Story Rd',
      'Grand Century Mall',
      'Lion Plaza',
      'Vietnam Town',
      'Tully Rd',
      'Senter Rd',
      'Eastridge',
      'Evergreen',
      'Little Saigon',
      'Berryessa',
      'downtown San Jose',
      'SJSU',
      'King Rd',
      'Capitol Expwy',
      'Oakridge Mall',
      'Japantown',
    ],
  },
  { name: 'Milpitas', weight: 8, spots: ['Milpitas Square', 'Great Mall', 'Milpitas BART', 'Calaveras Blvd', 'Ulferts Center'] },
  { name: 'Santa Clara', weight: 7, spots: ['El Camino Real', 'Santa Clara University', 'Mission College', "Levi's Stadium", 'Kiely Blvd'] },
  { name: 'Fremont', weight: 6, spots: ['Warm Springs BART', 'Irvington', 'Ardenwood', 'Fremont Hub', 'Mission San Jose'] },
  { name: 'Oakland', weight: 6, spots: ['International Blvd', 'Chinatown Oakland', 'Lake Merritt', 'Fruitvale BART', 'downtown Oakland'] },
  { name: 'San Francisco', weight: 6, spots: ['Tenderloin', 'Larkin St', 'Sunset', 'Excelsior', 'Civic Center BART', 'Mission District'] },
  { name: 'Hayward', weight: 4, spots: ['Cal State East Bay', 'Southland Mall', 'downtown Hayward', 'Hayward BART'] },
  { name: 'Sunnyvale', weight: 4, spots: ['Murphy Ave', 'El Camino Real', 'Sunnyvale Caltrain', 'Fremont Ave'] },
  { name: 'Union City', weight: 3, spots: ['Union City BART', 'Union Landing', 'Alvarado Blvd'] },
  { name: 'San Leandro', weight: 2, spots: ['Bayfair', 'San Leandro BART', 'East 14th St'] },
  { name: 'Mountain View', weight: 2, spots: ['Castro St', 'Mountain View Caltrain', 'Rengstorff Park'] },
  { name: 'Cupertino', weight: 2, spots: ['De Anza College', 'Vallco', 'Stevens Creek Blvd'] },
  { name: 'Daly City', weight: 2, spots: ['Serramonte', 'Westlake', 'Daly City BART'] },
  { name: 'Campbell', weight: 1.5, spots: ['Pruneyard', 'downtown Campbell', 'Hamilton Ave'] },
  { name: 'Morgan Hill', weight: 1, spots: ['downtown Morgan Hill', 'Cochrane Rd'] },
  { name: 'Berkeley', weight: 1, spots: ['UC Berkeley', 'downtown Berkeley', 'Shattuck Ave'] },
  { name: 'Palo Alto', weight: 1, spots: ['Stanford', 'University Ave', 'California Ave'] },
  { name: 'Newark', weight: 1, spots: ['NewPark Mall', 'Thornton Ave'] },
  { name: 'Redwood City', weight: 0.5, spots: ['downtown Redwood City', 'Woodside Rd'] },
];

/** Vietnamese markets and shops people give as landmarks. */
const MARKETS = ['Lion', 'Hương Lan', 'Thành Phát', 'Ranch 99', 'Hải Sản', 'Grand Century', 'Thuận Phát', 'Costco'];

// ---------------------------------------------------------------------------------------------------
// Words every category uses (slot name → common-to-rare list).

export const COMMON_SLOTS = {
  near: ['gần', 'gần', 'ngay', 'cách vài phút tới', 'đi bộ tới'],
  nearEn: ['near', 'close to', 'walking distance to', 'minutes from', 'right by'],
  market: MARKETS,
  freeway: ['highway 101', 'freeway 680', '280', '880', 'Capitol Expwy', 'BART', 'Caltrain'],
  region: ['Sài Gòn', 'Huế', 'miền Tây', 'Hà Nội', 'Quảng Nam', 'Nha Trang', 'Đà Nẵng', 'Bắc', 'Cần Thơ'],
  regionEn: ['Saigon', 'Hue', 'the Mekong Delta', 'Hanoi', 'central Vietnam', 'Nha Trang', 'Da Nang'],
  years: ['10', '5', '15', '20', '3', '8', '12', '25'],
  miles: ['5', '10', '3', '15', '20'],
  hi: ['Xin chào,', 'Chào cả nhà,', 'Hi mọi người,', 'Kính chào quý khách,', 'Chào các anh chị,'],
  hiEn: ['Hi everyone,', 'Hello,', 'Hi neighbors,', 'Hey all,'],
  thanks: ['Xin cám ơn.', 'Cảm ơn đã đọc tin.', 'Cám ơn cả nhà.', 'Cám ơn quý khách đã ủng hộ.'],
  thanksEn: ['Thanks!', 'Thank you for looking.', 'Thanks for reading.'],
};

/** Lines that end a listing: how to get in touch. */
export const CLOSINGS: { vi: readonly string[]; en: readonly string[] } = {
  vi: [
    'Liên lạc {phone} ({contact}).',
    'Gọi hoặc text {phone}.',
    'LH: {phone}, xin nhắn tin trước khi gọi.',
    'ĐT: {phone}. {thanks}',
    'Xin nhắn tin qua đây, sẽ trả lời sớm.',
    'Ai quan tâm xin inbox hoặc gọi {contact} {phone}.',
    'Gọi {contact} sau 5 giờ chiều: {phone}.',
    'Xin liên lạc {contact} để biết thêm chi tiết.',
    'Nhắn tin để được trả lời nhanh nhất. {thanks}',
  ],
  en: [
    'Call or text {phone}.',
    'Contact {contactEn} at {phone}.',
    'Message me here for details.',
    'Serious inquiries only, text {phone}. {thanksEn}',
    'Please text first: {phone}.',
    'Send a message for more info. {thanksEn}',
  ],
};

// ---------------------------------------------------------------------------------------------------
// rent

export const HOMES: Record<(typeof PROPERTY_TYPES)[number], { vi: readonly string[]; en: readonly string[] }> = {
  room: {
    vi: ['phòng', 'phòng riêng', 'phòng master', 'phòng có phòng tắm riêng', 'phòng nhỏ'],
    en: ['room', 'private room', 'master bedroom', 'room with private bath'],
  },
  apartment: { vi: ['căn hộ', 'apartment', 'căn apartment'], en: ['apartment', 'apt', 'unit'] },
  house: { vi: ['nhà', 'nhà riêng', 'nguyên căn nhà', 'nhà single house'], en: ['house', 'single family home', 'home'] },
  condo: { vi: ['condo', 'căn condo'], en: ['condo'] },
  townhouse: { vi: ['townhouse', 'nhà townhouse'], en: ['townhouse'] },
  studio: { vi: ['studio', 'phòng studio', 'in-law studio'], en: ['studio', 'in-law studio', 'studio unit'] },
};

export const AMENITY_WORDS: Record<(typeof AMENITIES)[number], { vi: string; en: string }> = {
  'WiFi Included': { vi: 'wifi', en: 'WiFi included' },
  'Washer/Dryer': { vi: 'máy giặt máy sấy', en: 'in-unit washer/dryer' },
  Parking: { vi: 'chỗ đậu xe', en: 'parking' },
  'Pets Allowed': { vi: 'cho nuôi thú cưng', en: 'pets OK' },
  Furnished: { vi: 'đầy đủ đồ đạc', en: 'furnished' },
  'Air Conditioning': { vi: 'máy lạnh', en: 'AC' },
};

export const RENT_SLOTS = {
  nice: ['sạch sẽ', 'rộng rãi', 'mới sửa', 'yên tĩnh', 'thoáng mát', 'đẹp', 'mới sơn lại', 'nhiều ánh sáng'],
  niceEn: ['clean', 'spacious', 'quiet', 'newly remodeled', 'bright', 'cozy', 'sunny', 'updated'],
  utilities: ['bao điện nước', 'chưa bao điện nước', 'bao wifi và điện nước', 'điện nước chia đều'],
  utilitiesEn: ['utilities included', 'utilities not included', 'utilities split evenly', 'water and trash included'],
  moveIn: ['ngay', 'đầu tháng tới', 'ngày 1 tháng sau', 'cuối tháng này', 'ngay bây giờ'],
  moveInEn: ['now', 'next month', 'on the 1st', 'immediately', 'mid-month'],
  lease: ['6 tháng', '1 năm', '3 tháng'],
  leaseEn: ['6 months', '1 year', 'month-to-month'],
  who: ['người đi làm', 'sinh viên', 'người độc thân', 'nữ đi làm', 'cặp vợ chồng', 'người lớn tuổi'],
  whoEn: ['a working professional', 'a student', 'a single person', 'a quiet couple'],
};

export const RENT: CategoryText = {
  titles: {
    vi: [
      'Cho thuê {home} {nice} tại {city}',
      'Cho thuê {home} {near} {spot}',
      '{home} cho thuê ở {city}',
      'Cần cho thuê gấp {home} {city}',
      '{home} {nice}, {rent}/tháng',
      '[br2] Cho thuê {home} {br} phòng ngủ {ba} phòng tắm',
      '[br2] {home} {br}PN {ba}WC, {city}, {rent}',
      '[room] Nhà có phòng cho thuê ở {city}',
      '[room] Phòng cho thuê {near} {spot}, {rent}',
      '[room] Cần người share phòng {city}',
      '[room] Cho {who} thuê phòng, {city}',
      '[studio] Studio riêng biệt, lối đi riêng, {city}',
      '[house] Cho thuê nguyên căn nhà {city}',
    ],
    en: [
      '{homeEn} for rent in {city}',
      '{niceEn} {homeEn} {nearEn} {spot}',
      '{homeEn} available {moveInEn}, {city}',
      '[br2] {br}BR/{ba}BA {homeEn} in {city}, {rent}/mo',
      '[room] Room for rent {nearEn} {spot}, {rent}',
      '[room] Private room available now in {city}',
      '[studio] Cozy studio with private entrance, {city}',
      '[house] {br} bedroom house for rent, {city}',
    ],
    mix: ['[room] Phòng for rent gần {spot}', 'Cho thuê {homeEn} {city}, available now', '{home} for rent gần {spot}', '[br2] {br}BR {ba}BA cho thuê, {city}'],
  },
  sentences: {
    vi: [
      'Cho thuê {home} {nice}, {near} {spot}.',
      'Giá {rent}/tháng, {utilities}.',
      'Đặt cọc {deposit}, dọn vào {moveIn}.',
      '[amen] Có {amenities}.',
      'Không hút thuốc, không nuôi thú vật.',
      'Ưu tiên {who}, sống sạch sẽ, yên tĩnh.',
      'Đi bộ ra chợ {market} khoảng 5 phút, gần trạm xe buýt.',
      'Gần trường học, chợ Việt và nhiều quán ăn.',
      'Lên {freeway} rất tiện.',
      '[room] Bếp dùng chung, có tủ lạnh và lò vi sóng.',
      '[room] Nhà chỉ có hai vợ chồng và một đứa con nhỏ.',
      '[studio] Phòng tắm riêng, cửa ra vào riêng, có bếp nhỏ.',
      '[br2] Nhà có {br} phòng ngủ, {ba} phòng tắm, phòng khách rộng.',
      'Hợp đồng tối thiểu {lease}.',
      'Chủ nhà người Việt, nói chuyện tiếng Việt.',
      'Xin gọi hoặc nhắn tin để hẹn giờ xem nhà.',
      'Đậu xe ngoài đường dễ dàng.',
      'Thích hợp cho gia đình nhỏ hoặc {who}.',
      'Có sân sau trồng rau, cây ăn trái.',
      'Khu phố yên tĩnh, an ninh, hàng xóm dễ thương.',
    ],
    en: [
      'The {homeEn} is {niceEn} and gets lots of natural light.',
      'Rent is {rent}/month, {utilitiesEn}.',
      'Deposit {deposit}, available {moveInEn}.',
      '[amen] Amenities: {amenitiesEn}.',
      'No smoking, no pets please.',
      'Looking for {whoEn}, clean and quiet.',
      'Walking distance to {spot}, grocery stores and bus stops.',
      'Easy access to {freeway}.',
      'Minimum lease {leaseEn}.',
      '[room] Shared kitchen and laundry.',
      '[br2] {br} bedrooms, {ba} bathrooms, updated kitchen.',
      'Close to Vietnamese restaurants and a grocery store.',
      'Vietnamese-speaking landlord, everyone welcome.',
      'Street parking is easy.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// food

/** Dishes, common to rare: Vietnamese name, English name, cuisine, tags (soup, veg, bakery). */
export const DISHES: readonly { vi: string; en: string; cuisine: 'vietnamese' | 'bakery' | 'chinese' | 'thai' | 'japanese' | 'other'; tags?: string }[] = [
  { vi: 'phở bò', en: 'beef pho', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'bánh mì thịt', en: 'banh mi', cuisine: 'vietnamese' },
  { vi: 'bún bò Huế', en: 'bun bo Hue', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'cơm tấm', en: 'broken rice plates', cuisine: 'vietnamese' },
  { vi: 'phở gà', en: 'chicken pho', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'chè', en: 'Vietnamese sweet soup (che)', cuisine: 'vietnamese' },
  { vi: 'bánh cuốn', en: 'banh cuon rice rolls', cuisine: 'vietnamese' },
  { vi: 'gỏi cuốn', en: 'spring rolls', cuisine: 'vietnamese' },
  { vi: 'chả giò', en: 'egg rolls', cuisine: 'vietnamese' },
  { vi: 'mì Quảng', en: 'mi Quang noodles', cuisine: 'vietnamese' },
  { vi: 'bún riêu', en: 'crab noodle soup', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'cà phê sữa đá', en: 'Vietnamese iced coffee', cuisine: 'vietnamese' },
  { vi: 'hủ tiếu Nam Vang', en: 'hu tieu noodle soup', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'bánh xèo', en: 'banh xeo crepes', cuisine: 'vietnamese' },
  { vi: 'bún thịt nướng', en: 'grilled pork vermicelli', cuisine: 'vietnamese' },
  { vi: 'bò kho', en: 'beef stew', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'bánh mì chay', en: 'vegetarian banh mi', cuisine: 'vietnamese', tags: 'veg' },
  { vi: 'xôi gà', en: 'sticky rice with chicken', cuisine: 'vietnamese' },
  { vi: 'bánh bò', en: 'honeycomb cake', cuisine: 'bakery' },
  { vi: 'bánh bột lọc', en: 'tapioca dumplings', cuisine: 'vietnamese' },
  { vi: 'canh chua cá', en: 'sour fish soup', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'phở chay', en: 'vegan pho', cuisine: 'vietnamese', tags: 'soup,veg' },
  { vi: 'cá kho tộ', en: 'caramelized clay pot fish', cuisine: 'vietnamese' },
  { vi: 'bánh canh cua', en: 'crab tapioca noodle soup', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'cơm chay', en: 'vegetarian rice plates', cuisine: 'vietnamese', tags: 'veg' },
  { vi: 'bún chả Hà Nội', en: 'Hanoi bun cha', cuisine: 'vietnamese' },
  { vi: 'bánh chưng bánh tét', en: 'banh chung and banh tet', cuisine: 'vietnamese' },
  { vi: 'nem nướng', en: 'grilled pork sausage rolls', cuisine: 'vietnamese' },
  { vi: 'bánh patê sô', en: 'pate chaud pastries', cuisine: 'bakery' },
  { vi: 'chả lụa', en: 'Vietnamese pork roll (cha lua)', cuisine: 'vietnamese' },
  { vi: 'bánh flan', en: 'flan', cuisine: 'bakery' },
  { vi: 'trà sữa', en: 'boba milk tea', cuisine: 'other' },
  { vi: 'vịt quay', en: 'roast duck', cuisine: 'chinese' },
  { vi: 'heo quay', en: 'crispy roast pork', cuisine: 'vietnamese' },
  { vi: 'bánh khọt', en: 'mini rice pancakes', cuisine: 'vietnamese' },
  { vi: 'bánh da lợn', en: 'steamed layer cake', cuisine: 'bakery' },
  { vi: 'bún mắm', en: 'fermented fish noodle soup', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'sữa đậu nành', en: 'fresh soy milk', cuisine: 'vietnamese', tags: 'veg' },
  { vi: 'bánh Trung Thu', en: 'mooncakes', cuisine: 'bakery' },
  { vi: 'dưa món', en: 'pickled vegetables', cuisine: 'vietnamese', tags: 'veg' },
  { vi: 'cháo lòng', en: 'rice porridge', cuisine: 'vietnamese', tags: 'soup' },
  { vi: 'tàu hũ nước đường', en: 'tofu pudding', cuisine: 'vietnamese', tags: 'veg' },
  { vi: 'pad thai', en: 'pad thai', cuisine: 'thai' },
  { vi: 'sushi', en: 'sushi rolls', cuisine: 'japanese' },
];

export const FOOD_SLOTS = {
  tasty: ['ngon', 'đậm đà', 'thơm ngon', 'chuẩn vị', 'ngon như ở quê nhà', 'giá rẻ'],
  tastyEn: ['delicious', 'authentic', 'fresh', 'made from scratch', 'family recipe'],
  delivery: ['giao tận nơi', 'lấy tại nhà', 'giao hàng miễn phí', 'nhận giao trong ngày', 'giao cuối tuần'],
  deliveryEn: ['delivery available', 'pickup only', 'free local delivery', 'same-day delivery', 'weekend pickup'],
  leadTime: ['1 ngày', '2 ngày', 'trước 8 giờ tối hôm trước', '3 ngày cho tiệc'],
  leadTimeEn: ['a day ahead', 'two days ahead', 'by 8pm the night before'],
  minOrder: ['10', '20', '5', '30', '50'],
  hours: ['12', '10', '8', '24'],
  open: ['7 giờ sáng tới 2 giờ chiều', '8 giờ sáng tới trưa', 'từ sáng tới tối', 'tới khi hết hàng'],
  shop: ['Cô Ba', 'Bà Năm', 'Út Hiền', 'Mẹ Nấu', 'Nhà Làm', 'Chị Tư', 'Saigon Kitchen', 'Huế Xưa', 'Quê Hương'],
};

export const FOOD: CategoryText = {
  titles: {
    vi: [
      '{dish} nhà làm ở {city}',
      'Bán {dish} cuối tuần',
      'Nhận đặt {dish} và {other}',
      '{dish} {tasty}, {delivery}',
      '{dish} {unitPrice}',
      'Nhận nấu đám tiệc: {dish}, {other}',
      '{dish} chuẩn vị {region}',
      'Bán {dish} tại nhà, {city}',
      'Quán {shop}: {dish} {tasty}',
      'Nhận nấu cơm tháng, {city}',
      '[veg] {dish} cho người ăn chay',
    ],
    en: [
      'Homemade {dishEn} in {city}',
      '{dishEn}, {unitPriceEn}',
      'Weekend {dishEn} pre-orders',
      'Fresh {dishEn} and {otherEn}, pickup in {city}',
      'Catering: {dishEn}, {otherEn} and more',
      '{tastyEn} {dishEn}, {deliveryEn}',
    ],
    mix: ['{dish} homemade, {city}', 'Bán {dishEn} weekend only', '{dish} ({dishEn}), {unitPriceEn}', '{dish} {deliveryEn} {city}'],
  },
  sentences: {
    vi: [
      'Bán {dish} {tasty}, {delivery}.',
      'Giá {unitPrice}, đặt từ {minOrder} phần trở lên được bớt.',
      '[soup] Nước lèo hầm xương {hours} tiếng, thơm ngon đậm đà.',
      'Nguyên liệu tươi, mua mỗi sáng ở chợ {market}.',
      'Nhận đặt tiệc sinh nhật, đám giỗ, tân gia.',
      'Xin đặt trước {leadTime}, {delivery}.',
      'Ngoài ra có {other} và {other2} theo yêu cầu.',
      '[veg] Món chay nấu bằng nấm và đậu hũ, không bột ngọt.',
      'Không dùng bột ngọt, ít dầu mỡ.',
      'Bán thứ Sáu tới Chủ nhật, {open}.',
      'Nấu theo kiểu {region}, như ở quê nhà.',
      'Lấy hàng tại nhà {near} {spot}, {city}.',
      'Giao hàng miễn phí trong vòng {miles} miles.',
      'Ai ăn thử rồi cũng quay lại.',
      'Nhà làm sạch sẽ, nấu mỗi ngày.',
    ],
    en: [
      'Homemade {dishEn}, {tastyEn}, {deliveryEn}.',
      '{unitPriceEn}, discounts for orders of {minOrder} or more.',
      '[soup] Broth simmered for {hours} hours with bones and spices.',
      'Made fresh every morning with ingredients from {market}.',
      'We cater birthdays, graduations and family parties.',
      'Please order {leadTimeEn}.',
      'Also available: {otherEn} and {otherEn2}.',
      '[veg] Vegetarian and vegan, no MSG.',
      'Pickup {nearEn} {spot} in {city}.',
      'Free delivery within {miles} miles.',
      'Family recipe from {regionEn}.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// sale

/** Things for sale, common to rare: names, item category, brand, tags (car, tech). */
export const ITEMS: readonly { vi: string; en: string; itemCategory: (typeof ITEM_CATEGORIES)[number]; brand?: string; tags?: string }[] = [
  { vi: 'điện thoại iPhone 13', en: 'iPhone 13', itemCategory: 'electronics', brand: 'Apple', tags: 'tech' },
  { vi: 'xe Toyota Camry 2015', en: '2015 Toyota Camry', itemCategory: 'automotive', brand: 'Toyota', tags: 'car' },
  { vi: 'bàn ghế ăn 6 ghế', en: 'dining table with 6 chairs', itemCategory: 'furniture' },
  { vi: 'tủ lạnh Samsung', en: 'Samsung refrigerator', itemCategory: 'appliances', brand: 'Samsung', tags: 'tech' },
  { vi: 'xe Honda Civic 2018', en: '2018 Honda Civic', itemCategory: 'automotive', brand: 'Honda', tags: 'car' },
  { vi: 'sofa da', en: 'leather sofa', itemCategory: 'furniture' },
  { vi: 'laptop MacBook Air', en: 'MacBook Air', itemCategory: 'electronics', brand: 'Apple', tags: 'tech' },
  { vi: 'nồi cơm điện Zojirushi', en: 'Zojirushi rice cooker', itemCategory: 'appliances', brand: 'Zojirushi', tags: 'tech' },
  { vi: 'máy giặt LG', en: 'LG washer', itemCategory: 'appliances', brand: 'LG', tags: 'tech' },
  { vi: 'giường queen kèm nệm', en: 'queen bed with mattress', itemCategory: 'furniture' },
  { vi: 'TV Samsung 65 inch', en: 'Samsung 65" TV', itemCategory: 'electronics', brand: 'Samsung', tags: 'tech' },
  { vi: 'xe Toyota Sienna 2014', en: '2014 Toyota Sienna', itemCategory: 'automotive', brand: 'Toyota', tags: 'car' },
  { vi: 'áo dài cưới', en: 'wedding ao dai', itemCategory: 'clothing' },
  { vi: 'ghế làm nail pedicure', en: 'pedicure spa chair', itemCategory: 'other' },
  { vi: 'xe đẩy em bé', en: 'baby stroller', itemCategory: 'toys' },
  { vi: 'điện thoại Samsung Galaxy S23', en: 'Samsung Galaxy S23', itemCategory: 'electronics', brand: 'Samsung', tags: 'tech' },
  { vi: 'tủ quần áo', en: 'wardrobe', itemCategory: 'furniture' },
  { vi: 'máy tính bảng iPad', en: 'iPad', itemCategory: 'electronics', brand: 'Apple', tags: 'tech' },
  { vi: 'bàn thờ gỗ', en: 'wooden altar', itemCategory: 'furniture' },
  { vi: 'xe Lexus RX350 2012', en: '2012 Lexus RX350', itemCategory: 'automotive', brand: 'Lexus', tags: 'car' },
  { vi: 'nồi phở 50 lít', en: '50-quart stock pot', itemCategory: 'appliances' },
  { vi: 'máy chạy bộ', en: 'treadmill', itemCategory: 'sports' },
  { vi: 'ghế massage', en: 'massage chair', itemCategory: 'furniture' },
  { vi: 'xe đạp Trek', en: 'Trek bike', itemCategory: 'sports', brand: 'Trek' },
  { vi: 'áo dài lụa', en: 'silk ao dai', itemCategory: 'clothing' },
  { vi: 'máy chơi game PS5', en: 'PS5 console', itemCategory: 'electronics', brand: 'Sony', tags: 'tech' },
  { vi: 'bàn làm việc', en: 'office desk', itemCategory: 'furniture' },
  { vi: 'nồi chiên không dầu', en: 'air fryer', itemCategory: 'appliances', tags: 'tech' },
  { vi: 'đồ chơi Lego', en: 'Lego sets', itemCategory: 'toys', brand: 'Lego' },
  { vi: 'máy khoan Makita', en: 'Makita drill', itemCategory: 'tools', brand: 'Makita' },
  { vi: 'máy cắt cỏ', en: 'lawn mower', itemCategory: 'tools' },
  { vi: 'xe Tesla Model 3 2020', en: '2020 Tesla Model 3', itemCategory: 'automotive', brand: 'Tesla', tags: 'car' },
  { vi: 'truyện Kim Dung trọn bộ', en: 'complete Kim Dung novels', itemCategory: 'books' },
  { vi: 'sách luyện thi nail', en: 'nail license study books', itemCategory: 'books' },
  { vi: 'giày Nike', en: 'Nike sneakers', itemCategory: 'clothing', brand: 'Nike' },
  { vi: 'túi xách Coach', en: 'Coach handbag', itemCategory: 'clothing', brand: 'Coach' },
  { vi: 'ghế ngồi xe hơi cho bé', en: 'child car seat', itemCategory: 'toys' },
  { vi: 'bộ gậy golf', en: 'golf club set', itemCategory: 'sports' },
  { vi: 'máy hút bụi Dyson', en: 'Dyson vacuum', itemCategory: 'appliances', brand: 'Dyson', tags: 'tech' },
  { vi: 'bộ đồ nghề sửa xe', en: 'mechanic tool set', itemCategory: 'tools' },
  { vi: 'cây mai vàng', en: 'yellow apricot blossom tree', itemCategory: 'other' },
  { vi: 'bàn bóng bàn', en: 'ping pong table', itemCategory: 'sports' },
  { vi: 'loa Bose', en: 'Bose speaker', itemCategory: 'electronics', brand: 'Bose', tags: 'tech' },
  { vi: 'máy may Singer', en: 'Singer sewing machine', itemCategory: 'appliances', brand: 'Singer' },
];

export const CONDITION_WORDS: Record<(typeof CONDITIONS)[number], { vi: readonly string[]; en: readonly string[] }> = {
  new: { vi: ['mới nguyên hộp', 'còn mới 100%', 'mới mua chưa xài'], en: ['brand new', 'new in box', 'never used'] },
  'like-new': { vi: ['như mới', 'còn mới 99%', 'xài rất ít'], en: ['like new', 'barely used', 'mint condition'] },
  good: { vi: ['còn tốt', 'xài tốt', 'còn đẹp'], en: ['good condition', 'works great', 'well kept'] },
  fair: { vi: ['cũ nhưng còn xài tốt', 'hơi trầy', 'đã qua sử dụng'], en: ['fair condition', 'some wear', 'used but works'] },
};

export const SALE_SLOTS = {
  age: ['1 năm', '6 tháng', '2 năm', 'vài tháng', '3 năm'],
  ageEn: ['last year', '6 months ago', '2 years ago', 'a few months ago'],
  firm: ['firm', 'OBO', 'negotiable', 'or best offer'],
  mileage: ['85,000', '120,000', '62,000', '150,000', '45,000', '98,000'],
};

export const SALE: CategoryText = {
  titles: {
    vi: [
      'Cần bán {item} {cond}',
      'Bán gấp {item}, giá {price}',
      'Dọn nhà bán {item}',
      'Bán {item} {cond}, {city}',
      '{item} cần bán, giá rẻ',
      'Bán lại {item} giá {price}',
      '[car] Bán {item}, chạy {mileage} miles',
      '[free] Cho free {item}',
    ],
    en: [
      '{itemEn} for sale, {price}',
      '{condEn} {itemEn}, {price} {firm}',
      'Moving sale: {itemEn}',
      'Selling {itemEn} in {city}',
      '[car] {itemEn}, {mileage} miles, clean title',
      '[free] Free {itemEn}, pickup only',
    ],
    mix: ['Bán {itemEn} {condEn}, {price}', 'Moving sale, bán {item}', '{item} for sale, {city}'],
  },
  sentences: {
    vi: [
      'Cần bán {item} {cond}, giá {price}.',
      'Mua được {age}, xài ít, còn rất tốt.',
      'Giá có bớt chút đỉnh cho người thiện chí.',
      'Bán rẻ hơn nửa giá mua.',
      'Lấy hàng ở {city}, {near} {spot}.',
      '[tech] Còn hộp và giấy tờ đầy đủ, không trầy xước.',
      '[car] Xe chính chủ, giấy tờ đầy đủ, mới smog.',
      '[car] Thay nhớt đều đặn, bảo trì ở dealer.',
      'Ai cần thì nhắn, không giữ hàng.',
      'Có thể giao tận nơi nếu ở gần.',
      'Bán vì mới mua cái khác.',
      '[free] Cho free, ai tới lấy trước thì được.',
      'Dọn nhà nên bán lại, ai cần liên lạc sớm.',
    ],
    en: [
      'Selling my {itemEn}, {condEn}, asking {price}.',
      'Bought {ageEn}, barely used.',
      'Moving out of state, must sell this week.',
      'Price {firm}.',
      'Cash or Zelle only, pickup in {city}.',
      '[tech] Comes with original box and charger.',
      '[car] Clean title, new tires, smog check done.',
      '[car] {mileage} miles, regular oil changes, never in an accident.',
      'No lowballers please.',
      'Can deliver locally for a small fee.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// jobs

/** Jobs, common to rare: names, industry, where (tag: nail, food, salon, office). */
export const ROLES: readonly { vi: string; en: string; industry: (typeof INDUSTRIES)[number]; place: keyof typeof WORKPLACES }[] = [
  { vi: 'thợ nail', en: 'nail technician', industry: 'other', place: 'nail' },
  { vi: 'phụ bếp', en: 'kitchen helper', industry: 'hospitality', place: 'food' },
  { vi: 'người chạy bàn', en: 'server', industry: 'hospitality', place: 'food' },
  { vi: 'cashier', en: 'cashier', industry: 'retail', place: 'shop' },
  { vi: 'đầu bếp', en: 'line cook', industry: 'hospitality', place: 'food' },
  { vi: 'thợ tóc', en: 'hair stylist', industry: 'other', place: 'salon' },
  { vi: 'tài xế giao hàng', en: 'delivery driver', industry: 'retail', place: 'shop' },
  { vi: 'người giữ trẻ', en: 'nanny', industry: 'other', place: 'home' },
  { vi: 'thợ may', en: 'seamstress', industry: 'manufacturing', place: 'office' },
  { vi: 'kế toán', en: 'bookkeeper', industry: 'finance', place: 'office' },
  { vi: 'phụ tá nha khoa', en: 'dental assistant', industry: 'healthcare', place: 'clinic' },
  { vi: 'thợ sửa xe', en: 'auto mechanic', industry: 'other', place: 'garage' },
  { vi: 'medical assistant', en: 'medical assistant', industry: 'healthcare', place: 'clinic' },
  { vi: 'thợ điện', en: 'electrician', industry: 'construction', place: 'office' },
  { vi: 'thợ xây dựng', en: 'construction worker', industry: 'construction', place: 'office' },
  { vi: 'người chăm sóc người già', en: 'caregiver', industry: 'healthcare', place: 'home' },
  { vi: 'nhân viên văn phòng', en: 'office assistant', industry: 'other', place: 'office' },
  { vi: 'software engineer', en: 'software engineer', industry: 'technology', place: 'tech' },
  { vi: 'thợ làm bánh', en: 'baker', industry: 'hospitality', place: 'food' },
  { vi: 'nhân viên bán hàng', en: 'sales associate', industry: 'retail', place: 'shop' },
  { vi: 'nhân viên kho', en: 'warehouse associate', industry: 'manufacturing', place: 'office' },
  { vi: 'giáo viên dạy tiếng Việt', en: 'Vietnamese teacher', industry: 'education', place: 'school' },
  { vi: 'QA tester', en: 'QA tester', industry: 'technology', place: 'tech' },
  { vi: 'marketing', en: 'marketing assistant', industry: 'marketing', place: 'office' },
];

export const WORKPLACES = {
  nail: { vi: ['tiệm nail', 'tiệm nail khu Mỹ trắng', 'tiệm nail trong mall'], en: ['nail salon', 'busy nail salon'] },
  food: { vi: ['nhà hàng', 'quán cà phê', 'tiệm phở', 'quán cơm tấm', 'tiệm bánh mì'], en: ['restaurant', 'coffee shop', 'pho restaurant', 'banh mi shop'] },
  salon: { vi: ['salon tóc', 'tiệm tóc'], en: ['hair salon'] },
  shop: { vi: ['chợ', 'tiệm', 'cửa hàng'], en: ['grocery store', 'store', 'market'] },
  home: { vi: ['gia đình', 'gia đình người Việt'], en: ['family', 'Vietnamese family'] },
  office: { vi: ['công ty', 'văn phòng', 'xưởng'], en: ['company', 'office', 'small business'] },
  clinic: { vi: ['phòng mạch', 'phòng nha', 'văn phòng bác sĩ'], en: ['clinic', 'dental office', 'medical office'] },
  garage: { vi: ['garage', 'tiệm sửa xe'], en: ['auto shop', 'garage'] },
  tech: { vi: ['startup', 'công ty tech'], en: ['startup', 'tech company'] },
  school: { vi: ['trung tâm Việt ngữ', 'trường Việt ngữ'], en: ['Vietnamese language school', 'learning center'] },
};

export const JOB_SLOTS = {
  perks: ['bao ăn trưa', 'có tip', 'trả lương tiền mặt hoặc check', 'có bảo hiểm sức khỏe', 'có ngày nghỉ có lương'],
  perksEn: ['plus tips', 'cash or check', 'with health insurance', 'with paid time off'],
  shift: ['từ 9 giờ sáng tới 7 giờ tối', 'ca sáng hoặc ca chiều', 'cuối tuần', 'thứ Hai tới thứ Sáu', '5 ngày một tuần'],
  shiftEn: ['9am to 7pm', 'morning or evening shifts', 'weekends', 'Monday to Friday', '5 days a week'],
};

export const JOBS: CategoryText = {
  titles: {
    vi: [
      'Cần {role} gấp, {city}',
      'Tuyển {role} làm {jobType}',
      '{workplace} ở {city} cần {role}',
      'Tuyển {role}, lương {pay}',
      'Cần người làm {role} cuối tuần',
      '[nail] Tiệm nail {city} cần thợ bột, thợ chân tay nước',
      '[food] Nhà hàng cần phụ bếp và chạy bàn',
    ],
    en: ['Hiring {roleEn} in {city}', '{roleEn} wanted, {payEn}', 'Now hiring: {roleEn} ({jobTypeEn})', '{workplaceEn} in {city} looking for {roleEn}'],
    mix: ['Cần {roleEn}, {city}, {payEn}', 'Hiring {role} biết tiếng Anh', 'Tuyển {roleEn} {jobTypeEn}'],
  },
  sentences: {
    vi: [
      '{workplace} ở {city} cần tuyển {role}, làm {jobType}.',
      'Lương {pay}, {perks}.',
      '[entry] Có kinh nghiệm càng tốt, không có sẽ được chỉ dẫn.',
      '[exp] Cần ít nhất {years} năm kinh nghiệm.',
      'Giờ làm {shift}.',
      'Môi trường làm việc vui vẻ, chủ dễ thương.',
      'Biết nói tiếng Anh căn bản.',
      '[nail] Cần có bằng nail California.',
      '[nail] Tiệm khu Mỹ trắng, khách sang, tip hậu.',
      '[food] Biết nấu phở, hủ tiếu là một lợi thế.',
      'Có chỗ ở cho người ở xa.',
      'Xin gọi hoặc đến trực tiếp {workplace} {near} {spot}.',
    ],
    en: [
      'Our {workplaceEn} in {city} is hiring a {roleEn} ({jobTypeEn}).',
      'Pay {payEn}, {perksEn}.',
      '[entry] No experience needed, we will train.',
      '[exp] At least {years} years of experience required.',
      'Schedule: {shiftEn}.',
      'Vietnamese speaking is a plus.',
      '[nail] California nail license required.',
      'Send your resume or stop by to apply.',
      '[remote] This role is remote-friendly, with one day a week in the office.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// service

/** Services, common to rare: names, service type, tags (tax, car). */
export const SERVICES: readonly { vi: string; en: string; serviceType: (typeof SERVICE_TYPES)[number]; tags?: string }[] = [
  { vi: 'sửa xe', en: 'auto repair', serviceType: 'repair', tags: 'car' },
  { vi: 'dọn dẹp nhà', en: 'house cleaning', serviceType: 'cleaning' },
  { vi: 'làm tóc', en: 'hair styling', serviceType: 'other' },
  { vi: 'khai thuế', en: 'tax preparation', serviceType: 'consulting', tags: 'tax' },
  { vi: 'bảo hiểm xe và nhà', en: 'auto and home insurance', serviceType: 'consulting' },
  { vi: 'sửa ống nước', en: 'plumbing repair', serviceType: 'plumbing' },
  { vi: 'sửa điện', en: 'electrical work', serviceType: 'electrical' },
  { vi: 'sơn nhà', en: 'house painting', serviceType: 'painting' },
  { vi: 'cắt cỏ làm vườn', en: 'gardening and lawn care', serviceType: 'landscaping' },
  { vi: 'dọn nhà chuyển nhà', en: 'moving help', serviceType: 'moving' },
  { vi: 'sửa máy lạnh máy sưởi', en: 'AC and heater repair', serviceType: 'repair' },
  { vi: 'dạy kèm toán và tiếng Anh', en: 'math and English tutoring', serviceType: 'tutoring' },
  { vi: 'chụp hình cưới', en: 'wedding photography', serviceType: 'photography' },
  { vi: 'trang điểm cô dâu', en: 'bridal makeup', serviceType: 'other' },
  { vi: 'lắp đặt camera', en: 'security camera installation', serviceType: 'installation' },
  { vi: 'may đo áo dài', en: 'custom ao dai tailoring', serviceType: 'other' },
  { vi: 'đóng tủ bếp', en: 'kitchen cabinets', serviceType: 'carpentry' },
  { vi: 'sửa máy tính điện thoại', en: 'computer and phone repair', serviceType: 'repair' },
  { vi: 'dạy đàn piano', en: 'piano lessons', serviceType: 'tutoring' },
  { vi: 'quay phim đám cưới', en: 'wedding videography', serviceType: 'photography' },
  { vi: 'thay sàn gỗ', en: 'hardwood floor installation', serviceType: 'installation' },
  { vi: 'dịch thuật công chứng', en: 'translation and notary', serviceType: 'consulting' },
  { vi: 'đưa đón sân bay', en: 'airport rides', serviceType: 'other' },
  { vi: 'bảo trì hồ bơi', en: 'pool maintenance', serviceType: 'maintenance' },
  { vi: 'vay mua nhà', en: 'home loans', serviceType: 'consulting' },
];

export const SERVICE_SLOTS = {
  area: ['San Jose', 'Milpitas', 'Santa Clara', 'Fremont', 'vùng phụ cận', 'cả vùng Bay Area'],
  areaEn: ['the South Bay', 'the East Bay', 'nearby cities', 'the whole Bay Area'],
  when: ['Thứ Hai tới thứ Bảy', 'cả cuối tuần', 'buổi tối và cuối tuần', '7 ngày một tuần', 'theo hẹn'],
};

export const SERVICE: CategoryText = {
  titles: {
    vi: [
      'Nhận {svc} uy tín, giá rẻ',
      '{svc} ở {city} và vùng phụ cận',
      'Chuyên {svc}, {years} năm kinh nghiệm',
      'Dịch vụ {svc} tận nơi',
      'Cần {svc}? Gọi {contact}',
      '[tax] Khai thuế nhanh, e-file, {city}',
    ],
    en: ['Professional {svcEn} in {city}', '{svcEn}, licensed and insured', 'Affordable {svcEn}, free estimates', 'Reliable {svcEn} serving {areaEn}'],
    mix: ['Nhận {svcEn}, giá hợp lý', '{svc}, free estimate', '{svc} ({svcEn}) ở {city}'],
  },
  sentences: {
    vi: [
      'Nhận {svc} khu {city}, {area}.',
      'Hơn {years} năm kinh nghiệm, làm kỹ, giá phải chăng.',
      'Báo giá miễn phí, làm {when}.',
      'Có bằng hành nghề và bảo hiểm đầy đủ.',
      'Giá từ {rate}, tùy theo công việc.',
      'Khách hàng người Việt hay người Mỹ đều được.',
      'Làm xong mới lấy tiền, bảo đảm hài lòng.',
      '[tax] Khai thuế cá nhân và doanh nghiệp nhỏ, e-file nhanh.',
      '[car] Thay nhớt, thắng, bình điện, check engine.',
      'Có thể tới tận nhà {near} {spot}.',
    ],
    en: [
      'Offering {svcEn} in {city} and {areaEn}.',
      'Over {years} years of experience, fair prices.',
      'Free estimates, weekends available.',
      'Licensed and insured.',
      'Rates from {rate}.',
      'We speak Vietnamese and English.',
      'Satisfaction guaranteed.',
      '[tax] Personal and small business returns, fast e-file.',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// event

/** Events, common to rare: names, event type. */
export const EVENTS: readonly { vi: string; en: string; eventType: (typeof EVENT_TYPES)[number] }[] = [
  { vi: 'Hội chợ Tết', en: 'Tet Festival', eventType: 'festival' },
  { vi: 'Tết Trung Thu', en: 'Mid-Autumn Festival', eventType: 'festival' },
  { vi: 'đêm nhạc tình ca', en: 'Vietnamese love songs concert', eventType: 'concert' },
  { vi: 'tiệc karaoke', en: 'karaoke night', eventType: 'party' },
  { vi: 'hội chợ ẩm thực', en: 'Vietnamese food fair', eventType: 'festival' },
  { vi: 'lớp học tiếng Việt cho trẻ em', en: 'Vietnamese class for kids', eventType: 'class' },
  { vi: 'giải bóng đá cộng đồng', en: 'community soccer tournament', eventType: 'sports' },
  { vi: 'buổi gây quỹ từ thiện', en: 'charity fundraiser', eventType: 'charity' },
  { vi: 'hội chợ cưới', en: 'bridal expo', eventType: 'exhibition' },
  { vi: 'lớp nấu phở', en: 'pho cooking class', eventType: 'class' },
  { vi: 'họp mặt đồng hương', en: 'hometown reunion', eventType: 'meetup' },
  { vi: 'đêm văn nghệ', en: 'cultural show', eventType: 'concert' },
  { vi: 'networking cho người Việt ngành tech', en: 'Vietnamese tech networking night', eventType: 'networking' },
  { vi: 'diễn hành Tết', en: 'Lunar New Year parade', eventType: 'festival' },
  { vi: 'hội thảo về thuế và bảo hiểm', en: 'tax and insurance seminar', eventType: 'conference' },
  { vi: 'triển lãm tranh', en: 'art exhibition', eventType: 'exhibition' },
  { vi: 'múa lân', en: 'lion dance show', eventType: 'other' },
  { vi: 'workshop làm bánh Trung Thu', en: 'mooncake workshop', eventType: 'workshop' },
  { vi: 'chạy bộ gây quỹ', en: 'charity fun run', eventType: 'charity' },
  { vi: 'lễ Vu Lan', en: 'Vu Lan ceremony', eventType: 'other' },
];

export const EVENT_SLOTS = {
  venue: [
    'Grand Century Mall',
    'Vietnam Town',
    'Lion Plaza',
    'Santa Clara County Fairgrounds',
    'Kelley Park',
    'Viet Museum',
    'Milpitas Community Center',
    'Oakland Asian Cultural Center',
    'chùa Đức Viên',
    'Fremont Central Park',
    'SJSU Student Union',
  ],
  organizer: [
    'Hội Người Việt Bay Area',
    'Vietnamese American Community Center',
    'Hội Sinh Viên Việt Nam',
    'chùa Đức Viên',
    'VN Professionals Network',
    'Hội Cao Niên',
    'Hội Phụ Nữ Việt',
  ],
  cause: ['học bổng cho sinh viên', 'người già neo đơn', 'trẻ em mồ côi ở Việt Nam', 'nạn nhân bão lụt miền Trung'],
  causeEn: ['student scholarships', 'local seniors', 'orphans in Vietnam', 'flood relief in central Vietnam'],
  show: ['văn nghệ, trò chơi dân gian, xổ số', 'ca nhạc, múa lân, đốt pháo', 'trò chơi cho các em, thi hoa hậu áo dài'],
};

export const EVENT: CategoryText = {
  titles: {
    vi: ['{ev} {year} tại {venue}', 'Mời tham dự {ev} ở {city}', '{ev} ngày {date}', 'Vé {ev} {venue}', 'Thông báo: {ev} cộng đồng {city}'],
    en: ['{evEn} {year} at {venue}', 'Join us: {evEn} in {city}', '{evEn} on {dateEn}', 'Tickets: {evEn}, {dateEn}'],
    mix: ['{ev} ({evEn}) {year}', '{ev} at {venue}', '{evEn} ở {city}'],
  },
  sentences: {
    vi: [
      'Trân trọng kính mời quý đồng hương đến tham dự {ev} tại {venue}, {city}.',
      'Thời gian: {time} ngày {date}.',
      'Có {show} và nhiều món ăn Việt như {food}, {food2}.',
      'Vé {ticket}.',
      '[free] Vào cửa tự do, đậu xe miễn phí.',
      '[charity] Tiền thu được sẽ gây quỹ cho {cause}.',
      'Xin ghi danh trước vì chỗ ngồi có hạn.',
      'Ban tổ chức: {organizer}.',
      'Mọi người đều được chào đón, mời mang theo gia đình và bạn bè.',
      '[class] Học phí đã bao gồm nguyên liệu và tài liệu.',
    ],
    en: [
      'Join us for {evEn} at {venue} in {city}.',
      'When: {dateEn}, {timeEn}.',
      'Live music, games, raffle and Vietnamese food like {foodEn}.',
      'Tickets {ticketEn}.',
      '[free] Free admission and free parking.',
      '[charity] All proceeds go to {causeEn}.',
      'Please RSVP, seating is limited.',
      'Organized by {organizer}.',
      'Bring your family and friends!',
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// People.

export const FAMILY_NAMES = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
  'Trương',
  'Đinh',
];
export const MIDDLE_NAMES = ['Văn', 'Thị', 'Hữu', 'Ngọc', 'Minh', 'Thanh', 'Quốc', 'Đức', 'Thu', 'Kim', 'Gia', 'Bảo'];
export const GIVEN_NAMES = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Khang',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'My',
  'Nam',
  'Nga',
  'Ngọc',
  'Nhung',
  'Phát',
  'Phong',
  'Phúc',
  'Quân',
  'Quỳnh',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thủy',
  'Trang',
  'Trung',
  'Tuấn',
  'Vy',
  'Yến',
  'Kevin',
  'Tina',
  'David',
  'Jenny',
  'Peter',
  'Vivian',
];
