import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { BrowseCache } from './browse-cache';
import type { ListingsConfig } from './config';
import type { CountMemory } from './count-memory';
import type { KnownWords } from './db/known-words';
import type { TitleWords } from './db/title-words';
import type { ViewCounter } from './views';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface ListingsContext {
  config: ListingsConfig;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  authenticator: Authenticator;
  views: ViewCounter;
  browseCache: BrowseCache;
  countMemory: CountMemory;
  titleWords: TitleWords;
  knownWords: KnownWords;
  clock: () => Date;
  /** Per-member allowances (LISTINGS_, REPORTS_ and PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY). */
  limits: {
    listingsCreated: RateLimit;
    reportsFiled: RateLimit;
    phoneReveals: RateLimit;
  };
}
