/**
 * Keys that let the matcher read only the saved searches a new listing could match (the GIN index on
 * `saved_searches.match_keys`), instead of every search of its category. A saved search's keys are its
 * category (or `*`, any) joined with the words its search cannot match without (or `*`, no words); a
 * listing's keys are its category and `*`, each joined with every word of its match_vector (`w:`), every
 * start of one (`p:`, for a search's last word, matched as a prefix) and `*`. A search whose listing shares
 * no key cannot match it; one that shares a key still has every filter tested (match-tests.ts).
 */
import { buildTextQuery, parseSearch } from '../search';

const ANY = '*';

/** The words a tsquery of ours (buildTextQuery's `match`) cannot match without: any one of them must be there. */
export function necessaryWords(query: string): string[] | undefined {
  const tokens = query.match(/<->|[()|&]|[^\s()|&<>]+/g) ?? [];
  let at = 0;
  // Each parse answers a set of keys of which every match has at least one; `&` and `<->` need both sides,
  // so either side's set will do: the smaller one.
  const smaller = (one: string[], other: string[]) => (other.length < one.length ? other : one);
  const primary = (): string[] => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = anyOf();
      if (tokens[at++] !== ')') throw new Error('unbalanced');
      return inner;
    }
    if (!token || !/^[a-z0-9]+(:\*)?$/.test(token)) throw new Error(`not a plain word: ${token}`);
    return token.endsWith(':*') ? [`p:${token.slice(0, -2)}`] : [`w:${token}`];
  };
  // A phrase (`<->`) or a conjunction (`&`) holds only if each side does: the side with the smaller set of keys serves.
  const joined = (operator: string, operand: () => string[]) => (): string[] => {
    let keys = operand();
    while (tokens[at] === operator) {
      at += 1;
      keys = smaller(keys, operand());
    }
    return keys;
  };
  const phrase = joined('<->', primary);
  const allOf = joined('&', phrase);
  const anyOf = (): string[] => {
    const keys = allOf();
    while (tokens[at] === '|') {
      at += 1;
      keys.push(...allOf());
    }
    return keys;
  };
  try {
    const keys = anyOf();
    return at === tokens.length ? [...new Set(keys)] : undefined;
  } catch {
    // Words the simple parser may split differently (not plain a–z and digits): no keys, so tested every time.
    return undefined;
  }
}

/** A saved search's keys: its category (or any) with each word it needs (or none). */
export function savedSearchKeys(category: string | undefined, search: string | undefined): string[] {
  const terms = search ? parseSearch(search) : undefined;
  const words = terms ? (necessaryWords(buildTextQuery(terms).match) ?? [ANY]) : [ANY];
  return words.map((word) => `${category ?? ANY}|${word}`);
}

/**
 * The listing's keys as SQL over the listing `kl` (its id the one binding): its category and any, each with
 * every word of its match_vector, every start of one, and any.
 */
export const LISTING_KEYS = `(
  select array_agg(categories.key || '|' || words.word)
  from listings kl
  cross join lateral (values (kl.category::text), ('${ANY}')) as categories(key)
  cross join lateral (
    select '${ANY}' as word
    union all
    select 'w:' || lexeme from unnest(tsvector_to_array(kl.match_vector)) as lexeme
    union all
    select distinct 'p:' || left(lexeme, size) from unnest(tsvector_to_array(kl.match_vector)) as lexeme, generate_series(1, length(lexeme)) as size
  ) as words
  where kl.id = ?
)`;
