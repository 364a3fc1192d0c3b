import type { Knex } from '@vnmarket/shared';
import type { KnownWords } from './known-words';
import { MAX_SYNONYMS, parseUnits, synonymsOf, type Unit } from './synonyms';

/**
 * Search as a Vietnamese speaker types it. What a person typed becomes full-text queries over the listing's
 * accent-folded vector with its location (`match_vector`: title, description and city, with positions), its
 * title's alone (`title_vector`) and its accent-keeping one (`exact_vector`). Terms are reduced to letters and
 * digits, so nothing typed can reach the tsquery syntax.
 *
 * Units: the words are read as units, the longest phrase of the bilingual dictionary (synonyms.ts) first
 * ("nồi cơm điện", "room for rent"); other words are units of one word. A unit is also matched by its synonyms
 * ("rice cooker" finds "nồi cơm điện"), each a phrase.
 *
 * Matching: every unit, its words accent-insensitively as whole words ("pho" finds phở, phố and pho), or one
 * of its synonyms. The last word is also matched as a prefix because it may still be being typed ("ph" finds
 * phở and cà phê). A word of 5 or more letters that the catalogue does not know is also matched by the known
 * words one typo away ("apartmnet" → apartment), by two known words it may run together ("banhmi" → bánh mì),
 * and by their synonyms.
 *
 * Ranking, over all matches (see `rankScore`), from the top: every unit as typed, in whole words (a dictionary
 * phrase's words next to each other: "dạy kèm", not "dây … kèm"); then every unit as typed or by a synonym or
 * typo alternative, in whole words; then prefix-only and scattered matches. Within each: the accents as typed
 * before other accent forms ("phở" before "phố"); the units next to each other in the title, next to each other
 * anywhere, all in the title; then newest first. A last word the catalogue does not know is incomplete: it
 * counts as a whole word when it is the start of one ("phở g" ranks "phở gà" first).
 */

/** Lowercase without accents, "đ" as "d": the form both sides of a comparison are reduced to. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();

/** At most this many words count: more adds nothing to a classifieds search and only costs. */
const MAX_TERMS = 8;
/** Words this long or longer get typo tolerance: shorter ones are too close to other real words. */
export const TYPO_MIN_LENGTH = 5;

export const termsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);

export interface SearchTerms {
  /** Accent-folded, lowercased words. */
  folded: string[];
  /** The same words lowercased with the accents the user typed; present only when some word has accents. */
  accented?: string[];
  /** The words grouped into units (dictionary phrases and single words), with their synonyms. */
  units: Unit[];
  /** No word is still being typed (a query shortened by `withoutLastUnit`): no prefix matching. */
  complete?: boolean;
}

export function parseSearch(search: string): SearchTerms | undefined {
  const typed = termsOf(search.normalize('NFC').toLowerCase());
  const folded = typed.map(fold);
  if (folded.length === 0) return undefined;
  const hasAccents = typed.some((word, index) => word !== folded[index]);
  return { folded, ...(hasAccents ? { accented: typed } : {}), units: parseUnits(folded, typed) };
}

/** Other spellings a word is also matched by: known words one typo away, or two known words run together. */
export type Alternatives = Map<number, { words: string[]; splits: [string, string][] }>;

/** What the vocabulary says about the words typed. */
export interface Vocabulary {
  alternatives: Alternatives;
  /**
   * Whether the last word is a word of the catalogue. If it is not, it is still being typed ("phở g"): ranking
   * takes it as the start of a word, and its prefix matches count as whole.
   */
  lastComplete: boolean;
  /** The words typed that some listing has. */
  known: Set<string>;
}

/** The tsquery strings one search runs: what selects the matches, and what ranks them. */
export interface TextQuery {
  /** Selects the matches on `match_vector`: every unit in its words (the last also as a prefix), by a synonym or an alternative. */
  match: string;
  /** Every unit as typed, in whole words, a phrase's words next to each other (the last word a prefix if incomplete). */
  whole: string;
  /** Every unit in whole words, as typed or by a synonym or alternative; only when some unit has synonyms or alternatives. */
  meaning?: string;
  /** Every unit in the title (on `title_vector`), as `match`. */
  title: string;
  /** The units next to each other, in order, in the title (on `title_vector`); for one unit, the unit in whole words. */
  titlePhrase: string;
  /**
   * The title phrase's words in any order (each `<->` an `&`), the unit with the fewest forms first: true of every
   * title the phrase is, and several times cheaper to test, since `&` stops at its first failing side and one
   * plain word fails most titles ("san & jose:* & (apartment | …)": 1 ms for 20,000 titles, the phrase 4 ms).
   */
  titleUnordered: string;
  /** The units next to each other, in order, anywhere; only for two or more units. */
  phrase?: string;
  /** On `exact_vector`: the words typed with accents, as typed or unaccented (adjacent ones next to each other); only when the user typed accents. */
  exact?: string;
  /** On `match_vector`: the same words folded; a listing without them (found by a synonym) has no other accent form of them. */
  exactFolded?: string;
}

const prefixOf = (word: string) => `${word}:*`;
const phraseOf = (words: readonly string[]) => (words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`);
const anyOf = (forms: readonly string[]) => (forms.length === 1 ? forms[0]! : `(${forms.join(' | ')})`);
const allOf = (forms: readonly string[]) => (forms.length === 1 ? forms[0]! : `(${forms.join(' & ')})`);

/** Builds the queries from the units and what the vocabulary said (pure: the vocabulary was asked before). */
export function buildTextQuery(terms: SearchTerms, vocabulary: Partial<Vocabulary> = {}): TextQuery {
  const alternatives: Alternatives = vocabulary.alternatives ?? new Map();
  const lastComplete = vocabulary.lastComplete ?? true;
  const last = terms.complete ? -1 : terms.folded.length - 1;
  const word = (index: number, prefix: boolean) => (prefix && index === last ? prefixOf(terms.folded[index]!) : terms.folded[index]!);
  const indexesOf = (unit: Unit) => unit.words.map((_, offset) => unit.start + offset);
  const alternativeForms = (index: number) => {
    const other = alternatives.get(index);
    return other ? [...other.words, ...other.splits.map(phraseOf)] : [];
  };
  // A unit's synonyms, and for a single mistyped word the synonyms of what it was meant to be ("plumbr" → thợ ống nước).
  const synonymForms = (unit: Unit) => {
    const phrases = [...unit.synonyms];
    const other = unit.words.length === 1 ? alternatives.get(unit.start) : undefined;
    if (other) {
      for (const meant of [...other.words.map((one) => [one]), ...other.splits]) phrases.push(meant, ...synonymsOf(meant));
    }
    const own = new Set([unit.words.join(' '), ...(other ? other.words : [])]);
    const unique = [...new Map(phrases.map((phrase) => [phrase.join(' '), phrase])).values()].filter((phrase) => !own.has(phrase.join(' ')));
    return unique.slice(0, MAX_SYNONYMS).map(phraseOf);
  };
  const typedWhole = (unit: Unit, prefixLast: boolean) => phraseOf(indexesOf(unit).map((index) => word(index, prefixLast)));
  // A phrase of the dictionary is also matched by its parts and their synonyms ("wedding photographer": wedding
  // or đám cưới, and photographer or chụp hình); ranking puts such matches below the phrase's own.
  const typedLoose = (unit: Unit): string =>
    unit.words.length === 1
      ? anyOf([word(unit.start, true), ...alternativeForms(unit.start)])
      : allOf(
          parseUnits(unit.words, unit.words, unit.words.length - 1).map((part) => {
            const shifted = { ...part, start: unit.start + part.start };
            return anyOf([typedLoose(shifted), ...shifted.synonyms.map(phraseOf)]);
          }),
        );

  const units = terms.units;
  // A word no listing has cannot match whole: its alternatives stand in for it, in every test ("apartmnet": apartment before căn hộ).
  const alternativesOf = (unit: Unit) => (unit.words.length === 1 ? alternativeForms(unit.start) : []);
  const extras = units.map((unit) => [...alternativesOf(unit), ...synonymForms(unit)]);
  const match = units.map((unit) => anyOf([typedLoose(unit), ...synonymForms(unit)])).join(' & ');
  const whole = units.map((unit) => anyOf([typedWhole(unit, !lastComplete), ...alternativesOf(unit)])).join(' & ');
  const meaning = extras.some((forms) => forms.length > 0)
    ? units.map((unit, at) => anyOf([typedWhole(unit, !lastComplete), ...extras[at]!])).join(' & ')
    : undefined;
  const phrased = (prefixLast: boolean) => units.map((unit, at) => anyOf([typedWhole(unit, prefixLast), ...extras[at]!])).join(' <-> ');
  const unordered = (prefixLast: boolean) =>
    units
      .map((unit, at) => ({ forms: extras[at]!.length, test: anyOf([typedWhole(unit, prefixLast), ...extras[at]!]).replaceAll(' <-> ', ' & ') }))
      .sort((one, other) => one.forms - other.forms)
      .map(({ test }) => test)
      .join(' & ');
  const accented = terms.accented;
  return {
    match,
    whole,
    ...(meaning ? { meaning } : {}),
    title: match,
    // One unit: the unit as a whole word in the title ("Phở …" before "Phòng …"); several: next to each other, the last word while typing.
    titlePhrase: units.length > 1 ? phrased(true) : phrased(!lastComplete),
    titleUnordered: units.length > 1 ? unordered(true) : unordered(!lastComplete),
    ...(units.length > 1 ? { phrase: phrased(true) } : {}),
    ...(accented ? accentedRuns(accented, terms.folded, last) : {}),
  };
}

/**
 * The words typed with accents, as typed or with no accents at all; neighbours as a phrase ("bánh mì thịt"),
 * others apart ("phở bo" → phở). Text written without accents may mean the typed word ("Tu lanh mini" is a
 * tủ lạnh): only other accents ("phố" for "phở") are another word, and rank below.
 */
function accentedRuns(typed: string[], folded: string[], last: number): { exact: string; exactFolded: string } {
  const runs: number[][] = [[]];
  typed.forEach((word, index) => {
    if (word !== folded[index]) runs[runs.length - 1]!.push(index);
    else if (runs[runs.length - 1]!.length > 0) runs.push([]);
  });
  const form = (words: string[], index: number) => (index === last ? prefixOf(words[index]!) : words[index]!);
  const phrases = runs
    .filter((run) => run.length > 0)
    .map((run) => [phraseOf(run.map((index) => form(typed, index))), phraseOf(run.map((index) => form(folded, index)))]);
  return { exact: phrases.map((both) => anyOf(both)).join(' & '), exactFolded: phrases.map(([, plain]) => plain).join(' & ') };
}

/**
 * The rank of a match, highest first: a sum of powers of two, so it orders exactly like comparing the
 * signals one after another. Ties (most listings, for a one-word search) go newest first.
 */
export function rankScore(text: TextQuery): { sql: string; bindings: string[]; best: number } {
  // Each test on a whole listing's vector costs microseconds per match; the title's own small vector
  // (title_vector) makes the title tests cheap.
  const test = (column: string) => `l.${column} @@ to_tsquery('simple', ?)`;
  // Every unit whole, as typed or by a synonym ("LG refrigerator" for "tủ lạnh"), before prefix-only and scattered
  // matches. The accents as typed, or none (a listing without the words, found
  // by a synonym, has no other accent form of them), before other accent forms ("phở" before "phố").
  const parts: [number, string, string[]][] = [
    [64, test('match_vector'), [text.meaning ?? text.whole]],
    ...(text.exact && text.exactFolded
      ? [[16, `(${test('exact_vector')} or not ${test('match_vector')})`, [text.exact, text.exactFolded]] as [number, string, string[]]]
      : []),
    [8, test('title_vector'), [text.titlePhrase]],
    ...(text.phrase ? [[4, test('match_vector'), [text.phrase]] as [number, string, string[]]] : []),
    [2, test('title_vector'), [text.title]],
    // The words as typed weigh as much as the phrase in the title: a synonym in the title ("LG refrigerator")
    // still passes them in a description ("phòng có tủ lạnh"), an alternative's own word passes its synonyms.
    ...(text.meaning ? [[8, test('match_vector'), [text.whole]] as [number, string, string[]]] : []),
  ];
  const flag = ([weight, condition]: [number, string, string[]]) => `(case when ${condition} then ${weight} else 0 end)`;
  // Every flag at once: no listing can score higher.
  const best = parts.reduce((sum, [weight]) => sum + weight, 0);
  // Several units: the accents count where the units stand together ("phở g": "Phở gà" before "Gia vị nấu phở
  // trọn gói"), so the accent test runs only on the listings the phrase test passed.
  const exact = parts.find(([weight]) => weight === 16);
  const phrase = parts.find(([weight]) => weight === 4);
  if (exact && phrase) {
    const rest = parts.filter((part) => part !== exact && part !== phrase);
    const nested = `(case when ${phrase[1]} then ${phrase[0]} + ${flag(exact)} else 0 end)`;
    return { sql: [...rest.map(flag), nested].join(' + '), bindings: [...rest.flatMap(([, , values]) => values), ...phrase[2], ...exact[2]], best };
  }
  return { sql: parts.map(flag).join(' + '), bindings: parts.flatMap(([, , values]) => values), best };
}

/** Every string one edit away (Damerau: a letter deleted, inserted, replaced, or two neighbours swapped). */
export function editsOf(word: string): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const edits = new Set<string>();
  for (let at = 0; at <= word.length; at += 1) {
    const [left, right] = [word.slice(0, at), word.slice(at)];
    if (right) edits.add(left + right.slice(1));
    if (right.length > 1) edits.add(left + right[1] + right[0] + right.slice(2));
    for (const letter of letters) {
      if (right) edits.add(left + letter + right.slice(1));
      edits.add(left + letter + right);
    }
  }
  edits.delete(word);
  return [...edits];
}

/** Where a word can be cut into two known words of 2 letters or more. */
const splitsOf = (word: string): [string, string][] => {
  const splits: [string, string][] = [];
  for (let at = 2; at <= word.length - 2; at += 1) splits.push([word.slice(0, at), word.slice(at)]);
  return splits;
};

/**
 * Asks the vocabulary (words of listings, kept by triggers) whether the words typed are known and whether known
 * words start with the last one; then, only for the long words it does not know (5 letters or longer), for
 * alternatives: the known words one edit away, looked up exactly by primary key, and the known words a word may
 * run together. Most searches are of known words and take one round trip; asking every edit up front cost each
 * of them about 700 lookups ("apartment"). With `remembered` (the replica's KnownWords), a search whose every word
 * was found before takes none: known words need no alternatives, and the vocabulary never loses a word.
 */
export async function findVocabulary(db: Knex, terms: SearchTerms, remembered?: KnownWords): Promise<Vocabulary> {
  const alternatives: Alternatives = new Map();
  const last = terms.folded.length - 1;
  const lastWord = terms.folded[last]!;
  if (remembered?.knowsAll(terms.folded)) return { alternatives, lastComplete: isComplete(lastWord, true), known: new Set(terms.folded) };
  const typed = await knownWords(db, terms.folded, `${lastWord}%`);
  const known = typed.found;
  remembered?.learn(known);
  const lastComplete = isComplete(lastWord, known.has(lastWord));
  // A known word needs no alternatives; nor does the last word when known words start with it (still typing).
  const candidates = terms.folded
    .map((word, index) => ({ word, index }))
    .filter(({ word, index }) => word.length >= TYPO_MIN_LENGTH && !/^\d+$/.test(word) && !known.has(word) && !(index === last && typed.prefixKnown));
  if (candidates.length === 0) return { alternatives, lastComplete, known };
  const asked = new Set<string>();
  for (const { word } of candidates) {
    for (const edit of editsOf(word)) asked.add(edit);
    for (const split of splitsOf(word)) split.forEach((piece) => asked.add(piece));
  }
  const { found } = await knownWords(db, [...asked]);
  for (const { word, index } of candidates) {
    const words = editsOf(word)
      .filter((edit) => found.has(edit))
      .sort();
    const splits = splitsOf(word).filter(([left, right]) => found.has(left) && found.has(right));
    if (words.length > 0 || splits.length > 0) alternatives.set(index, { words: words.slice(0, 4), splits: splits.slice(0, 2) });
  }
  return { alternatives, lastComplete, known };
}

/** Whether the last word typed is done: a word of the catalogue, and more than one letter ("phở g" is still being typed, even if some listing has "g" alone). */
const isComplete = (lastWord: string, known: boolean) => known && lastWord.length > 1;

/** Which of `words` the vocabulary has, and (given a LIKE pattern) whether any known word matches it. */
async function knownWords(db: Knex, words: string[], prefixPattern?: string): Promise<{ found: Set<string>; prefixKnown: boolean }> {
  const result = await db.raw<{ rows: { found: string[] | null; prefix_known: boolean | null }[] }>(
    // A join on the primary key: one index probe per asked string (`= any(array)` would scan the vocabulary).
    `select array(select w.word from unnest(?::text[]) as asked (word) join search_words w on w.word = asked.word) as found,
            case when ?::text is null then null else exists (select 1 from search_words where word like ?) end as prefix_known`,
    [words, prefixPattern ?? null, prefixPattern ?? null],
  );
  return { found: new Set(result.rows[0]?.found ?? []), prefixKnown: result.rows[0]?.prefix_known === true };
}

/**
 * The query without its last unit, for a search that found less than a page ("bánh mì thịt" → "bánh mì"), as
 * Meilisearch's "last" matching strategy does; undefined when one word is left, or when a word to drop is one
 * no listing has: that word is what the person wants ("phở westminster"), and nothing is the answer.
 */
export function withoutLastUnit(terms: SearchTerms, vocabulary: Vocabulary): { terms: SearchTerms; vocabulary: Vocabulary } | undefined {
  const lastUnit = terms.units[terms.units.length - 1];
  if (!lastUnit) return undefined;
  // Several units: the last goes. One phrase of three words or more ("bun bo hue"): its last word goes.
  const cut = terms.units.length > 1 ? lastUnit.start : lastUnit.start + lastUnit.words.length - 1;
  const droppedWords = terms.folded.slice(cut);
  // A two-word phrase is one word ("dạy kèm"): "dạy" alone means something else.
  if (terms.units.length === 1 && lastUnit.words.length < 3) return undefined;
  if (cut === 0 || droppedWords.some((word) => !vocabulary.known.has(word))) return undefined;
  const folded = terms.folded.slice(0, cut);
  const accented = terms.accented?.slice(0, cut);
  const hasAccents = accented?.some((word, index) => word !== folded[index]);
  const units =
    terms.units.length > 1
      ? terms.units.slice(0, -1)
      : [{ start: lastUnit.start, words: lastUnit.words.slice(0, -1), synonyms: synonymsOf(lastUnit.words.slice(0, -1)) }];
  return {
    terms: { folded, ...(hasAccents ? { accented } : {}), units, complete: true },
    vocabulary: {
      alternatives: new Map([...vocabulary.alternatives].filter(([index]) => index < cut)),
      lastComplete: true,
      known: vocabulary.known,
    },
  };
}

/** Escapes LIKE wildcards so a location filter matches the text literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
