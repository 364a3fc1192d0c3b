/** A listing's text: templates filled from slots, in its language, words counted, accents dropped as people type them. */
import type { Dice } from './dice';
import { CLOSINGS, COMMON_SLOTS, DISHES, type CategoryText, type Lang } from './vocabulary';

/** The text as typed without Vietnamese accents ("Phở bò" → "Pho bo"), case kept. */
const stripAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').normalize('NFC');

/** Words in a text: whitespace-separated pieces with a letter or digit in them. */
export function countWords(text: string): number {
  let words = 0;
  for (const piece of text.split(' ')) if (/[\p{L}\p{N}]/u.test(piece)) words += 1;
  return words;
}

const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** A slot's value: fixed, a common-to-rare list (Zipf-weighted), or made on demand. */
type Slot = string | readonly string[] | ((dice: Dice) => string);
export type Slots = Record<string, Slot>;

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
export class Filler {
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
export function writeText(dice: Dice, text: CategoryText, filler: Filler, tags: ReadonlySet<string>): { title: string; description: string } {
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
