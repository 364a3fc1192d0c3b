import { z } from 'zod';

/**
 * Primitives every contract uses, so identity and text are normalised once, at the zod boundary.
 *
 * Ids: PostgreSQL folds a uuid's case, JavaScript string comparison does not, so "ABC…" and "abc…" would
 * be one row but two identities. Every id that enters through a path, query or body is trimmed and lower-
 * cased here, and services compare only normalised ids.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The canonical (lower-case) form of a uuid, or null when the value is not one. */
export function normalizeId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return UUID_PATTERN.test(id) ? id : null;
}

/** A uuid from a client, in canonical lower case; `message` is the 400 text when it is not one. */
export const idSchema = (message = 'Invalid id') =>
  z.string({ error: message }).transform((value, ctx) => {
    const id = normalizeId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });

/**
 * Characters that reorder or hide text: bidi embeddings, overrides and isolates (a name shown as
 * "Nguyễn‮…" can spoof what follows it), zero-width spaces and joiners, word joiner, BOM, soft hyphen.
 */
const INVISIBLE_OR_REORDERING = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** C0/C1 control characters other than tab, line feed and carriage return. */
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;

/**
 * Unicode NFC, so a title typed on a phone that composes "ở" as o + ̛ + ̉ matches the same word typed
 * precomposed (search, duplicates, length limits), with control characters removed.
 */
export function normalizeText(value: string): string {
  return value.normalize('NFC').replace(CONTROL, '');
}

/** normalizeText, and no invisible or reordering characters: for names and titles shown to others. */
export function normalizeLabel(value: string): string {
  return normalizeText(value).replace(INVISIBLE_OR_REORDERING, '');
}

/** Free text (descriptions, messages, bios): NFC, no control characters, trimmed. A ZodString, so
 * `.min()` and `.max()` chain after it and count the normalised text. */
export const textSchema = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(normalizeText).trim();

/** A name or title: as textSchema, without invisible or reordering characters. */
export const labelSchema = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(normalizeLabel).trim();

/** A member as others see them beside what they wrote or did: id, name and photo. */
export const memberSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * A number as a query string carries it: plain decimal digits ("12", "12.5", "-1"), read as a number; blank
 * is absent. Anything else stays a string for the schema to refuse with its "must be a number": Number()
 * would also take hex, binary, octal, exponents and "Infinity" ("0x10" is 16).
 */
export function queryNumberInput(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return Number(value);
  return value;
}

/** A whole number in a query string, `name` in its messages, from `min` to `max`, `fallback` when left out. */
export const queryInteger = (name: string, min: number, max: number, fallback: number, belowMin = `${name} must be at least ${min}`) =>
  z.preprocess(
    queryNumberInput,
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, belowMin)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

/** `limit` and `offset` of a list endpoint's query: lists are always bounded. */
export const pageQuery = (defaultLimit = 50, maxLimit = 100) =>
  z.object({
    limit: queryInteger('limit', 1, maxLimit, defaultLimit),
    offset: queryInteger('offset', 0, 10_000, 0, 'offset cannot be negative'),
  });
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;
