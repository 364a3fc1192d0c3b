import { fold } from './fold';

/**
 * A curated bilingual dictionary of marketplace vocabulary: groups of phrases that mean the same thing, English and
 * Vietnamese, for what people post in the six categories. Search parses a query into units (the longest phrase
 * of this dictionary wins over its single words) and also matches each unit by the other phrases of its groups
 * ("rice cooker" finds "nồi cơm điện", "thợ nail" finds "nail technician"). Synonym-only matches rank below
 * matches of the words as typed (see score.ts).
 *
 * Written with accents, as people write them; compared accent-folded ("đ" as "d"). When the typed words carry
 * accents and a phrase has exactly those accents, only that phrase's groups count ("bán" is not "bàn").
 *
 * Rules for entries: real equivalents only, not words that merely co-occur. A Vietnamese syllable that folds to
 * many common words ("ban": bán, bàn, bạn; "cuoi": cưới, cuối, cười; "ca": cá, CA) is left out on its own and
 * entered only inside the phrases that fix its meaning ("bàn ghế", "đám cưới").
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Housing (rent).
  ['phòng cho thuê', 'cho thuê phòng', 'room for rent', 'room to rent', 'room rental', 'phòng trống'],
  ['phòng', 'room'],
  ['cho thuê', 'for rent', 'for lease'],
  ['phòng trọ', 'nhà trọ', 'boarding house'],
  ['căn hộ', 'apartment', 'apt', 'chung cư', 'condo'],
  ['nhà', 'house', 'home'],
  ['nhà cho thuê', 'cho thuê nhà', 'house for rent', 'home for rent'],
  ['nhà phố', 'townhouse', 'townhome'],
  ['nhà di động', 'mobile home'],
  ['studio', 'phòng studio'],
  ['phòng ngủ', 'bedroom'],
  ['phòng tắm', 'bathroom', 'nhà tắm'],
  ['phòng master', 'master bedroom', 'master room'],
  ['bạn cùng phòng', 'ở ghép', 'share phòng', 'roommate', 'roommates'],
  ['nhà bếp', 'bếp', 'kitchen'],
  ['chỗ đậu xe', 'bãi đậu xe', 'parking'],
  ['điện nước', 'utilities'],
  ['tiền cọc', 'đặt cọc', 'deposit'],
  ['không hút thuốc', 'no smoking', 'non smoking'],
  // Food.
  ['chay', 'đồ chay', 'món chay', 'đồ ăn chay', 'thức ăn chay', 'vegetarian', 'vegetarian food', 'vegan'],
  ['đồ ăn', 'thức ăn', 'món ăn', 'food'],
  ['phở bò', 'beef pho'],
  ['phở gà', 'chicken pho'],
  ['bún bò huế', 'hue beef noodle soup', 'spicy beef noodle soup'],
  ['hủ tiếu', 'hủ tíu', 'rice noodle soup'],
  ['noodle soup', 'món nước'],
  ['bánh mì', 'vietnamese sandwich', 'vietnamese sandwiches'],
  ['sandwich', 'sandwiches', 'bánh mì kẹp'],
  ['cơm tấm', 'broken rice'],
  ['chả giò', 'nem rán', 'egg roll', 'egg rolls', 'fried spring rolls'],
  ['gỏi cuốn', 'spring rolls', 'fresh spring rolls', 'summer rolls'],
  ['bánh cuốn', 'steamed rice rolls'],
  ['bánh xèo', 'vietnamese crepe', 'vietnamese pancake'],
  ['bánh chưng', 'bánh tét', 'sticky rice cake', 'sticky rice cakes'],
  ['xôi', 'sticky rice'],
  ['chè', 'vietnamese dessert', 'sweet soup'],
  ['cà phê', 'coffee', 'cafe'],
  ['cà phê sữa đá', 'vietnamese iced coffee', 'iced coffee'],
  ['quán cà phê', 'coffee shop', 'cafe'],
  ['trà sữa', 'milk tea', 'boba'],
  ['thịt bò', 'beef'],
  ['thịt heo', 'thịt lợn', 'pork'],
  ['thịt gà', 'gà', 'chicken'],
  ['tôm', 'shrimp', 'prawns'],
  ['hải sản', 'seafood'],
  ['nước mắm', 'fish sauce'],
  ['bánh bao', 'steamed buns', 'bao buns'],
  ['tiệm bánh', 'bakery'],
  ['nhà hàng', 'quán ăn', 'restaurant'],
  ['giao tận nơi', 'giao hàng', 'delivery', 'giao tận nhà'],
  ['đặt tiệc', 'nấu tiệc', 'catering'],
  ['nhà làm', 'nấu tại nhà', 'homemade', 'home made', 'home cooked'],
  // For sale.
  ['điện thoại', 'điện thoại di động', 'phone', 'cell phone', 'cellphone', 'smartphone'],
  ['máy tính', 'computer'],
  ['laptop', 'máy tính xách tay'],
  ['máy tính bảng', 'tablet'],
  ['xe hơi', 'ô tô', 'xe ô tô', 'car'],
  ['xe máy', 'xe gắn máy', 'motorcycle', 'scooter'],
  ['xe đạp', 'bicycle', 'bike'],
  ['bàn ghế', 'đồ nội thất', 'nội thất', 'furniture'],
  ['bàn ăn', 'dining table'],
  ['bàn làm việc', 'bàn học', 'desk'],
  ['ghế', 'chair', 'chairs'],
  ['ghế massage', 'ghế mát xa', 'massage chair'],
  ['sofa', 'ghế sofa', 'ghế salon', 'couch'],
  ['giường', 'bed', 'bed frame'],
  ['nệm', 'mattress'],
  ['tủ quần áo', 'wardrobe', 'dresser'],
  ['tủ lạnh', 'refrigerator', 'fridge'],
  ['máy giặt', 'washer', 'washing machine'],
  ['máy sấy', 'dryer'],
  ['máy lạnh', 'máy điều hòa', 'air conditioner', 'air conditioning'],
  ['máy hút bụi', 'vacuum', 'vacuum cleaner'],
  ['lò vi sóng', 'microwave'],
  ['máy rửa chén', 'dishwasher'],
  ['nồi cơm điện', 'nồi cơm', 'rice cooker'],
  ['nồi chiên không dầu', 'air fryer'],
  ['tivi', 'ti vi', 'tv', 'television'],
  ['đồ gia dụng', 'appliance', 'appliances', 'household appliances'],
  ['quần áo', 'clothes', 'clothing'],
  ['áo dài', 'vietnamese long dress', 'traditional vietnamese dress'],
  ['giày', 'shoes'],
  ['trang sức', 'jewelry'],
  ['đồng hồ', 'watch', 'watches'],
  ['đồ chơi', 'toys', 'toy'],
  ['xe đẩy', 'stroller'],
  ['đồ em bé', 'đồ trẻ em', 'baby items', 'baby gear'],
  ['thanh lý', 'moving sale', 'clearance'],
  ['garage sale', 'yard sale'],
  ['sang tiệm', 'sang nhượng', 'business for sale'],
  ['tiệm nail', 'nail salon'],
  // Jobs.
  ['thợ nail', 'nail technician', 'nail tech', 'manicurist'],
  ['đầu bếp', 'thợ nấu', 'cook', 'chef'],
  ['phụ bếp', 'kitchen helper', 'prep cook'],
  ['tuyển', 'tuyển dụng', 'cần tuyển', 'cần người', 'hiring', 'now hiring'],
  ['việc làm', 'job', 'jobs'],
  ['bán thời gian', 'part time'],
  ['toàn thời gian', 'full time'],
  ['phục vụ', 'bồi bàn', 'waiter', 'waitress', 'server'],
  ['rửa chén', 'dishwashing'],
  ['tài xế', 'driver'],
  ['lái xe tải', 'truck driver'],
  ['giữ trẻ', 'trông trẻ', 'giữ em bé', 'babysitter', 'babysitting', 'nanny', 'child care', 'childcare'],
  ['chăm sóc người già', 'nuôi bệnh', 'caregiver', 'elder care'],
  ['thu ngân', 'cashier'],
  ['pha chế', 'barista', 'bartender'],
  ['thợ may', 'tailor', 'seamstress'],
  ['thợ cắt tóc', 'thợ hớt tóc', 'barber', 'hair stylist', 'hairstylist'],
  ['kế toán', 'accountant', 'bookkeeper', 'bookkeeping'],
  ['bảo vệ', 'security guard'],
  ['thợ điện', 'electrician'],
  ['thợ sơn', 'sơn nhà', 'painter', 'painting'],
  ['thợ mộc', 'carpenter'],
  ['xây dựng', 'construction'],
  ['kinh nghiệm', 'experience', 'experienced'],
  // Services.
  ['dọn dẹp nhà', 'dọn dẹp nhà cửa', 'làm vệ sinh nhà', 'house cleaning', 'home cleaning', 'house cleaner', 'housekeeping'],
  ['dọn dẹp', 'lau chùi', 'cleaning'],
  ['thợ ống nước', 'sửa ống nước', 'plumber', 'plumbing'],
  ['chụp hình', 'chụp ảnh', 'thợ chụp hình', 'thợ chụp ảnh', 'photographer', 'photography'],
  ['chụp hình cưới', 'chụp ảnh cưới', 'wedding photographer', 'wedding photography', 'wedding photos'],
  ['quay phim', 'videographer', 'videography'],
  ['dạy kèm', 'gia sư', 'kèm học', 'tutor', 'tutoring'],
  ['thuế', 'tax', 'taxes'],
  ['khai thuế', 'làm thuế', 'tax preparation', 'tax return', 'tax filing'],
  ['sửa xe', 'thợ sửa xe', 'auto repair', 'car repair', 'mechanic'],
  ['sửa máy lạnh', 'air conditioner repair', 'hvac'],
  ['sửa nhà', 'handyman', 'home repair', 'remodel', 'remodeling'],
  ['sửa điện thoại', 'phone repair'],
  ['sửa đồ gia dụng', 'appliance repair'],
  ['cắt tóc', 'làm tóc', 'haircut', 'hair salon'],
  ['trang điểm', 'makeup', 'makeup artist'],
  ['xoa bóp', 'mát xa', 'massage'],
  ['luật sư', 'lawyer', 'attorney'],
  ['di trú', 'immigration'],
  ['bảo hiểm', 'insurance'],
  ['địa ốc', 'bất động sản', 'nhà đất', 'real estate', 'realtor'],
  ['dời nhà', 'chuyển nhà', 'dọn nhà', 'moving', 'movers'],
  ['thông dịch', 'phiên dịch', 'dịch thuật', 'interpreter', 'translation', 'translator'],
  ['cắt cỏ', 'làm vườn', 'lawn care', 'gardening', 'landscaping'],
  ['dạy lái xe', 'driving lessons', 'driving school'],
  ['dạy nấu ăn', 'cooking class', 'cooking classes'],
  ['dạy đàn', 'music lessons', 'piano lessons'],
  ['tiếng anh', 'english'],
  ['bác sĩ', 'doctor'],
  ['nha sĩ', 'nha khoa', 'dentist', 'dental'],
  // Events.
  ['tết', 'tết nguyên đán', 'lunar new year', 'vietnamese new year'],
  ['hội chợ tết', 'tết festival', 'lunar new year festival', 'lunar new year fair'],
  ['trung thu', 'tết trung thu', 'mid autumn', 'mid autumn festival', 'moon festival'],
  ['đám cưới', 'tiệc cưới', 'lễ cưới', 'wedding', 'weddings'],
  ['đám hỏi', 'lễ đính hôn', 'engagement ceremony'],
  ['hội chợ', 'lễ hội', 'festival', 'fair'],
  ['sinh nhật', 'birthday'],
  ['thôi nôi', 'first birthday'],
  ['đám tang', 'tang lễ', 'funeral'],
  ['tiệc', 'party'],
  ['ca nhạc', 'đêm nhạc', 'concert', 'live music'],
  ['múa lân', 'lion dance'],
  ['chùa', 'temple', 'pagoda'],
  ['nhà thờ', 'church'],
  ['hội thảo', 'workshop', 'seminar'],
  ['họp mặt', 'meetup', 'gathering'],
  ['từ thiện', 'gây quỹ', 'charity', 'fundraiser'],
  ['triển lãm', 'exhibition', 'expo'],
  ['hội chợ việc làm', 'job fair', 'career fair'],
  ['bóng đá', 'soccer'],
];

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

interface Entry {
  /** The phrase's words lowercased with accents (NFC). */
  accented: string;
  groups: number[];
}

/** Phrase (folded words joined by one space) → its accent forms and their groups. */
const ENTRIES = new Map<string, Entry[]>();
/** Every group as lists of folded words. */
const GROUP_WORDS: string[][][] = SYNONYM_GROUPS.map((group) => group.map((phrase) => wordsOf(fold(phrase))));
for (const [index, group] of SYNONYM_GROUPS.entries()) {
  for (const phrase of group) {
    const accented = wordsOf(phrase.normalize('NFC').toLowerCase()).join(' ');
    const key = fold(accented);
    const entries = ENTRIES.get(key) ?? [];
    const entry = entries.find((candidate) => candidate.accented === accented);
    if (entry) entry.groups.push(index);
    else entries.push({ accented, groups: [index] });
    ENTRIES.set(key, entries);
  }
}

/** The longest phrase of the dictionary, in words: longer runs of words are never looked up. */
const LONGEST_PHRASE = Math.max(...GROUP_WORDS.flat().map((words) => words.length));

/** At most this many other phrases are added for one unit: a search stays a handful of terms. */
export const MAX_SYNONYMS = 8;

/**
 * The groups a phrase belongs to, or none. `typed` is the phrase as typed (lowercased, NFC): when it carries
 * accents and the dictionary holds a phrase with exactly those accents, only that phrase's groups count.
 */
function groupsOf(folded: readonly string[], typed?: readonly string[]): number[] {
  const entries = ENTRIES.get(folded.join(' '));
  if (!entries) return [];
  const typedText = typed?.join(' ');
  if (typedText !== undefined && typedText !== folded.join(' ')) {
    const exact = entries.find((entry) => entry.accented === typedText);
    if (exact) return exact.groups;
  }
  return [...new Set(entries.flatMap((entry) => entry.groups))];
}

/** Whether the folded words form a phrase of the dictionary. */
const isPhrase = (folded: readonly string[]) => ENTRIES.has(folded.join(' '));

/** The other phrases (folded word lists) that mean what `folded` means; empty if it is not in the dictionary. */
export function synonymsOf(folded: readonly string[], typed?: readonly string[]): string[][] {
  const own = folded.join(' ');
  const seen = new Set([own]);
  const result: string[][] = [];
  for (const group of groupsOf(folded, typed)) {
    for (const words of GROUP_WORDS[group]!) {
      const key = words.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      result.push(words);
    }
  }
  return result.slice(0, MAX_SYNONYMS);
}

/** A run of typed words that search treats as one: a phrase of the dictionary, or a single word. */
export interface Unit {
  /** Index of the unit's first word in the query. */
  start: number;
  /** Its words, accent-folded. */
  words: string[];
  /** The other phrases it also matches, as folded word lists. */
  synonyms: string[][];
}

/**
 * Splits a query's words into units, left to right, the longest dictionary phrase first ("nồi cơm điện" is one
 * unit, not "nồi cơm" and "điện"). `typed` holds the same words with the accents as typed; `longest` caps a
 * phrase's length (to split a phrase into its parts).
 */
export function parseUnits(folded: readonly string[], typed: readonly string[] = folded, longest = LONGEST_PHRASE): Unit[] {
  const units: Unit[] = [];
  let start = 0;
  while (start < folded.length) {
    let length = Math.min(longest, folded.length - start);
    for (; length > 1; length -= 1) {
      if (isPhrase(folded.slice(start, start + length))) break;
    }
    const words = folded.slice(start, start + length);
    units.push({ start, words, synonyms: synonymsOf(words, typed.slice(start, start + length)) });
    start += length;
  }
  return units;
}

/** How large the dictionary is: groups, phrases, and phrases of more than one word. */
export function dictionarySize(): { groups: number; phrases: number; multiWord: number } {
  const phrases = GROUP_WORDS.flat();
  return { groups: GROUP_WORDS.length, phrases: phrases.length, multiWord: phrases.filter((words) => words.length > 1).length };
}
