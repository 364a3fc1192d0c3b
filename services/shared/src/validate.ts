import type { z } from 'zod';
import { badRequest } from './errors';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
