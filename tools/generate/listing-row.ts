/**
 * One listing row and the sellers: what each listing is about (price, price type, condition, metadata from the
 * proto value sets, and the words and tags its text must agree with), where it is, who posts it and when.
 */
import { AMENITIES, CONDITIONS, DIETARY_OPTIONS, EXPERIENCE_LEVELS, JOB_TYPES, placeOfLocation, PROPERTY_TYPES, type Category } from '@vnmarket/proto';
import type { ListingRow } from '@vnmarket/listings/search';
import type { Dice } from './dice';
import { Filler, writeText, type Slots } from './text';
import {
  AMENITY_WORDS,
  CITIES,
  CONDITION_WORDS,
  DISHES,
  EVENT,
  EVENT_SLOTS,
  EVENTS,
  FAMILY_NAMES,
  FOOD,
  FOOD_SLOTS,
  GIVEN_NAMES,
  HOMES,
  ITEMS,
  JOB_SLOTS,
  JOBS,
  MIDDLE_NAMES,
  RENT,
  RENT_SLOTS,
  ROLES,
  SALE,
  SALE_SLOTS,
  SERVICE,
  SERVICE_SLOTS,
  SERVICES,
  WORKPLACES,
  type CategoryText,
} from './vocabulary';

/**
 * A listings row as the service stores it, less what the database fills in (id, images default). The lifecycle
 * columns take their defaults: a generated listing runs 30 days from when it is loaded.
 */
export type ListingInsert = Omit<ListingRow, 'id' | 'images' | 'version' | 'moderation_state' | 'expires_at' | 'expired_at' | 'sold_at' | 'buyer_id'>;

export interface Seller {
  id: string;
  first_name: string;
  phone: string;
}

type Details = Pick<ListingInsert, 'price' | 'price_type' | 'condition' | 'metadata'> & { slots: Slots; tags: string[] };

const money = (value: number) => value.toFixed(2);
/** "$1,450", "$12.50". */
const dollars = (value: number) => `$${(Number.isInteger(value) ? String(value) : value.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

const WEEKDAYS_VI = ['Chủ nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'];
const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EVENT_TIMES = [
  ['10:00 AM', '10 giờ sáng', '10am'],
  ['11:00 AM', '11 giờ trưa', '11am'],
  ['2:00 PM', '2 giờ chiều', '2pm'],
  ['6:30 PM', '6 giờ 30 chiều', '6:30pm'],
  ['7:00 PM', '7 giờ tối', '7pm'],
] as const;
const JOB_TYPE_WORDS: Record<(typeof JOB_TYPES)[number], string> = {
  'full-time': 'toàn thời gian',
  'part-time': 'bán thời gian',
  contract: 'theo hợp đồng',
  freelance: 'tự do',
  internship: 'thực tập',
  temporary: 'tạm thời',
};
const JOB_TYPE_WEIGHTS: readonly (readonly [(typeof JOB_TYPES)[number], number])[] = [
  ['full-time', 4],
  ['part-time', 4],
  ['temporary', 1],
  ['contract', 1],
  ['internship', 0.3],
  ['freelance', 0.3],
];
const EXPERIENCE_WEIGHTS: readonly (readonly [(typeof EXPERIENCE_LEVELS)[number], number])[] = [
  ['entry', 50],
  ['mid', 35],
  ['senior', 12],
  ['executive', 3],
];
const AVAILABILITY = SERVICE_SLOTS.when;
const CATEGORY_TEXT: Record<Category, CategoryText> = { rent: RENT, food: FOOD, sale: SALE, jobs: JOBS, service: SERVICE, event: EVENT };

function details(dice: Dice, category: Category, now: Date): Details {
  switch (category) {
    case 'rent': {
      const propertyType = dice.weighted(PROPERTY_WEIGHTS);
      const bedrooms = propertyType === 'studio' ? 0 : propertyType === 'room' ? 1 : propertyType === 'house' ? dice.int(2, 5) : dice.int(1, 3);
      const bathrooms =
        propertyType === 'room' || propertyType === 'studio' ? 1 : dice.pick([1, 1.5, 2, 2, 2.5, 3].filter((baths) => baths <= bedrooms + 0.5) as number[]);
      const base = propertyType === 'room' ? 850 : propertyType === 'studio' ? 1600 : 1900 + bedrooms * 650;
      const rent = base + dice.int(0, 20) * 50;
      const amenities = dice.some(AMENITIES, 0, 4);
      const home = HOMES[propertyType];
      return {
        price: money(rent),
        price_type: dice.chance(0.92) ? 'monthly' : 'negotiable',
        condition: null,
        metadata: { propertyType, bedrooms, bathrooms, amenities },
        slots: {
          ...RENT_SLOTS,
          home: home.vi,
          homeEn: home.en,
          br: String(bedrooms),
          ba: String(bathrooms),
          rent: dollars(rent),
          deposit: dollars(dice.chance(0.5) ? rent : 500 + 100 * dice.int(0, 10)),
          amenities: amenities.map((amenity) => AMENITY_WORDS[amenity].vi).join(', '),
          amenitiesEn: amenities.map((amenity) => AMENITY_WORDS[amenity].en).join(', '),
        },
        tags: [propertyType, ...(bedrooms >= 2 ? ['br2'] : []), ...(amenities.length > 0 ? ['amen'] : [])],
      };
    }
    case 'food': {
      const dish = dice.zipf(DISHES);
      const tags = dish.tags?.split(',') ?? [];
      const price =
        (tags.includes('soup') ? dice.int(11, 19) : dish.vi.startsWith('bánh mì') ? dice.int(5, 9) : dice.int(4, 22)) + dice.pick([0, 0, 0.5, 0.99]);
      const unit = tags.includes('soup')
        ? ['tô', 'a bowl']
        : dish.vi.startsWith('bánh mì')
          ? ['ổ', 'each']
          : dice.pick([
              ['phần', 'a plate'],
              ['hộp', 'a box'],
            ]);
      const vegetarian = tags.includes('veg');
      return {
        price: money(price),
        price_type: dice.chance(0.9) ? 'fixed' : 'negotiable',
        condition: null,
        metadata: {
          cuisineType: dish.cuisine,
          dietaryInfo: vegetarian
            ? dice.pick([['vegetarian'], ['vegetarian', 'vegan'], ['vegan']])
            : dice.chance(0.8)
              ? ['none']
              : dice.some(DIETARY_EXTRA, 1, 2),
        },
        slots: {
          ...FOOD_SLOTS,
          dish: dish.vi,
          dishEn: dish.en,
          unitPrice: `${dollars(price)}/${unit[0]}`,
          unitPriceEn: `${dollars(price)} ${unit[1]}`,
        },
        tags,
      };
    }
    case 'sale': {
      const item = dice.zipf(ITEMS);
      const tags = item.tags?.split(',') ?? [];
      const free = !tags.includes('car') && dice.chance(0.05);
      const price =
        item.itemCategory === 'automotive' && tags.includes('car')
          ? dice.int(30, 350) * 100
          : item.tags?.includes('tech')
            ? dice.int(4, 120) * 10
            : dice.int(2, 80) * 5;
      const condition = tags.includes('car') ? dice.pick(['good', 'fair', 'like-new'] as const) : dice.pick(CONDITIONS);
      return {
        price: free ? '0.00' : money(price),
        price_type: free ? 'free' : dice.chance(0.65) ? 'fixed' : 'negotiable',
        condition,
        metadata: { itemCategory: item.itemCategory, ...(item.brand ? { brand: item.brand } : {}) },
        slots: {
          ...SALE_SLOTS,
          item: item.vi,
          itemEn: item.en,
          price: free ? 'free' : dollars(price),
          cond: CONDITION_WORDS[condition].vi,
          condEn: CONDITION_WORDS[condition].en,
        },
        tags: [...tags, ...(free ? ['free'] : [])],
      };
    }
    case 'jobs': {
      const role = dice.zipf(ROLES);
      const salaried = role.industry === 'technology' || role.industry === 'finance' ? dice.chance(0.8) : dice.chance(0.1);
      const pay = salaried ? dice.int(45, 220) * 1000 : dice.int(17, 40);
      const jobType =
        role.industry === 'technology' ? dice.pick(['full-time', 'full-time', 'contract', 'internship'] as const) : dice.weighted(JOB_TYPE_WEIGHTS);
      const experienceLevel = dice.weighted(EXPERIENCE_WEIGHTS);
      const remote = role.industry === 'technology' && dice.chance(0.3);
      const place = WORKPLACES[role.place]!; // vocabulary.ts checks that every role has its workplace
      return {
        price: money(pay),
        price_type: salaried ? dice.pick(['fixed', 'fixed', 'negotiable']) : 'hourly',
        condition: null,
        metadata: { jobType, experienceLevel, industry: role.industry, ...(remote ? { remote } : {}) },
        slots: {
          ...JOB_SLOTS,
          role: role.vi,
          roleEn: role.en,
          workplace: place.vi,
          workplaceEn: place.en,
          jobType: JOB_TYPE_WORDS[jobType],
          jobTypeEn: jobType,
          pay: salaried ? `$${pay / 1000}k/năm` : `$${pay}/giờ`,
          payEn: salaried ? `$${pay / 1000}k/year` : `$${pay}/hr`,
        },
        tags: [role.place, experienceLevel === 'entry' ? 'entry' : 'exp', ...(remote ? ['remote'] : [])],
      };
    }
    case 'service': {
      const service = dice.zipf(SERVICES);
      const hourly = dice.chance(0.5);
      const price = hourly ? dice.int(25, 150) : dice.int(6, 60) * 10;
      const availability = dice.pick(AVAILABILITY);
      return {
        price: money(price),
        price_type: hourly ? 'hourly' : dice.pick(['fixed', 'fixed', 'negotiable']),
        condition: null,
        metadata: { serviceType: service.serviceType, availability },
        slots: { ...SERVICE_SLOTS, svc: service.vi, svcEn: service.en, when: availability, rate: hourly ? `${dollars(price)}/giờ` : dollars(price) },
        tags: service.tags?.split(',') ?? [],
      };
    }
    case 'event': {
      const event = dice.zipf(EVENTS);
      const priceType = dice.pick(['free', 'free', 'paid', 'donation'] as const);
      const ticket = dice.int(1, 8) * 5;
      const date = new Date(now.getTime() + dice.int(1, 180) * 86_400_000);
      const [eventTime, timeVi, timeEn] = dice.pick(EVENT_TIMES);
      const organizer = dice.zipf(EVENT_SLOTS.organizer);
      return {
        price: priceType === 'paid' ? money(ticket) : '0.00',
        price_type: priceType,
        condition: null,
        metadata: {
          eventType: event.eventType,
          eventDate: date.toISOString().slice(0, 10),
          eventTime,
          duration: dice.pick(['2 hours', '3 giờ', 'All day', 'Cả ngày', '4 hours']),
          capacity: dice.pick([30, 50, 100, 200, 500]),
          organizer,
        },
        slots: {
          ...EVENT_SLOTS,
          organizer,
          ev: event.vi,
          evEn: event.en,
          year: String(date.getUTCFullYear()),
          date: `${WEEKDAYS_VI[date.getUTCDay()]} ${date.getUTCDate()}/${date.getUTCMonth() + 1}`,
          dateEn: `${WEEKDAYS_EN[date.getUTCDay()]}, ${MONTHS_EN[date.getUTCMonth()]} ${date.getUTCDate()}`,
          time: timeVi,
          timeEn,
          ticket:
            priceType === 'free'
              ? 'miễn phí'
              : priceType === 'donation'
                ? 'tùy hỷ, tiền vé dùng để gây quỹ'
                : `${dollars(ticket)} một người, trẻ em dưới 12 tuổi miễn phí`,
          ticketEn: priceType === 'free' ? 'are free' : priceType === 'donation' ? 'by donation' : `${dollars(ticket)}, kids under 12 free`,
        },
        tags: [
          ...(priceType === 'free' ? ['free'] : []),
          ...(event.eventType === 'charity' ? ['charity'] : []),
          ...(event.eventType === 'class' ? ['class'] : []),
        ],
      };
    }
  }
}

const PROPERTY_WEIGHTS: readonly (readonly [(typeof PROPERTY_TYPES)[number], number])[] = [
  ['room', 40],
  ['apartment', 25],
  ['house', 12],
  ['studio', 10],
  ['condo', 7],
  ['townhouse', 6],
];
const DIETARY_EXTRA = DIETARY_OPTIONS.filter((option) => option !== 'none' && option !== 'vegetarian' && option !== 'vegan');

/** Share of each category, roughly what a community board looks like. */
const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  ['rent', 0.25],
  ['sale', 0.25],
  ['food', 0.15],
  ['jobs', 0.15],
  ['service', 0.12],
  ['event', 0.08],
];
const CITY_WEIGHTS = CITIES.map((city) => [city, city.weight] as const);

/** "(408) 555-0123" and the other ways people write it; the sellers' numbers are 555 numbers. */
function phoneText(dice: Dice, phone: string): string {
  const area = phone.slice(2, 5);
  const line = phone.slice(8);
  return dice.pick([`(${area}) 555-${line}`, `${area}-555-${line}`, `${area}.555.${line}`, `${area} 555 ${line}`]);
}

/**
 * One listing. `place`, when given, puts it on a timeline written oldest first: place k of n takes the k-th
 * n-quantile of the same age distribution (jittered within it by the draw that would have been its age).
 */
export function listingRow(
  dice: Dice,
  sellers: readonly Seller[],
  now: Date,
  days: number,
  activeShare: number,
  place?: { index: number; of: number },
): ListingInsert {
  const category = dice.weighted(CATEGORY_WEIGHTS);
  const { slots, tags, ...fields } = details(dice, category, now);
  const city = dice.weighted(CITY_WEIGHTS);
  const seller = dice.pick(sellers);
  const given = seller.first_name.split(' ').pop() ?? seller.first_name;
  const filler = new Filler(dice, {
    ...slots,
    city: city.name,
    spot: city.spots,
    phone: (d) => phoneText(d, seller.phone),
    contact: (d) => `${seller.first_name.startsWith('Thị') ? 'chị' : d.pick(['anh', 'chị', 'cô', 'chú'])} ${given}`,
    contactEn: given,
  });
  const { title, description } = writeText(dice, CATEGORY_TEXT[category], filler, new Set(tags));
  // More listings are recent than old; old ones are more often inactive (sold, rented, over).
  const drawn = dice.random();
  const age = (place ? 1 - (place.index + drawn) / place.of : drawn) ** 1.4;
  const createdAt = new Date(now.getTime() - age * days * 86_400_000);
  const updatedAt = dice.chance(0.2) ? new Date(createdAt.getTime() + dice.random() * (now.getTime() - createdAt.getTime())) : createdAt;
  return {
    user_id: seller.id,
    title: title.slice(0, 255),
    description,
    category,
    ...fields,
    location: `${city.name}, CA`,
    // Where the service would place it (toColumns): the city's coordinates from the place list.
    latitude: placeOfLocation(city.name)?.latitude ?? null,
    longitude: placeOfLocation(city.name)?.longitude ?? null,
    contact_preference: dice.chance(0.7) ? 'message' : 'phone',
    is_active: !dice.chance((1 - activeShare) * 2.4 * age),
    view_count: dice.skewed(2000),
    save_count: dice.skewed(80),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

export function sellerRows(dice: Dice, count: number, now: Date) {
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
