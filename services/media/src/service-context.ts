import type { Authenticator, ConcurrencyGate, Knex, Logger, RateLimit } from '@vnmarket/shared';
import type { MediaConfig } from './config';
import type { LocalDiskStore } from './storage/local-disk';
import type { ObjectStore } from './storage/object-store';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface MediaContext {
  config: MediaConfig;
  logger: Logger;
  db: Knex;
  store: ObjectStore;
  /** Present when files live on local disk: it also receives the browser's PUT. */
  localStore?: LocalDiskStore;
  authenticator: Authenticator;
  clock: () => Date;
  limits: { uploadLinks: RateLimit; images: RateLimit };
  /** Bounds concurrent image decoding in this process. */
  processing: ConcurrencyGate;
}
