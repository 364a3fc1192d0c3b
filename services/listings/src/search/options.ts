import type { CountMemory } from './count-memory';
import type { KnownWords } from './known-words';
import type { TitleWords } from './title-words';

/** How a page is found: how a search ranks (see rankedPage), and where counts past the cap are remembered. */
export interface SearchOptions {
  /** Rank every match even when the newest ones hold the page: the reference the shortcut is tested against. */
  rankEveryMatch?: boolean;
  /** Counts that passed the cap lately, to skip (see CountMemory); none: every count is made. */
  counts?: CountMemory;
  /** How common words are in titles (see TitleWords); none: every search tests the newest titles first. */
  titleWords?: TitleWords;
  /** The words of the catalogue this replica found before (see KnownWords); none: every search asks the vocabulary. */
  knownWords?: KnownWords;
}
