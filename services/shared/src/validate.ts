import type { z } from 'zod';
import { normalizeId, ownerOfObjectPath } from '@vnmarket/proto';
import { badRequest, forbidden, notFound } from './errors';

/** Parses input with a proto schema or throws 400 with the first message and every field's messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw badRequest(first, fieldErrors);
}

/** A uuid from a path segment in canonical lower case, or 404 with `notFoundMessage` (never a 500). */
export function pathId(value: unknown, notFoundMessage: string): string {
  const id = normalizeId(value);
  if (id === null) throw notFound(notFoundMessage);
  return id;
}

/** Photos in a body must be the user's own uploads: another user's images cannot be borrowed. */
export function requireOwnPhotos(paths: Iterable<string | null | undefined>, userId: string): void {
  for (const path of paths) {
    if (path && ownerOfObjectPath(path) !== userId) throw forbidden('You can only use photos you uploaded', 'not_your_photo');
  }
}
