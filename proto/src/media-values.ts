/**
 * Photo limits and thumbnail paths: plain values without zod, so a client can use them without loading
 * the schemas (the web's listing cards do). media.ts exports them too.
 */

export const MAX_LISTING_PHOTO_MB = 5;
export const MAX_PROFILE_PHOTO_MB = 10;

/** The thumbnail that goes with an image path issued by the media service. */
export function thumbnailPathOf(objectPath: string): string {
  return objectPath.replace(/\.webp$/, '-thumb.webp');
}
