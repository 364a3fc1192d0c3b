/**
 * react-final-form validators made from the zod schemas in @vnmarket/proto, so the browser shows the
 * same messages the server would answer with, in the active language (lib/server-messages.ts).
 */
import { getIn, setIn, type FormApi, type Unsubscribe } from 'final-form';
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

/**
 * A final-form decorator: when a submit fails, by the fields' own checks or by the messages onSubmit
 * returns, the first field in page order that shows a message takes the focus (and scrolls into view).
 * On a phone, the message a long form's button brings is often off screen. Only a submit moves focus:
 * typing never does. (final-form-focus 2 refocuses whenever the errors change, even while typing.)
 */
export function focusFirstError<Values>(form: FormApi<Values>): Unsubscribe {
  const submit = form.submit;
  const focusFirst = () => {
    const { errors, submitErrors } = form.getState();
    const failed = (name: string) => Boolean(getIn(errors ?? {}, name) || getIn(submitErrors ?? {}, name));
    // After React has drawn the messages, so the field is announced with its message.
    requestAnimationFrame(() => {
      for (const element of Array.from(document.forms).flatMap((each) => Array.from(each.elements))) {
        if (namedControl(element) && !element.disabled && failed(element.name)) return element.focus();
      }
    });
  };
  form.submit = () => {
    const result = submit.call(form);
    void Promise.resolve(result).then(focusFirst);
    return result;
  };
  return () => {
    form.submit = submit;
  };
}

const namedControl = (element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) && element.name !== '';

/** The decorators prop of a form (one array for every render, as react-final-form requires). */
export const FOCUS_FIRST_ERROR = [focusFirstError];
