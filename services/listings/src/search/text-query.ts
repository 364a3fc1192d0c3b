import { MAX_SYNONYMS, parseUnits, synonymsOf, type Unit } from './synonyms';
import type { SearchTerms } from './parse';
import type { Alternatives, Vocabulary } from './vocabulary';

/**
 * The third step of a search: the full-text queries over the listing's accent-folded vector with its location
 * (`match_vector`: title, description and city, with positions), its title's alone (`title_vector`) and its
 * accent-keeping one (`exact_vector`). Every unit matches by its words accent-insensitively as whole words
 * ("pho" finds phở, phố and pho), or by one of its synonyms or alternatives; the last word also as a prefix
 * because it may still be being typed ("ph" finds phở and cà phê).
 */

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
   * plain word fails most titles ("san & jose:* & (apartment | …)").
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

/** What selects a search's matches: `match` (or another test of the same kind) on match_vector, GIN-indexed. */
export const MATCHES = "l.match_vector @@ to_tsquery('simple', ?)";

/** The queries of one search: its own, and the shorter one whose matches follow when it finds less than a page. */
export interface SearchQuery {
  text: TextQuery;
  /** How many words were typed. */
  words: number;
  /** The query without its last unit (see withoutLastUnit); none when nothing may be dropped. */
  shorter?: SearchQuery;
}

/** The third step of a search: its queries from the units and what the vocabulary said (pure: the vocabulary was asked before). */
export function buildSearchQuery(terms: SearchTerms, vocabulary: Vocabulary): SearchQuery {
  const shorter = withoutLastUnit(terms, vocabulary);
  return {
    text: buildTextQuery(terms, vocabulary),
    words: terms.folded.length,
    ...(shorter ? { shorter: buildSearchQuery(shorter.terms, shorter.vocabulary) } : {}),
  };
}
