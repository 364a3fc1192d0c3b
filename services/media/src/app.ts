import path from 'node:path';
import type { Express } from 'express';
import {
  ConcurrencyGate,
  createApp,
  finishApp,
  PeriodicTask,
  RateLimit,
  serviceAppOptions,
  serviceBase,
  type ServiceDeps,
  type ServiceParts,
} from '@vnmarket/shared';
import type { MediaConfig } from './config';
import { deleteUploads, staleUploads } from './db/uploads';
import { mediaSubscription } from './events/consumers';
import { imagesRoutes } from './routes/images';
import { objectsRoutes } from './routes/objects';
import { uploadsRoutes } from './routes/uploads';
import type { MediaContext } from './service-context';
import { LocalDiskStore } from './storage/local-disk';
import type { ObjectStore } from './storage/object-store';
import { S3Store } from './storage/s3';

export interface MediaService extends ServiceParts {
  app: Express;
  store: ObjectStore;
  /** Deletes raw uploads never turned into images; runs every 15 minutes. */
  sweepStaleUploads(): Promise<number>;
}

/** S3 when S3_BUCKET is set, else files under MEDIA_ROOT. */
function storeFrom(config: MediaConfig): { store: ObjectStore; localStore?: LocalDiskStore } {
  if (config.S3_BUCKET) {
    return {
      store: new S3Store({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      }),
    };
  }
  const localStore = new LocalDiskStore(path.resolve(config.MEDIA_ROOT), config.MEDIA_SIGNING_SECRET);
  return { store: localStore, localStore };
}

export function createMediaService(deps: ServiceDeps<MediaConfig>): MediaService {
  const { config, logger, infrastructure, db, redis, bus, clock } = serviceBase(deps);
  const { store, localStore } = storeFrom(config);
  const ctx: MediaContext = {
    config,
    logger,
    db,
    store,
    localStore,
    authenticator: infrastructure.authenticator,
    clock,
    limits: {
      uploadLinks: new RateLimit(redis, { name: 'media-upload-links', points: config.UPLOAD_LINKS_PER_HOUR, durationSeconds: 3600 }),
      images: new RateLimit(redis, { name: 'media-images', points: config.IMAGES_PER_HOUR, durationSeconds: 3600 }),
    },
    processing: new ConcurrencyGate(
      config.IMAGE_PROCESSING_CONCURRENCY,
      config.IMAGE_PROCESSING_QUEUE,
      'Many photos are being processed right now. Please try again in a moment.',
    ),
  };

  const app = createApp({ ...serviceAppOptions(config, logger, infrastructure), rawBodyPaths: [/^\/api\/objects\/upload\/[^/]+$/] });
  app.use(uploadsRoutes(ctx));
  app.use(imagesRoutes(ctx));
  app.use(objectsRoutes(ctx));
  finishApp(app, logger);

  const sweepStaleUploads = async () => {
    const cutoff = new Date(clock().getTime() - (config.UPLOAD_MAX_AGE_SECONDS + config.UPLOAD_URL_TTL_SECONDS) * 1000);
    const stale = await staleUploads(db, cutoff);
    await store.delete(...stale.map((upload) => upload.key));
    await deleteUploads(
      db,
      stale.map((upload) => upload.id),
    );
    return stale.length;
  };
  // Every 15 minutes, and once at start (uploads left by a replica that stopped); stop() waits for a sweep under way.
  const sweeper = new PeriodicTask({ name: 'upload sweep', intervalMs: 15 * 60_000, logger, run: sweepStaleUploads });

  return {
    app,
    store,
    sweepStaleUploads,
    async start() {
      await bus.subscribe(mediaSubscription({ db, store, logger, exchange: config.EVENTS_EXCHANGE }));
      bus.start();
      sweeper.start();
    },
    async stop() {
      await sweeper.stop();
    },
  };
}
