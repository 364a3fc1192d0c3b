import { z } from 'zod';

/** Photo uploads (listing photos up to 5 MB, profile photos up to 10 MB): get an upload URL, PUT the file there, then turn it into an image. */

/** The limits and thumbnailPathOf are media-values.ts (without zod), exported here too. */
export * from './media-values';

/**
 * Where the browser sends the file: PUT the raw bytes to uploadURL, or (S3) POST a form of `fields`
 * then the file. `imageURL` names the upload afterwards, in PUT /api/listing-images.
 */
export const uploadUrlResponse = z.object({
  uploadURL: z.string(),
  method: z.enum(['PUT', 'POST']).default('PUT'),
  fields: z.record(z.string(), z.string()).optional(),
  imageURL: z.string().optional(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

export const listingImageBody = z.object({
  imageURL: z.string({ error: 'imageURL is required' }).min(1, 'imageURL is required').max(4000, 'imageURL is too long'),
  /** A listing photo (5 MB) or a profile photo (10 MB). */
  purpose: z.enum(['listing', 'profile'], { error: 'purpose must be listing or profile' }).default('listing'),
});
export type ListingImageBody = z.input<typeof listingImageBody>;

export const listingImageResponse = z.object({
  /** Stored in a listing's images or as a profileImageUrl. */
  objectPath: z.string(),
  /** The small copy listing cards use. */
  thumbnailPath: z.string(),
});
export type ListingImageResponse = z.infer<typeof listingImageResponse>;
