import type { Express } from 'express';
import { createApp, finishApp, RateLimit, serviceAppOptions, serviceBaseWithOutbox, type Outbox, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import type { ListingsConfig } from './config';
import { browseCacheSubscription, listingsSubscription } from './events/consumers';
import { SellerCopyWatch } from './events/seller-copy-watch';
import { ExpiryJob } from './expiry/expiry-job';
import { lifecycleRoutes } from './routes/lifecycle';
import { listingsRoutes } from './routes/listings';
import { moderationRoutes } from './routes/moderation';
import { pageRoutes } from './routes/pages';
import { phoneRoutes } from './routes/phone';
import { reportsRoutes } from './routes/reports';
import { savedRoutes } from './routes/saved';
import { savedSearchRoutes } from './routes/saved-searches';
import { BrowseCache, CountMemory, KnownWords, TitleWords } from './search';
import type { ListingsContext } from './service-context';
import { ViewCounter } from './views/view-counter';

export interface ListingsService extends ServiceParts {
  app: Express;
  outbox: Outbox;
  browseCache: BrowseCache;
  expiry: ExpiryJob;
}

/** How often a replica reads the title statistics again: ANALYZE renews them far less often. */
const TITLE_WORDS_REFRESH_MS = 10 * 60 * 1000;
const DAY_SECONDS = 24 * 3600;

export function createListingsService(deps: ServiceDeps<ListingsConfig>): ListingsService {
  const { config, logger, infrastructure, db, redis, bus, clock, outbox } = serviceBaseWithOutbox(deps);
  const browseCache = new BrowseCache({
    ttlMs: config.BROWSE_CACHE_TTL_MS,
    maxBytes: config.BROWSE_CACHE_MAX_MB * 1024 * 1024,
    coalesceMs: config.BROWSE_CACHE_COALESCE_MS,
    now: () => clock().getTime(),
  });
  const ctx: ListingsContext = {
    config,
    logger,
    db,
    outbox,
    authenticator: infrastructure.authenticator,
    views: new ViewCounter(redis, config.VIEW_WINDOW_HOURS, clock),
    browseCache,
    countMemory: new CountMemory({ ttlMs: config.COUNT_MEMORY_SECONDS * 1000, maxEntries: config.COUNT_MEMORY_MAX_ENTRIES }),
    titleWords: new TitleWords({ refreshMs: TITLE_WORDS_REFRESH_MS }),
    knownWords: new KnownWords(),
    clock,
    limits: {
      listingsCreated: new RateLimit(redis, { name: 'listings-member', points: config.LISTINGS_MAX_PER_MEMBER_PER_DAY, durationSeconds: DAY_SECONDS }),
      reportsFiled: new RateLimit(redis, { name: 'reports-member', points: config.REPORTS_MAX_PER_MEMBER_PER_DAY, durationSeconds: DAY_SECONDS }),
      phoneReveals: new RateLimit(redis, { name: 'phone-reveals-member', points: config.PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY, durationSeconds: DAY_SECONDS }),
    },
  };

  const sellerCopies = new SellerCopyWatch(db);
  const app = createApp(serviceAppOptions(config, logger, infrastructure));
  // Before the catalogue's routes: /api/listings/sitemap is no listing id.
  app.use(pageRoutes(ctx));
  app.use(phoneRoutes(ctx));
  app.use(moderationRoutes(ctx));
  app.use(lifecycleRoutes(ctx));
  app.use(listingsRoutes(ctx));
  app.use(savedRoutes(ctx));
  app.use(savedSearchRoutes(ctx));
  app.use(reportsRoutes(ctx));
  finishApp(app, logger);
  const expiry = new ExpiryJob({ db, outbox, logger, clock, intervalMs: config.EXPIRY_INTERVAL_SECONDS * 1000, onExpired: () => browseCache.invalidateSoon() });

  return {
    app,
    outbox,
    browseCache,
    expiry,
    async start() {
      await bus.subscribe(listingsSubscription({ db, outbox, exchange: config.EVENTS_EXCHANGE }));
      await bus.subscribeBroadcast(browseCacheSubscription({ cache: browseCache, sellerCopies, logger }));
      bus.start();
      outbox.start();
      expiry.start();
    },
    stop: async () => {
      sellerCopies.close();
      browseCache.close();
      await expiry.stop();
      return outbox.stop();
    },
  };
}
