import type { Authenticator, Knex, Logger, Outbox } from '@vnmarket/shared';
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
}
