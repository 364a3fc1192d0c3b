/**
 * Turns what a person typed into full-text queries. Terms are reduced to letters and digits, so nothing
 * a user types can reach the tsquery syntax. Matching is accent-insensitive and by prefix ("ban" finds
 * "bánh"); the accent-keeping query only adds rank when the typed accents match exactly.
 */
export interface TextQuery {
  /** For `search_vector`: folded terms, all required, prefix-matched. */
  folded: string;
  /** For `exact_vector`: the terms as typed (lowercased), any of them; only when the text has accents to rank by. */
  exact?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

const termsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

export function toTextQuery(search: string): TextQuery | undefined {
  const folded = termsOf(fold(search));
  if (folded.length === 0) return undefined;
  const exact = termsOf(search.toLowerCase());
  const accented = exact.join(' ') !== folded.join(' ');
  return {
    folded: folded.map((term) => `${term}:*`).join(' & '),
    ...(accented ? { exact: exact.map((term) => `${term}:*`).join(' | ') } : {}),
  };
}

/** Escapes LIKE wildcards so a location filter matches the text literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
