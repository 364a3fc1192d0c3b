/**
 * Synthetic catalogue for benchmarks and the demo: N listings (and a few hundred sellers) written straight
 * into the listings schema with multi-row inserts — 100k in seconds, where the HTTP API would take minutes.
 *
 * The text reads like a Bay Area Vietnamese classifieds board: titles of 3–10 words and descriptions of
 * 15–80 words in Vietnamese (about 15% of them typed without accents, as people do), English, or both,
 * built from per-category templates (vocabulary.ts) about one dish, home, item, job, service or event
 * whose metadata agrees with the text; Bay Area cities and the places near them; prices, phone numbers
 * (the sellers' 555 numbers) and contact lines. Word lists are drawn with Zipf weights, so word frequencies
 * are long-tailed: "phở" is in a few percent of listings (mostly food), "nhà" in a larger share, "bán"
 * in most sales, and rare words stay rare. Metadata uses the proto value sets; created_at is spread
 * over the past 90 days (more of them recent); ~90% active (older listings more often inactive).
 * The same seed gives the same data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vnmarket_scratch tsx tools/generate/listings.ts 100000
 *   tsx tools/generate/listings.ts --stats 20000     (no database: word shares, lengths, sample titles)
 *
 * As a script it applies the listings migrations first and runs ANALYZE at the end; --seed N changes the data.
 */
import {
  AMENITIES,
  CATEGORIES,
  CONDITIONS,
  DIETARY_OPTIONS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  placeOfLocation,
  PROPERTY_TYPES,
  type Category,
} from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations } from '@vnmarket/listings/migrations';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { fold, type ListingRow } from '@vnmarket/listings/search';
import {
  AMENITY_WORDS,
  CITIES,
  CLOSINGS,
  COMMON_SLOTS,
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
  type Lang,
} from './vocabulary';

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
  /** Words or phrases to count while generating (see termShares); the result's `terms` then has their shares. */
  terms?: readonly string[];
}

export interface GenerateResult {
  sellers: number;
  listings: number;
  active: number;
  byCategory: Record<Category, number>;
  /** Share of listings containing each of `options.terms`, when given. */
  terms?: TermShare[];
}

/** A listings row as the service stores it, less what the database fills in (id, images default). */
/** The lifecycle columns take their defaults: a generated listing runs 30 days from when it is loaded. */
export type ListingInsert = Omit<ListingRow, 'id' | 'images' | 'version' | 'moderation_state' | 'expires_at' | 'expired_at' | 'sold_at' | 'buyer_id'>;

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

/** Cumulative weights per list (Zipf or given), computed once per list: lists are module constants. */
const zipfTables = new WeakMap<readonly unknown[], Float64Array>();

function cumulative(weights: readonly number[]): Float64Array {
  const table = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, index) => (table[index] = sum += weight));
  return table;
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
  /**
   * Picks with Zipf weights, 1/rank^s: the first value is the most common, the last the rarest. Short lists
   * of phrases use s = 1; long lists of things (dishes, items, jobs) a flatter s = 0.6, so that the
   * commonest thing is about a tenth of its category and not a quarter. (A list keeps the exponent of
   * its first use.)
   */
  zipf<T>(values: readonly T[], exponent = values.length > 12 ? 0.6 : 1): T {
    let table = zipfTables.get(values);
    if (!table) {
      zipfTables.set(values, (table = cumulative(values.map((_, rank) => 1 / (rank + 1) ** exponent))));
    }
    return this.pickWeighted(values, table);
  }
  /** Picks by a cumulative weight table (one entry per value). */
  pickWeighted<T>(values: readonly T[], table: Float64Array): T {
    const roll = this.random() * (table[table.length - 1] ?? 0);
    let low = 0;
    let high = table.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((table[middle] ?? 0) <= roll) low = middle + 1;
      else high = middle;
    }
    return values[low] as T;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let table = zipfTables.get(entries);
    if (!table) zipfTables.set(entries, (table = cumulative(entries.map(([, weight]) => weight))));
    return this.pickWeighted(entries, table)[0];
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
}

// ---------------------------------------------------------------------------------------------------
// Text: templates filled from slots, words counted, accents dropped.

/** The text as typed without Vietnamese accents ("Phở bò" → "Pho bo"), case kept. */
const stripAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');

/** Words in a text: whitespace-separated pieces with a letter or digit in them. */
function countWords(text: string): number {
  let words = 0;
  for (const piece of text.split(' ')) if (/[\p{L}\p{N}]/u.test(piece)) words += 1;
  return words;
}

const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** A slot's value: fixed, a common-to-rare list (Zipf-weighted), or made on demand. */
type Slot = string | readonly string[] | ((dice: Dice) => string);
type Slots = Record<string, Slot>;

interface Template {
  /** Tags a listing must carry for this template to fit it. */
  tags: readonly string[];
  text: string;
}

const parsedTemplates = new WeakMap<readonly string[], readonly Template[]>();

function templates(list: readonly string[]): readonly Template[] {
  let parsed = parsedTemplates.get(list);
  if (!parsed) {
    parsed = list.map((line) => {
      const match = /^\[([\w,]+)\] (.*)$/.exec(line);
      return match ? { tags: match[1]!.split(','), text: match[2]! } : { tags: [], text: line };
    });
    parsedTemplates.set(list, parsed);
  }
  return parsed;
}

const GLOBAL_SLOTS: Slots = {
  ...COMMON_SLOTS,
  food: DISHES.map((dish) => dish.vi),
  foodEn: DISHES.map((dish) => dish.en),
  other: DISHES.map((dish) => dish.vi),
  otherEn: DISHES.map((dish) => dish.en),
};

/**
 * Fills one listing's templates. A slot keeps its value for the whole listing (the title and the
 * description talk about the same dish); "other2", "food2"… are further values of the list "other", "food"
 * that differ from the values already used in the listing.
 */
class Filler {
  private readonly memo = new Map<string, string>();
  constructor(
    private readonly dice: Dice,
    private readonly slots: Slots,
  ) {}

  value(name: string): string {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const base = name.replace(/\d$/, '');
    const slot = this.slots[name] ?? this.slots[base] ?? GLOBAL_SLOTS[base];
    let value: string;
    if (slot === undefined) throw new Error(`template slot {${name}} has no words`);
    else if (typeof slot === 'string') value = slot;
    else if (typeof slot === 'function') value = slot(this.dice);
    else {
      const taken = new Set(this.memo.values());
      value = this.dice.zipf(slot);
      for (let tries = 0; taken.has(value) && tries < 8; tries += 1) value = this.dice.pick(slot);
    }
    if (value.includes('{')) value = this.fill(value);
    this.memo.set(name, value);
    return value;
  }

  fill(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_, slot: string) => this.value(slot));
  }
}

/**
 * A template that fits the listing's tags (and was not used yet), or undefined after a few tries. Titles
 * are picked uniformly; sentences with Zipf weights (s = 0.8), so the first sentences of a list are the
 * stock phrases of the category and the last ones rare.
 */
function pickTemplate(dice: Dice, list: readonly string[], tags: ReadonlySet<string>, used?: ReadonlySet<string>): Template | undefined {
  const all = templates(list);
  for (let tries = 0; tries < 16; tries += 1) {
    const template = used ? dice.zipf(all, 0.8) : dice.pick(all);
    if (template.tags.every((tag) => tags.has(tag)) && !used?.has(template.text)) return template;
  }
  return undefined;
}

const TITLE_WORDS = { min: 3, max: 10 };
const DESCRIPTION_WORDS = { min: 15, max: 80 };
/** Listings written in Vietnamese, English, or both (titles in either, sentences from both). */
const LANGUAGES: readonly (readonly ['vi' | 'en' | 'mix', number])[] = [
  ['vi', 0.55],
  ['en', 0.25],
  ['mix', 0.2],
];
const UNACCENTED_SHARE = 0.15;

/** Title and description of one listing, in its language, from its category's templates. */
function writeText(dice: Dice, text: CategoryText, filler: Filler, tags: ReadonlySet<string>): { title: string; description: string } {
  const language = dice.weighted(LANGUAGES);
  const titleLanguage: 'vi' | 'en' | 'mix' = language === 'mix' ? dice.weighted(LANGUAGES) : dice.chance(0.9) ? language : 'mix';
  const sentenceLanguage = (): Lang =>
    language === 'mix' ? (dice.chance(0.5) ? 'vi' : 'en') : dice.chance(language === 'vi' ? 0.92 : 0.97) ? language : language === 'vi' ? 'en' : 'vi';

  let title = '';
  for (let tries = 0; tries < 6; tries += 1) {
    const template = pickTemplate(dice, text.titles[titleLanguage], tags) ?? pickTemplate(dice, text.titles[titleLanguage], new Set(), undefined);
    title = template ? filler.fill(template.text) : '';
    const words = countWords(title);
    if (words >= TITLE_WORDS.min && words <= TITLE_WORDS.max) break;
  }
  if (countWords(title) > TITLE_WORDS.max)
    title = title
      .split(' ')
      .slice(0, TITLE_WORDS.max)
      .join(' ')
      .replace(/[,:–-]+$/, '');
  title = capitalize(title);
  if (titleLanguage !== 'en' && dice.chance(0.04)) title = title.toUpperCase();

  // A target length between 15 and 80 words, most around 30–40; sentences are added until it is reached.
  const target = DESCRIPTION_WORDS.min + Math.floor((DESCRIPTION_WORDS.max - DESCRIPTION_WORDS.min) * dice.random() ** 1.7);
  const closingLanguage = sentenceLanguage();
  const closing = dice.chance(0.7) ? filler.fill(dice.pick(CLOSINGS[closingLanguage])) : '';
  const budget = DESCRIPTION_WORDS.max - countWords(closing);
  const sentences: string[] = [];
  if (dice.chance(0.2)) sentences.push(filler.value(closingLanguage === 'vi' ? 'hi' : 'hiEn'));
  let words = countWords(sentences.join(' '));
  const used = new Set<string>();
  // Sentence lists run from what a post says first to details: the chosen ones keep that order.
  const body: { at: number; sentence: string }[] = [];
  for (let tries = 0; tries < 40 && (words + countWords(closing) < target || words + countWords(closing) < DESCRIPTION_WORDS.min); tries += 1) {
    const list = text.sentences[sentenceLanguage()];
    const template = pickTemplate(dice, list, tags, used);
    if (!template) continue;
    const sentence = capitalize(filler.fill(template.text));
    const length = countWords(sentence);
    if (words + length > budget) continue;
    used.add(template.text);
    body.push({ at: templates(list).indexOf(template) / list.length, sentence });
    words += length;
  }
  sentences.push(...body.sort((a, b) => a.at - b.at).map((part) => part.sentence));
  if (closing) sentences.push(closing);
  let description = sentences.join(' ');
  if (language !== 'en' && dice.chance(UNACCENTED_SHARE)) {
    title = stripAccents(title);
    description = stripAccents(description);
  }
  return { title, description };
}

// ---------------------------------------------------------------------------------------------------
// What each listing is about: price, price type, condition, metadata (proto value sets), and the words
// and tags its text must agree with.

interface Seller {
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
      const place = WORKPLACES[role.place];
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
function listingRow(
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

// ---------------------------------------------------------------------------------------------------
// Word shares: what part of the catalogue a search term finds.

interface TermShare {
  term: string;
  /** Listings whose title or description contains the term as whole words (accent-insensitive if typed without accents). */
  listings: number;
  share: number;
  /** Listings the site search matches: every word of the term, folded, as a prefix of some word ("pho" also finds "phong"). */
  prefixListings: number;
  prefixShare: number;
}

const tokens = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Counts, listing by listing, which of some terms each contains (see TermShare). */
class TermCounter {
  private readonly terms: { term: string; accented: boolean; phrase: string; prefixes: string[]; listings: number; prefixListings: number }[];
  private total = 0;

  constructor(terms: readonly string[]) {
    this.terms = terms.map((term) => {
      const accented = fold(term) !== term.toLowerCase();
      return {
        term,
        accented,
        phrase: ` ${tokens(accented ? term.toLowerCase() : fold(term)).join(' ')} `,
        prefixes: tokens(fold(term)).map((word) => ` ${word}`),
        listings: 0,
        prefixListings: 0,
      };
    });
  }

  add(listing: Pick<ListingInsert, 'title' | 'description'>): void {
    this.total += 1;
    const text = `${listing.title} ${listing.description}`;
    const folded = ` ${tokens(fold(text)).join(' ')} `;
    let lower: string | undefined;
    for (const term of this.terms) {
      if (term.accented) lower ??= ` ${tokens(text.toLowerCase()).join(' ')} `;
      if ((term.accented ? lower! : folded).includes(term.phrase)) term.listings += 1;
      if (term.prefixes.every((prefix) => folded.includes(prefix))) term.prefixListings += 1;
    }
  }

  result(): TermShare[] {
    const share = (count: number) => (this.total === 0 ? 0 : count / this.total);
    return this.terms.map(({ term, listings, prefixListings }) => ({
      term,
      listings,
      share: share(listings),
      prefixListings,
      prefixShare: share(prefixListings),
    }));
  }
}

/** Share of `listings` containing each term, e.g. termShares(rows, ['pho', 'nha', 'ban', 'banh mi']). */
function termShares(listings: Iterable<Pick<ListingInsert, 'title' | 'description'>>, terms: readonly string[]): TermShare[] {
  const counter = new TermCounter(terms);
  for (const listing of listings) counter.add(listing);
  return counter.result();
}

/** The `top` most common folded words, with the share of listings that contain each (document frequency). */
function commonWords(listings: Iterable<Pick<ListingInsert, 'title' | 'description'>>, top = 30): { word: string; share: number }[] {
  const counts = new Map<string, number>();
  let total = 0;
  for (const listing of listings) {
    total += 1;
    for (const word of new Set(tokens(fold(`${listing.title} ${listing.description}`)))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([word, count]) => ({ word, share: count / total }));
}

/** What a benchmark reports about the text it searches: folded words and phrases, and accented ones. */
const DEFAULT_TERMS = ['pho', 'phở', 'phố', 'nha', 'nhà', 'ban', 'bán', 'bàn', 'bạn', 'banh mi', 'apartment', 'room', 'thợ nail'] as const;

// ---------------------------------------------------------------------------------------------------
// Generating.

/**
 * Sellers and a function making one listing after another, all from one seed. With `oldestFirst` (how many will
 * be made) they come oldest first, each posted after the one before, as a live catalogue is mostly written (its
 * edits, saves and view counts move some rows later): a table written from it lies in the order of created_at.
 * Without it each listing's age is drawn at random.
 */
export function listingGenerator(options: Pick<GenerateOptions, 'seed' | 'sellers' | 'now' | 'days' | 'activeShare'> & { oldestFirst?: number } = {}) {
  const dice = new Dice(mulberry32(options.seed ?? 20261122));
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const activeShare = options.activeShare ?? 0.9;
  const sellers = sellerRows(dice, options.sellers ?? 300, now);
  const of = options.oldestFirst;
  let index = 0;
  const place = () => (of === undefined ? undefined : { index: Math.min(index++, of - 1), of });
  return { sellers, next: (): ListingInsert => listingRow(dice, sellers, now, days, activeShare, place()) };
}

/** `count` listings in memory (nothing written): for statistics, samples and tests. */
export function sampleListings(count: number, options: Parameters<typeof listingGenerator>[0] = {}): ListingInsert[] {
  const generator = listingGenerator(options);
  return Array.from({ length: count }, generator.next);
}

/** Inserts `count` listings (and their sellers) into the listings schema `db` points at. */
export async function generateListings(db: Knex, count: number, options: GenerateOptions = {}): Promise<GenerateResult> {
  const batchSize = options.batchSize ?? 1000;
  // Oldest first, so the rows lie in the table in posting order: a newest-first walk reads neighbouring rows.
  const { sellers, next } = listingGenerator({ ...options, oldestFirst: count });
  for (let start = 0; start < sellers.length; start += batchSize) {
    await db('sellers')
      .insert(sellers.slice(start, start + batchSize))
      .onConflict('id')
      .ignore();
  }

  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
  const result: GenerateResult = { sellers: sellers.length, listings: 0, active: 0, byCategory };
  const counter = options.terms ? new TermCounter(options.terms) : undefined;
  // Rows are made in order (same seed, same data) while up to `concurrency` batches are being inserted.
  const inFlight = new Set<Promise<void>>();
  let made = 0;
  let inserted = 0;
  let failure: unknown;
  while (made < count && failure === undefined) {
    const rows = Array.from({ length: Math.min(batchSize, count - made) }, next);
    made += rows.length;
    for (const row of rows) {
      result.byCategory[row.category] += 1;
      if (row.is_active) result.active += 1;
      counter?.add(row);
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
  if (counter) result.terms = counter.result();
  return result;
}

// ---------------------------------------------------------------------------------------------------
// As a script.

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Lines describing the text of some listings: term shares, lengths, the commonest words, sample titles. */
function describeText(listings: readonly ListingInsert[], options: { terms?: readonly string[]; samples?: number } = {}): string[] {
  const lines = [`${listings.length} listings`];
  lines.push('', 'term            whole words   search (prefix, folded)');
  for (const share of termShares(listings, options.terms ?? DEFAULT_TERMS)) {
    lines.push(`${share.term.padEnd(15)} ${percent(share.share).padStart(11)}   ${percent(share.prefixShare).padStart(8)}`);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return `min ${sorted[0]}, median ${at(0.5)}, p90 ${at(0.9)}, max ${sorted[sorted.length - 1]}`;
  };
  lines.push('', `title words: ${stats(listings.map((row) => countWords(row.title)))}`);
  lines.push(`description words: ${stats(listings.map((row) => countWords(row.description)))}`);
  const unaccented = listings.filter(
    (row) => fold(row.description) === row.description.toLowerCase() && /\b(nha|cho|ban|gia|lien lac)\b/i.test(row.description),
  );
  lines.push(`typed without accents (Vietnamese text): ${percent(unaccented.length / listings.length)} of all listings`);
  lines.push(`active: ${percent(listings.filter((row) => row.is_active).length / listings.length)}`);
  lines.push('', 'commonest words (share of listings):');
  const words = commonWords(listings, 40);
  for (let index = 0; index < words.length; index += 8) {
    lines.push(
      `  ${words
        .slice(index, index + 8)
        .map(({ word, share }, offset) => `${index + offset + 1}. ${word} ${percent(share)}`)
        .join('  ')}`,
    );
  }
  for (const category of CATEGORIES) {
    const ofCategory = listings.filter((row) => row.category === category);
    lines.push('', `${category} (${ofCategory.length}):`);
    for (const row of ofCategory.slice(0, options.samples ?? 10)) lines.push(`  ${row.title}`);
  }
  return lines;
}

function parseArgs(argv: readonly string[]) {
  const args = { stats: false, seed: undefined as number | undefined, count: undefined as number | undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--stats') args.stats = true;
    else if (arg === '--seed' || arg.startsWith('--seed=')) args.seed = Number(arg.includes('=') ? arg.split('=')[1] : argv[++index]);
    else args.count = Number(arg);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const count = args.count ?? (args.stats ? 20_000 : 100_000);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: tsx tools/generate/listings.ts [--stats] [--seed N] <count>');
  if (args.seed !== undefined && !Number.isInteger(args.seed)) throw new Error('--seed must be an integer');

  if (args.stats) {
    const started = Date.now();
    const listings = sampleListings(count, { seed: args.seed });
    const elapsed = (Date.now() - started) / 1000;
    process.stdout.write(`${describeText(listings).join('\n')}\n\ngenerated in memory in ${elapsed.toFixed(1)} s\n`);
    return;
  }

  const url = process.env.DATABASE_URL;
  // No default on purpose: this writes N fake listings wherever it points.
  if (!url) throw new Error('DATABASE_URL is required (the database to fill; it is created and migrated if needed)');
  const started = Date.now();
  await migrateService(url, LISTINGS_SCHEMA, migrations);
  const db = createDb(url, LISTINGS_SCHEMA, 2);
  try {
    let lastReport = 0;
    const result = await generateListings(db, count, {
      seed: args.seed,
      terms: ['pho', 'nha', 'ban', 'banh mi'],
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
    const terms = (result.terms ?? []).map((term) => `"${term.term}" ${percent(term.share)} (search ${percent(term.prefixShare)})`).join(', ');
    process.stdout.write(
      `generate: ${result.listings} listings (${result.active} active; ${categories}) and ${result.sellers} sellers in ${((Date.now() - started) / 1000).toFixed(1)} s; analyzed\n` +
        `generate: listings containing ${terms}\n`,
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
