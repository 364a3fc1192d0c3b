import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema, booleanString, wholeNumber } from '@vnmarket/shared';

const MB = 1024 * 1024;

export const mediaConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.media),
    /** Local-disk store (the default when S3_BUCKET is unset). */
    MEDIA_ROOT: z.string().min(1).default('var/objects'),
    /** Signs local upload URLs; required in production. */
    MEDIA_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    UPLOAD_URL_TTL_SECONDS: wholeNumber(30, 600),
    /** An upload must be turned into an image within this long. */
    UPLOAD_MAX_AGE_SECONDS: wholeNumber(60, 3600),
    MAX_LISTING_PHOTO_BYTES: wholeNumber(1024, 5 * MB),
    MAX_PROFILE_PHOTO_BYTES: wholeNumber(1024, 10 * MB),
    /** Width × height beyond which an image is refused before decoding (decompression bombs). */
    MAX_IMAGE_PIXELS: wholeNumber(10_000, 40_000_000),
    /** Upload links one user may ask for in an hour. */
    UPLOAD_LINKS_PER_HOUR: wholeNumber(1, 120),
    /** Photos one user may have checked and resized in an hour. */
    IMAGES_PER_HOUR: wholeNumber(1, 120),
    /** Images decoded at once by one process; a few more wait, the rest get 503 (decoding is heavy). */
    IMAGE_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    IMAGE_PROCESSING_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.S3_BUCKET && !config.MEDIA_SIGNING_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_SIGNING_SECRET'], message: 'is required in production when S3_BUCKET is not set' });
    }
  })
  .transform((config) => ({ ...config, MEDIA_SIGNING_SECRET: config.MEDIA_SIGNING_SECRET ?? 'development-only-media-signing-secret' }));

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const MEDIA_SCHEMA = 'media';
