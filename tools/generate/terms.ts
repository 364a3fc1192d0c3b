/** Word shares: what part of the catalogue a search term finds, and a description of a sample's text. */
import { CATEGORIES } from '@vnmarket/proto';
import { fold } from '@vnmarket/listings/search';
import type { ListingInsert } from './listing-row';
import { countWords } from './text';

export interface TermShare {
  term: string;
  /** Listings whose title or description contains the term as whole words (accent-insensitive if typed without accents). */
  listings: number;
  share: number;
  /** Listings the site search matches: every word of the term, folded, as a prefix of some word ("pho" also finds "phong"). */
  prefixListings: number;
  prefixShare: number;
}

const tokens = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Counts, listing by listing, which of some terms each contains (see TermShare). */
export class TermCounter {
  private readonly terms: { term: string; accented: boolean; phrase: string; prefixes: string[]; listings: number; prefixListings: number }[];
  private total = 0;

  constructor(terms: readonly string[]) {
    this.terms = terms.map((term) => {
      const accented = fold(term) !== term.toLowerCase();
      return {
        term,
        accented,
        phrase: ` ${tokens(accented ? term.toLowerCase() : fold(term)).join(' ')} `,
        prefixes: tokens(fold(term)).map((word) => ` ${word}`),
        listings: 0,
        prefixListings: 0,
      };
    });
  }

  add(listing: Pick<ListingInsert, 'title' | 'description'>): void {
    this.total += 1;
    const text = `${listing.title} ${listing.description}`;
    const folded = ` ${tokens(fold(text)).join(' ')} `;
    let lower: string | undefined;
    for (const term of this.terms) {
      if (term.accented) lower ??= ` ${tokens(text.toLowerCase()).join(' ')} `;
      if ((term.accented ? lower! : folded).includes(term.phrase)) term.listings += 1;
      if (term.prefixes.every((prefix) => folded.includes(prefix))) term.prefixListings += 1;
    }
  }

  result(): TermShare[] {
    const share = (count: number) => (this.total === 0 ? 0 : count / this.total);
    return this.terms.map(({ term, listings, prefixListings }) => ({
      term,
      listings,
      share: share(listings),
      prefixListings,
      prefixShare: share(prefixListings),
    }));
  }
}

/** Share of `listings` containing each term, e.g. termShares(rows, ['pho', 'nha', 'ban', 'banh mi']). */
function termShares(listings: Iterable<Pick<ListingInsert, 'title' | 'description'>>, terms: readonly string[]): TermShare[] {
  const counter = new TermCounter(terms);
  for (const listing of listings) counter.add(listing);
  return counter.result();
}

/** The `top` most common folded words, with the share of listings that contain each (document frequency). */
function commonWords(listings: Iterable<Pick<ListingInsert, 'title' | 'description'>>, top = 30): { word: string; share: number }[] {
  const counts = new Map<string, number>();
  let total = 0;
  for (const listing of listings) {
    total += 1;
    for (const word of new Set(tokens(fold(`${listing.title} ${listing.description}`)))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([word, count]) => ({ word, share: count / total }));
}

/** What a benchmark reports about the text it searches: folded words and phrases, and accented ones. */
const DEFAULT_TERMS = ['pho', 'phở', 'phố', 'nha', 'nhà', 'ban', 'bán', 'bàn', 'bạn', 'banh mi', 'apartment', 'room', 'thợ nail'] as const;

export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Lines describing the text of some listings: term shares, lengths, the commonest words, sample titles. */
export function describeText(listings: readonly ListingInsert[], options: { terms?: readonly string[]; samples?: number } = {}): string[] {
  const lines = [`${listings.length} listings`];
  lines.push('', 'term            whole words   search (prefix, folded)');
  for (const share of termShares(listings, options.terms ?? DEFAULT_TERMS)) {
    lines.push(`${share.term.padEnd(15)} ${percent(share.share).padStart(11)}   ${percent(share.prefixShare).padStart(8)}`);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return `min ${sorted[0]}, median ${at(0.5)}, p90 ${at(0.9)}, max ${sorted[sorted.length - 1]}`;
  };
  lines.push('', `title words: ${stats(listings.map((row) => countWords(row.title)))}`);
  lines.push(`description words: ${stats(listings.map((row) => countWords(row.description)))}`);
  const unaccented = listings.filter(
    (row) => fold(row.description) === row.description.toLowerCase() && /\b(nha|cho|ban|gia|lien lac)\b/i.test(row.description),
  );
  lines.push(`typed without accents (Vietnamese text): ${percent(unaccented.length / listings.length)} of all listings`);
  lines.push(`active: ${percent(listings.filter((row) => row.is_active).length / listings.length)}`);
  lines.push('', 'commonest words (share of listings):');
  const words = commonWords(listings, 40);
  for (let index = 0; index < words.length; index += 8) {
    lines.push(
      `  ${words
        .slice(index, index + 8)
        .map(({ word, share }, offset) => `${index + offset + 1}. ${word} ${percent(share)}`)
        .join('  ')}`,
    );
  }
  for (const category of CATEGORIES) {
    const ofCategory = listings.filter((row) => row.category === category);
    lines.push('', `${category} (${ofCategory.length}):`);
    for (const row of ofCategory.slice(0, options.samples ?? 10)) lines.push(`  ${row.title}`);
  }
  return lines;
}
