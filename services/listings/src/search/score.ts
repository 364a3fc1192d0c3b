import type { TextQuery } from './text-query';

/**
 * How the fourth step orders matches, from the top: every unit as typed, in whole words (a dictionary phrase's
 * words next to each other: "dạy kèm", not "dây … kèm"); then every unit as typed or by a synonym or typo
 * alternative, in whole words; then prefix-only and scattered matches. Within each: the accents as typed before
 * other accent forms ("phở" before "phố"); the units next to each other in the title, next to each other
 * anywhere, all in the title; then newest first. A last word the catalogue does not know is incomplete: it
 * counts as a whole word when it is the start of one ("phở g" ranks "phở gà" first).
 *
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
