/**
 * react-final-form validators made from the zod schemas in @vnmarket/proto, so the browser shows the
 * same messages the server would answer with, in the active language (lib/server-messages.ts).
 */
import { setIn } from 'final-form';
import type { z } from 'zod';
import { ApiError } from './api';
import { localizeServerText } from './server-messages';

/** A field validator: the first message zod gives for the value (translated), or undefined when it passes. */
export function fieldValidator(schema: z.ZodType): (value: unknown) => string | undefined {
  return (value) => {
    const result = schema.safeParse(value ?? '');
    const message = result.success ? undefined : result.error.issues[0]?.message;
    return message === undefined ? undefined : localizeServerText(message);
  };
}

type FormErrors = Record<string, unknown>;

/** Messages by dotted field path ("metadata.bedrooms"), nested the way final-form reads them; first message wins. */
function nest(entries: [string, string][]): FormErrors | undefined {
  let errors: FormErrors = {};
  const seen = new Set<string>();
  for (const [path, message] of entries) {
    if (seen.has(path)) continue;
    seen.add(path);
    errors = setIn(errors, path, message) as FormErrors;
  }
  return seen.size > 0 ? errors : undefined;
}

/** A whole-object zod failure as react-final-form submission errors (translated). */
export function issuesByField(error: z.ZodError): FormErrors | undefined {
  return nest(error.issues.map((issue) => [issue.path.map(String).join('.') || 'form', localizeServerText(issue.message)]));
}

/** A 400 answer's field errors as react-final-form submission errors (translated). */
export function submissionErrors(error: unknown): FormErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return undefined;
  return nest(
    Object.entries(error.fieldErrors).flatMap(([field, messages]) => (messages[0] ? [[field, localizeServerText(messages[0])] as [string, string]] : [])),
  );
}

export { FOCUS_FIRST_ERROR } from './focus-first-error';
