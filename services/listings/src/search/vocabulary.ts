import type { Knex } from '@vnmarket/shared';
import type { KnownWords } from './known-words';
import type { SearchTerms } from './parse';

/**
 * The second step of a search: what the catalogue's vocabulary (`search_words`, kept by triggers) says about the
 * words typed. A word of 5 or more letters that the catalogue does not know is also matched by the known words
 * one typo away ("apartmnet" → apartment) and by two known words it may run together ("banhmi" → bánh mì).
 */

/** Words this long or longer get typo tolerance: shorter ones are too close to other real words. */
const TYPO_MIN_LENGTH = 5;

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

/** Whether the last word typed is done: a word of the catalogue, and more than one letter ("phở g" is still being typed, even if a listing has "g"). */
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
