import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { ListingsConfig } from './config';
import type { BrowseCache, CountMemory, KnownWords, TitleWords } from './search';
import type { ViewCounter } from './views/view-counter';

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
