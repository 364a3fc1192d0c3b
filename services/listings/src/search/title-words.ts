import { LRUCache } from 'lru-cache';
import type { Knex } from '@vnmarket/shared';
import { statementKey } from './count-memory';

/**
 * How common words are in listing titles, from PostgreSQL's own statistics: ANALYZE (autovacuum's, or the
 * bench's) keeps the most common lexemes of `title_vector` with the share of rows holding each. A search reads
 * on by titles only when its title phrase can be common enough for that to pay (see newestBestScoredIds):
 * "market" is in few titles, and walking thousands of titles to learn that costs more than the page.
 */
export interface TitleFrequencies {
  /** Share of listings whose title holds the lexeme, for the most common ones. */
  of: ReadonlyMap<string, number>;
  /** The least share listed: a lexeme not listed is in fewer titles than this. */
  floor: number;
}

/**
 * An upper bound on the share of titles a tsquery (as buildTextQuery writes them: lexemes, `:*` prefixes, `|`,
 * `&`, `<->` and parentheses) can match: an alternative (`|`) at most the sum of its sides, a conjunction or
 * phrase at most its rarest side. A prefix may stand for words not listed, so it is bounded by nothing (1).
 * Pure; a query it cannot read is bounded by 1.
 */
export function titleShareBound(tsquery: string, frequencies: TitleFrequencies): number {
  const tokens = tsquery.match(/\(|\)|\||&|<->|[^\s()|&<>-]+/g) ?? [];
  let at = 0;
  // alternatives := conjunction ('|' conjunction)*; conjunction := operand (('&' | '<->') operand)*
  const alternatives = (): number => {
    let share = conjunction();
    while (tokens[at] === '|') {
      at += 1;
      share = Math.min(1, share + conjunction());
    }
    return share;
  };
  const conjunction = (): number => {
    let share = operand();
    while (tokens[at] === '&' || tokens[at] === '<->') {
      at += 1;
      share = Math.min(share, operand());
    }
    return share;
  };
  const operand = (): number => {
    const token = tokens[at++];
    if (token === '(') {
      const share = alternatives();
      at += 1; // ')'
      return share;
    }
    if (token === undefined || token === ')' || token === '|' || token === '&' || token === '<->') return Number.NaN;
    if (token.endsWith(':*')) return 1;
    return frequencies.of.get(token) ?? frequencies.floor;
  };
  const share = alternatives();
  return Number.isNaN(share) || at !== tokens.length ? 1 : share;
}

/** Reads the statistics of `listings.title_vector` in the current schema; undefined before the first ANALYZE. */
export async function readTitleFrequencies(db: Knex): Promise<TitleFrequencies | undefined> {
  const { rows } = await db.raw<{ rows: { lexeme: string; share: number }[] }>(
    `select lexeme, share
       from pg_stats s,
            unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs[1:array_length(s.most_common_elems, 1)]) as e (lexeme, share)
      where s.schemaname = current_schema() and s.tablename = 'listings' and s.attname = 'title_vector'`,
  );
  if (rows.length === 0) return undefined;
  return { of: new Map(rows.map((row) => [row.lexeme, row.share])), floor: Math.min(...rows.map((row) => row.share)) };
}

/**
 * The title statistics as a listings replica keeps them: read on first use and again when older than
 * `refreshMs`, in the background (searches go on with the older ones meanwhile). Statistics change only as
 * ANALYZE runs, after a tenth of the table has changed.
 *
 * Beside them, per search, what its last probe of the newest titles found (`probeFound`): how many of those
 * titles held a best-scored listing. Asked again within `refreshMs`, the search sizes its walk of titles from
 * that figure, or goes straight to its matches when it was none, instead of probing again (see
 * newestBestScoredIds). Either way reads every best-scored listing it passes, so a figure grown stale changes
 * what a search costs, never what it answers.
 */
export class TitleWords {
  private frequencies: TitleFrequencies | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  private readonly probes: LRUCache<string, number> | undefined;

  constructor(
    private readonly options: {
      refreshMs: number;
      /** Milliseconds on a monotonic clock (tests pass their own). */
      now?: () => number;
      /** Where the statistics come from: PostgreSQL's (readTitleFrequencies) unless a test says otherwise. */
      read?: (db: Knex) => Promise<TitleFrequencies | undefined>;
      /** Bound on the searches whose probe is remembered (a key is 27 characters): the least recently used go first. */
      maxSearches?: number;
      /** false: every search probes its titles again (the bench's baseline). */
      rememberProbes?: boolean;
    },
  ) {
    const { refreshMs, now } = options;
    // Kept as long as the statistics are; without a finite refresh, for as long as the process runs.
    this.probes =
      refreshMs > 0 && options.rememberProbes !== false
        ? new LRUCache<string, number>({
            max: options.maxSearches ?? 10_000,
            ...(Number.isFinite(refreshMs) ? { ttl: refreshMs, ttlAutopurge: false } : {}),
            // A clock of the caller's own is read at every look (lru-cache otherwise reads it at most once a millisecond).
            ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
          })
        : undefined;
  }

  /** The statistics, waiting for them only the first time; undefined while the table has none. */
  async get(db: Knex): Promise<TitleFrequencies | undefined> {
    const now = (this.options.now ?? performance.now.bind(performance))();
    if (now - this.readAt >= this.options.refreshMs && !this.reading) {
      this.reading = (this.options.read ?? readTitleFrequencies)(db)
        .then((frequencies) => {
          this.frequencies = frequencies;
          this.readAt = now;
        })
        .catch(() => undefined) // the older statistics (or none) serve until the next try
        .finally(() => {
          this.reading = undefined;
        });
    }
    if (this.readAt === Number.NEGATIVE_INFINITY && this.reading) await this.reading;
    return this.frequencies;
  }

  /** How many of the newest titles held a best-scored listing for `search` when it was last probed, if lately. */
  probeFound(search: string): number | undefined {
    return this.probes?.get(statementKey(search));
  }

  rememberProbeFound(search: string, found: number): void {
    this.probes?.set(statementKey(search), found);
  }
}
