import { z } from 'zod';
import { fold } from './fold';
import synonyms from './synonyms.json';

/**
 * A curated bilingual dictionary of marketplace vocabulary (synonyms.json): groups of phrases that mean the same
 * thing, English and Vietnamese, for what people post in the six categories, listed by category. Search parses a
 * query into units (the longest phrase of this dictionary wins over its single words) and also matches each unit by
 * the other phrases of its groups ("rice cooker" finds "nồi cơm điện", "thợ nail" finds "nail technician").
 * Synonym-only matches rank below matches of the words as typed (see score.ts).
 *
 * Written with accents, as people write them; compared accent-folded ("đ" as "d"). When the typed words carry
 * accents and a phrase has exactly those accents, only that phrase's groups count ("bán" is not "bàn").
 *
 * Rules for entries: real equivalents only, not words that merely co-occur. A Vietnamese syllable that folds to
 * many common words ("ban": bán, bàn, bạn; "cuoi": cưới, cuối, cười; "ca": cá, CA) is left out on its own and
 * entered only inside the phrases that fix its meaning ("bàn ghế", "đám cưới").
 */
const group = z.array(z.string().regex(/[\p{L}\p{N}]/u, 'a phrase has a letter or a digit')).min(2);
const groups = z.array(group);
const dictionary = z.strictObject({ rent: groups, food: groups, sale: groups, jobs: groups, services: groups, events: groups });

const { rent, food, sale, jobs, services, events } = dictionary.parse(synonyms);
/** Every group, category by category; a group's index is its place in this list. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [...rent, ...food, ...sale, ...jobs, ...services, ...events];

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
