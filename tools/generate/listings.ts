/**
 * Synthetic catalogue for benchmarks: N listings (and a few hundred sellers) written straight into the
 * listings schema with multi-row inserts — 100k in seconds, where the HTTP API would take minutes.
 *
 * The data is random but shaped like the real thing: titles and descriptions mixing Vietnamese (with
 * accents) and English, sharing the words people search for ("phở", "phố", "bánh mì", "nhà",
 * "apartment", "room"), of varied lengths; every category with metadata from the proto value sets;
 * prices and price types per category; Bay Area cities; created over the past 90 days; ~90% active.
 * The same seed gives the same data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vnmarket_scratch tsx tools/generate/listings.ts 100000
 *
 * As a script it applies the listings migrations first and runs ANALYZE at the end.
 */
import {
  AMENITIES,
  CATEGORIES,
  CONDITIONS,
  CUISINE_TYPES,
  DIETARY_OPTIONS,
  EVENT_TYPES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  ITEM_CATEGORIES,
  JOB_TYPES,
  PROPERTY_TYPES,
  SERVICE_TYPES,
  type Category,
} from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations } from '../../services/listings/migrations';
import { LISTINGS_SCHEMA } from '../../services/listings/src/config';
import type { ListingRow } from '../../services/listings/src/db/listings';

export interface GenerateOptions {
  /** Sellers to create first (their ids own the listings). Default 300. */
  sellers?: number;
  /** Rows per INSERT statement. Default 1000 (14 parameters a row, well under PostgreSQL's 65535). */
  batchSize?: number;
  /** INSERT statements in flight at once (the knex pool must allow as many connections). Default 2. */
  concurrency?: number;
  /** PRNG seed: the same seed gives the same data. */
  seed?: number;
  /** Share of listings that are active. Default 0.9. */
  activeShare?: number;
  /** created_at is spread over this many days before `now`. Default 90. */
  days?: number;
  now?: Date;
  /** Called after each batch. */
  onProgress?: (inserted: number, total: number) => void;
}

export interface GenerateResult {
  sellers: number;
  listings: number;
  active: number;
  byCategory: Record<Category, number>;
}

// ---------------------------------------------------------------------------------------------------
// Randomness: a small seeded PRNG (mulberry32), so runs are reproducible.

type Random = () => number;

function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  constructor(readonly random: Random) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.random() < probability;
  }
  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.random() * values.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }
  /** Up to `max` distinct values, at least `min`. */
  some<T>(values: readonly T[], min: number, max: number): T[] {
    const count = this.int(min, Math.min(max, values.length));
    const pool = [...values];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0] as T);
    return chosen;
  }
  /** Skewed towards small values (view and save counts). */
  skewed(max: number): number {
    return Math.floor(max * this.random() ** 3);
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.random() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
  /** Fills {slots} in a template from the given word lists. */
  fill(template: string, words: Record<string, readonly string[]>): string {
    return template.replace(/\{(\w+)\}/g, (match, slot: string) => {
      const list = words[slot];
      return list ? this.pick(list) : match;
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary.

const CITIES = [
  'San Jose, CA',
  'San Jose, CA',
  'San Jose, CA',
  'San Francisco, CA',
  'Oakland, CA',
  'Berkeley, CA',
  'Palo Alto, CA',
  'Milpitas, CA',
  'Santa Clara, CA',
  'Fremont, CA',
  'Sunnyvale, CA',
  'Hayward, CA',
  'Mountain View, CA',
  'Cupertino, CA',
  'Union City, CA',
  'San Leandro, CA',
  'Daly City, CA',
  'Redwood City, CA',
  'Campbell, CA',
  'Morgan Hill, CA',
] as const;

const FAMILY_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý', 'Trương', 'Đinh'];
const MIDDLE_NAMES = ['Văn', 'Thị', 'Hữu', 'Ngọc', 'Minh', 'Thanh', 'Quốc', 'Đức', 'Thu', 'Kim', 'Gia', 'Bảo'];
const GIVEN_NAMES = [
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

/** Words shared across categories, so searches hit several kinds of listing. */
const W = {
  near: ['gần', 'near', 'close to', 'walking distance to', 'cách 5 phút tới'],
  place: [
    'Phố Little Saigon',
    'Story Rd',
    'Grand Century Mall',
    'Vietnam Town',
    'downtown',
    'BART',
    'Caltrain',
    'Lion Plaza',
    'Tully Rd',
    'trường học',
    'Santa Clara University',
    'SJSU',
    'chợ Lion',
    'highway 101',
    'phố Việt',
  ],
  nice: ['đẹp', 'sạch sẽ', 'yên tĩnh', 'rộng rãi', 'mới sửa', 'clean', 'quiet', 'spacious', 'sunny', 'cozy', 'newly remodeled', 'thoáng mát'],
  dish: [
    'phở bò',
    'phở gà',
    'phở tái nạm',
    'bánh mì thịt',
    'bánh mì chay',
    'bánh mì xíu mại',
    'bún bò Huế',
    'cơm tấm',
    'bánh xèo',
    'gỏi cuốn',
    'chả giò',
    'bún riêu',
    'hủ tiếu',
    'bánh cuốn',
    'chè ba màu',
    'cà phê sữa đá',
    'bánh bò',
    'xôi gà',
    'canh chua',
    'cá kho tộ',
  ],
  dishEn: [
    'pho',
    'beef pho',
    'chicken pho',
    'banh mi',
    'spring rolls',
    'egg rolls',
    'broken rice',
    'Vietnamese coffee',
    'vermicelli bowls',
    'vegan pho',
    'banh mi sandwiches',
    'rice plates',
  ],
  food: ['ngon', 'nấu tại nhà', 'homemade', 'fresh', 'authentic', 'đậm đà', 'giá rẻ', 'family recipe', 'như ở Sài Gòn', 'nấu theo kiểu Huế'],
  delivery: [
    'giao tận nơi',
    'free delivery',
    'pickup only',
    'nhận đặt tiệc',
    'catering available',
    'đặt trước 1 ngày',
    'weekend pickup',
    'giao hàng miễn phí trong bán kính 5 miles',
  ],
  home: ['nhà', 'căn hộ', 'phòng', 'apartment', 'room', 'house', 'studio', 'condo', 'townhouse', 'phòng riêng', 'nhà 2 tầng', 'in-law unit'],
  bedrooms: ['1', '2', '3'],
  item: ['iPhone', 'laptop', 'sofa', 'xe đạp', 'áo dài'],
  condition: ['còn mới', 'như mới', 'like new', 'barely used', 'used but works great', 'xài ít', 'còn bảo hành', 'good condition'],
  job: [
    'thợ nail',
    'phụ bếp',
    'đầu bếp phở',
    'cashier',
    'server',
    'software engineer',
    'medical assistant',
    'bookkeeper',
    'tài xế giao hàng',
    'thợ may',
    'nhân viên bán hàng',
    'kitchen helper',
    'dental assistant',
    'tutor',
    'receptionist',
    'thợ sửa xe',
  ],
  jobPlace: [
    'tiệm phở',
    'nhà hàng',
    'tiệm nail',
    'tiệm bánh mì',
    'phòng mạch',
    'startup',
    'văn phòng kế toán',
    'chợ Việt',
    'garage',
    'salon tóc',
    'tech company',
    'warehouse',
  ],
  event: [
    'Hội chợ Tết',
    'Tết Trung Thu',
    'đêm nhạc',
    'lớp nấu phở',
    'buổi gặp mặt',
    'giải bóng đá',
    'chạy bộ gây quỹ',
    'workshop',
    'networking night',
    'community meetup',
    'lantern festival',
    'Lunar New Year festival',
    'đêm văn nghệ',
    'lớp học tiếng Việt',
    'food festival',
    'art exhibition',
  ],
  eventPlace: [
    'phố Việt',
    'Grand Century Mall',
    'Vietnam Town',
    'công viên Kelley Park',
    'community center',
    'Santa Clara Convention Center',
    'Lion Plaza',
    'Oakland Asian Cultural Center',
    'downtown',
    'trường học',
  ],
};

const SENTENCES = {
  common: [
    'Liên lạc để biết thêm chi tiết.',
    'Please message me for details.',
    'Gọi hoặc nhắn tin bất cứ lúc nào.',
    'Serious inquiries only, thank you!',
    'Ưu tiên người Việt, nói tiếng Việt hoặc tiếng Anh đều được.',
    'We speak Vietnamese and English.',
    'Ai cần xin liên lạc sớm, cám ơn.',
    'Located {near} {place}.',
    'Ở {near} {place}, tiện đi lại.',
    'First come, first served.',
  ],
  rent: [
    '{home} {nice}, {near} {place}.',
    'Cho thuê {home} {nice}, có bếp riêng và chỗ đậu xe.',
    'The {home} is {nice} with lots of natural light.',
    'Utilities included, WiFi nhanh, máy giặt và máy sấy trong nhà.',
    'Không hút thuốc, không thú nuôi. No smoking, no pets.',
    'Move-in date flexible, hợp đồng tối thiểu 6 tháng.',
    'Khu an ninh, yên tĩnh, gần trường học và chợ.',
    'Deposit one month rent. Available now.',
    'Thích hợp cho sinh viên hoặc người đi làm.',
    'Walking distance to restaurants, phở and bánh mì shops.',
  ],
  food: [
    'Nhận nấu {dish} {food}, {delivery}.',
    '{dish} {food}, giá phải chăng.',
    'Homemade {dishEn}, {delivery}.',
    'Đặt món trước qua tin nhắn, {delivery}.',
    'Nước dùng hầm xương 12 tiếng, thơm ngon đậm đà.',
    'We also make {dishEn} and {dish} for parties.',
    'Nguyên liệu tươi mua mỗi sáng ở chợ Việt.',
    'Có món chay cho người ăn chay. Vegetarian options available.',
    'Minimum order 10 phần cho tiệc.',
  ],
  sale: [
    'Cần bán {item} {condition}.',
    'Selling my {item}, {condition}.',
    'Dọn nhà nên bán rẻ, moving sale.',
    'Giá có thể thương lượng. Price negotiable.',
    'Pickup only {near} {place}.',
    'Còn hộp và giấy tờ đầy đủ.',
    'Works perfectly, no scratches.',
    'Mua được 1 năm, ít sử dụng.',
  ],
  jobs: [
    'Cần tuyển {job} làm việc tại {jobPlace}.',
    'Hiring {job} for our {jobPlace} {near} {place}.',
    'Lương tốt, bao ăn trưa, có tip.',
    'Experience preferred but we will train.',
    'Làm full-time hoặc part-time, giờ giấc linh động.',
    'Benefits include health insurance and paid time off.',
    'Biết tiếng Việt là một lợi thế.',
    'Please send your resume or call to schedule an interview.',
    'Môi trường làm việc vui vẻ, thân thiện.',
  ],
  service: [
    'Nhận {service} uy tín, giá cả hợp lý.',
    'Professional {service}, licensed and insured.',
    'Có kinh nghiệm hơn 10 năm trong nghề.',
    'Free estimates, làm cả cuối tuần.',
    'Phục vụ khắp vùng Bay Area: San Jose, Milpitas, Fremont, Oakland.',
    'Same-day service available for emergencies.',
    'Bảo đảm hài lòng, làm lại miễn phí nếu có lỗi.',
  ],
  event: [
    'Mời cả nhà đến tham dự {event} tại {eventPlace}.',
    'Join us for {event} at {eventPlace}.',
    'Có ẩm thực Việt: {dish}, {dish} và nhiều món khác.',
    'Free parking, kid-friendly, mọi người đều được chào đón.',
    'Văn nghệ, trò chơi dân gian và xổ số may mắn.',
    'Tickets available at the door or online.',
    'Tiền thu được sẽ gây quỹ cho cộng đồng.',
    'Limited seats, please RSVP.',
  ],
} satisfies Record<Category | 'common', readonly string[]>;

const TITLES: Record<Category, readonly string[]> = {
  rent: [
    'Cho thuê {home} {nice} {near} {place}',
    '{home} for rent {near} {place}',
    '{home} cho thuê gần phố Việt',
    '{bedrooms}BR {home} {near} {place}',
    '{home} {bedrooms} phòng ngủ cho thuê',
    '{home} for rent, {nice}',
    '{home} {nice}, có chỗ đậu xe',
  ],
  food: [
    '{dish} {food}',
    'Homemade {dishEn} – {delivery}',
    'Nhận nấu {dish} và {dish}',
    '{dish} cuối tuần',
    'Bánh mì {food} – {delivery}',
    'Phở {food} nấu tại nhà',
    '{dishEn} catering',
  ],
  sale: ['Bán {item} {condition}', '{item} for sale – {condition}', 'Moving sale: {item}', 'Cần bán gấp {item}', '{item}, {condition}, giá rẻ'],
  jobs: ['Tuyển {job}', 'Hiring: {job} at {jobPlace}', 'Cần người làm {job} tại {jobPlace}', '{job} wanted – {place}', 'Việc làm: {job}'],
  service: ['{service} – uy tín, giá rẻ', 'Nhận {service}', 'Professional {service}', '{service} {near} {place}'],
  event: ['{event} tại {eventPlace}', '{event} at {eventPlace}', '{event} 2027', 'Mời tham dự {event}'],
};

/** Things for sale: what the title says, the item category it belongs to, its brand if any. */
const ITEMS: [name: string, itemCategory: (typeof ITEM_CATEGORIES)[number], brand?: string][] = [
  ['iPhone 13', 'electronics', 'Apple'],
  ['MacBook Air M1', 'electronics', 'Apple'],
  ['laptop Dell XPS', 'electronics', 'Dell'],
  ['TV Sony 55 inch', 'electronics', 'Sony'],
  ['Samsung Galaxy S22', 'electronics', 'Samsung'],
  ['sofa da 3 chỗ', 'furniture'],
  ['bàn ăn gỗ 6 ghế', 'furniture'],
  ['kệ sách IKEA', 'furniture', 'IKEA'],
  ['giường queen size', 'furniture'],
  ['áo dài lụa', 'clothing'],
  ['giày Nike Air Max', 'clothing', 'Nike'],
  ['áo khoác North Face', 'clothing', 'The North Face'],
  ['sách tiếng Việt cho bé', 'books'],
  ['truyện Kim Dung trọn bộ', 'books'],
  ['xe đạp Trek', 'sports', 'Trek'],
  ['bàn bóng bàn', 'sports'],
  ['bộ đồ chơi Lego', 'toys', 'Lego'],
  ['xe đẩy em bé', 'toys'],
  ['tủ lạnh Samsung', 'appliances', 'Samsung'],
  ['máy giặt LG', 'appliances', 'LG'],
  ['nồi cơm điện Zojirushi', 'appliances', 'Zojirushi'],
  ['nồi phở 40 lít', 'appliances'],
  ['máy khoan Makita', 'tools', 'Makita'],
  ['bộ dụng cụ sửa xe', 'tools'],
  ['Honda Civic 2015', 'automotive', 'Honda'],
  ['Toyota Camry 2012', 'automotive', 'Toyota'],
  ['bàn thờ gỗ', 'other'],
];

/** Services offered, with the service type each one is. */
const SERVICES: [phrase: string, serviceType: (typeof SERVICE_TYPES)[number]][] = [
  ['dọn nhà', 'cleaning'],
  ['house cleaning', 'cleaning'],
  ['sửa ống nước', 'plumbing'],
  ['plumbing repair', 'plumbing'],
  ['sửa điện', 'electrical'],
  ['đóng tủ bếp', 'carpentry'],
  ['sơn nhà', 'painting'],
  ['cắt cỏ, làm vườn', 'landscaping'],
  ['chuyển nhà', 'moving'],
  ['moving help', 'moving'],
  ['sửa máy lạnh', 'repair'],
  ['handyman', 'repair'],
  ['lắp đặt TV', 'installation'],
  ['bảo trì hồ bơi', 'maintenance'],
  ['khai thuế', 'consulting'],
  ['tax preparation', 'consulting'],
  ['dạy kèm tiếng Việt', 'tutoring'],
  ['piano lessons', 'tutoring'],
  ['chụp ảnh cưới', 'photography'],
  ['may đồ, sửa quần áo', 'other'],
];

/** What a rent listing calls the place, by property type. */
const HOME_WORDS: Record<(typeof PROPERTY_TYPES)[number], readonly string[]> = {
  room: ['phòng', 'phòng riêng', 'room', 'private room', 'master bedroom'],
  apartment: ['căn hộ', 'apartment', 'apartment'],
  house: ['nhà', 'house', 'nhà 2 tầng', 'single family house'],
  condo: ['condo', 'căn hộ condo'],
  townhouse: ['townhouse', 'nhà townhouse'],
  studio: ['studio', 'in-law studio'],
};

// ---------------------------------------------------------------------------------------------------
// Rows.

/** A listings row as the service stores it, less what the database fills in (id, images default). */
type ListingInsert = Omit<ListingRow, 'id' | 'images' | 'version'>;

const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

function description(dice: Dice, category: Category, words: Words): string {
  // Lengths vary a lot: a line, a paragraph, or a long post (sentence templates are not repeated).
  const own = dice.pick([1, 1, 2, 2, 3, 3, 4, 5, 6, 7]);
  const common = dice.pick([0, 0, 1, 1, 2, 3]);
  const templates = [...dice.some(SENTENCES[category], own, own), ...dice.some(SENTENCES.common, common, common)];
  return templates.map((template) => capitalize(dice.fill(template, words))).join(' ');
}

const money = (value: number) => value.toFixed(2);
const futureDate = (dice: Dice, now: Date) => new Date(now.getTime() + dice.int(1, 180) * 86_400_000).toISOString().slice(0, 10);

type Words = Record<string, readonly string[]>;
type Details = Pick<ListingInsert, 'price' | 'price_type' | 'condition' | 'metadata'> & {
  /** Word choices that title and description must agree on (the item sold, the job offered…). */
  words?: Words;
  /** Title templates that do not fit this listing. */
  skipTitle?: RegExp;
};

/** Price, price type, condition and metadata, per category, within the proto value sets. */
function details(dice: Dice, category: Category, now: Date): Details {
  switch (category) {
    case 'rent': {
      const propertyType = dice.pick(PROPERTY_TYPES);
      const bedrooms = propertyType === 'studio' ? 0 : propertyType === 'room' ? 1 : dice.int(1, 5);
      const base = propertyType === 'room' ? 800 : propertyType === 'studio' ? 1500 : 1700 + bedrooms * 600;
      return {
        price: money(base + dice.int(0, 20) * 50),
        price_type: dice.chance(0.92) ? 'monthly' : 'negotiable',
        condition: null,
        metadata: {
          propertyType,
          bedrooms,
          bathrooms: propertyType === 'room' || propertyType === 'studio' ? 1 : dice.pick([1, 1.5, 2, 2, 2.5, 3].filter((baths) => baths <= bedrooms + 1)),
          amenities: dice.some(AMENITIES, 0, 4),
        },
        words: { home: HOME_WORDS[propertyType], bedrooms: [String(bedrooms)] },
        skipTitle: bedrooms < 2 ? /\{bedrooms\}/ : undefined,
      };
    }
    case 'food':
      return {
        price: money(dice.int(5, 60) + dice.pick([0, 0.5, 0.99])),
        price_type: 'fixed',
        condition: null,
        metadata: {
          cuisineType: dice.chance(0.7) ? 'vietnamese' : dice.pick(CUISINE_TYPES),
          dietaryInfo: dice.chance(0.4)
            ? ['none']
            : dice.some(
                DIETARY_OPTIONS.filter((option) => option !== 'none'),
                1,
                2,
              ),
        },
      };
    case 'sale': {
      const free = dice.chance(0.05);
      const [item, itemCategory, brand] = dice.pick(ITEMS);
      const expensive = itemCategory === 'automotive' ? 20 : itemCategory === 'electronics' || itemCategory === 'appliances' ? 3 : 1;
      return {
        price: free ? '0.00' : money(dice.int(5, 500) * expensive),
        price_type: free ? 'free' : dice.pick(['fixed', 'fixed', 'negotiable']),
        condition: dice.pick(CONDITIONS),
        metadata: { itemCategory, ...(brand ? { brand } : {}) },
        words: { item: [item] },
      };
    }
    case 'jobs': {
      const hourly = dice.chance(0.7);
      return {
        price: hourly ? money(dice.int(17, 75)) : money(dice.int(45, 220) * 1000),
        price_type: hourly ? 'hourly' : dice.pick(['fixed', 'negotiable']),
        condition: null,
        metadata: { jobType: dice.pick(JOB_TYPES), experienceLevel: dice.pick(EXPERIENCE_LEVELS), industry: dice.pick(INDUSTRIES) },
        words: { job: [dice.pick(W.job)], jobPlace: [dice.pick(W.jobPlace)] },
      };
    }
    case 'service': {
      const service = dice.pick(SERVICES);
      return {
        price: money(dice.int(25, 400)),
        price_type: dice.pick(['hourly', 'hourly', 'fixed', 'negotiable']),
        condition: null,
        metadata: { serviceType: service[1], availability: dice.pick(['Thứ 2 – Thứ 7', 'Weekends', 'Evenings', '24/7', 'Mon–Fri 8am–6pm', 'Theo hẹn']) },
        words: { service: [service[0]] },
      };
    }
    case 'event': {
      const priceType = dice.pick(['free', 'free', 'paid', 'donation'] as const);
      return {
        words: { event: [dice.pick(W.event)], eventPlace: [dice.pick(W.eventPlace)] },
        price: priceType === 'free' ? '0.00' : money(dice.int(5, 80)),
        price_type: priceType,
        condition: null,
        metadata: {
          eventType: dice.pick(EVENT_TYPES),
          eventDate: futureDate(dice, now),
          eventTime: dice.pick(['10:00 AM', '2:00 PM', '6:30 PM', '7:00 PM']),
          duration: dice.pick(['2 hours', '3 giờ', 'All day', 'Cả ngày']),
          capacity: dice.pick([30, 50, 100, 200, 500]),
          organizer: dice.pick([
            'Hội Người Việt Bay Area',
            'Vietnamese Community Center',
            'Hội Sinh Viên Việt Nam',
            'Chùa Đức Viên',
            'VN Professionals Network',
          ]),
        },
      };
    }
  }
}

/** Share of each category, roughly what a community board looks like. */
const CATEGORY_WEIGHTS: [Category, number][] = [
  ['rent', 0.25],
  ['sale', 0.25],
  ['food', 0.15],
  ['jobs', 0.15],
  ['service', 0.12],
  ['event', 0.08],
];

function pickCategory(dice: Dice): Category {
  let roll = dice.random();
  for (const [category, weight] of CATEGORY_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return category;
  }
  return 'rent';
}

function listingRow(dice: Dice, sellerIds: readonly string[], now: Date, days: number, activeShare: number): ListingInsert {
  const category = pickCategory(dice);
  const { words: chosen, skipTitle, ...fields } = details(dice, category, now);
  const words: Words = { ...W, ...chosen };
  const titles = skipTitle ? TITLES[category].filter((title) => !skipTitle.test(title)) : TITLES[category];
  const createdAt = new Date(now.getTime() - dice.random() * days * 86_400_000);
  const updatedAt = dice.chance(0.2) ? new Date(createdAt.getTime() + dice.random() * (now.getTime() - createdAt.getTime())) : createdAt;
  return {
    user_id: dice.pick(sellerIds),
    title: capitalize(dice.fill(dice.pick(titles), words)).slice(0, 255),
    description: description(dice, category, words),
    category,
    ...fields,
    location: dice.pick(CITIES),
    contact_preference: dice.chance(0.7) ? 'message' : 'phone',
    is_active: dice.chance(activeShare),
    view_count: dice.skewed(2000),
    save_count: dice.skewed(80),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

function sellerRows(dice: Dice, count: number, now: Date) {
  return Array.from({ length: count }, (_, index) => {
    const reviews = dice.skewed(60);
    return {
      id: dice.uuid(),
      first_name: `${dice.pick(MIDDLE_NAMES)} ${dice.pick(GIVEN_NAMES)}`,
      last_name: dice.pick(FAMILY_NAMES),
      profile_image_url: null,
      phone: `+1${dice.pick(['408', '650', '510', '415', '669'])}555${String(index).padStart(4, '0')}`,
      is_verified: dice.chance(0.4),
      average_rating: reviews === 0 ? '0.0' : (3 + dice.random() * 2).toFixed(1),
      review_count: reviews,
      member_since: new Date(now.getTime() - dice.random() * 730 * 86_400_000),
      updated_at: now,
    };
  });
}

/** Inserts `count` listings (and their sellers) into the listings schema `db` points at. */
export async function generateListings(db: Knex, count: number, options: GenerateOptions = {}): Promise<GenerateResult> {
  const dice = new Dice(mulberry32(options.seed ?? 20261122));
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const activeShare = options.activeShare ?? 0.9;
  const batchSize = options.batchSize ?? 1000;

  const sellers = sellerRows(dice, options.sellers ?? 300, now);
  for (let start = 0; start < sellers.length; start += batchSize) {
    await db('sellers')
      .insert(sellers.slice(start, start + batchSize))
      .onConflict('id')
      .ignore();
  }
  const sellerIds = sellers.map((seller) => seller.id);

  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
  const result: GenerateResult = { sellers: sellers.length, listings: 0, active: 0, byCategory };
  // Rows are made in order (same seed, same data) while up to `concurrency` batches are being inserted.
  const inFlight = new Set<Promise<void>>();
  let made = 0;
  let inserted = 0;
  let failure: unknown;
  while (made < count && failure === undefined) {
    const rows = Array.from({ length: Math.min(batchSize, count - made) }, () => listingRow(dice, sellerIds, now, days, activeShare));
    made += rows.length;
    for (const row of rows) {
      result.byCategory[row.category] += 1;
      if (row.is_active) result.active += 1;
    }
    const insert = db('listings')
      .insert(rows)
      .then(
        () => {
          inserted += rows.length;
          options.onProgress?.(inserted, count);
        },
        (error: unknown) => {
          failure ??= error;
        },
      )
      .finally(() => inFlight.delete(insert));
    inFlight.add(insert);
    if (inFlight.size >= (options.concurrency ?? 2)) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
  result.listings = inserted;
  return result;
}

// ---------------------------------------------------------------------------------------------------
// As a script.

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  const url = process.env.DATABASE_URL;
  if (!Number.isInteger(count) || count < 1) throw new Error(`usage: tsx tools/generate/listings.ts <count> (got "${process.argv[2]}")`);
  // No default on purpose: this writes N fake listings wherever it points.
  if (!url) throw new Error('DATABASE_URL is required (the database to fill; it is created and migrated if needed)');

  const started = Date.now();
  await migrateService(url, LISTINGS_SCHEMA, migrations);
  const db = createDb(url, LISTINGS_SCHEMA, 2);
  try {
    let lastReport = 0;
    const result = await generateListings(db, count, {
      onProgress: (done, total) => {
        if (Date.now() - lastReport < 2000 && done < total) return;
        lastReport = Date.now();
        process.stdout.write(`generate: ${done}/${total} listings …\n`);
      },
    });
    await db.raw('analyze sellers, listings');
    const categories = Object.entries(result.byCategory)
      .map(([category, n]) => `${category} ${n}`)
      .join(', ');
    process.stdout.write(
      `generate: ${result.listings} listings (${result.active} active; ${categories}) and ${result.sellers} sellers in ${((Date.now() - started) / 1000).toFixed(1)} s; analyzed\n`,
    );
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`generate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
