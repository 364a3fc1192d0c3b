import { fold } from './fold';
import { parseUnits, type Unit } from './synonyms';

/**
 * The first step of a search: the text typed, as words. Terms are reduced to letters and digits, so nothing
 * typed can reach the tsquery syntax, and read as units, the longest phrase of the bilingual dictionary
 * (synonyms.ts) first ("nồi cơm điện", "room for rent"); other words are units of one word.
 */

/** At most this many words count: more adds nothing to a classifieds search and only costs. */
const MAX_TERMS = 8;

const termsOf = (text: string) =>
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
