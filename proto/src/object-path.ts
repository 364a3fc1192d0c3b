import { z } from 'zod';

/**
 * Photos are objects the media service stored after checking them: `/objects/images/<owner>/<id>.webp`
 * (or its `-thumb`). Nothing else (no other folder, no `..`, no URL) is accepted, and the owner segment
 * lets a service check that the photo is the user's own (ownerOfObjectPath).
 */
const OBJECT_PATH =
  /^\/objects\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.webp$/;

export const objectPathSchema = z.string().max(500, 'Image path is too long').regex(OBJECT_PATH, 'Images must be uploaded through the photo uploader');

/** The user who uploaded the photo at this object path, or null when it is not one. */
export function ownerOfObjectPath(path: string): string | null {
  return OBJECT_PATH.exec(path)?.[1] ?? null;
}
