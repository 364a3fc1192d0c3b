/**
 * Focus on the first field that shows a message after a failed submit. Apart from ./validation.ts, which
 * brings the server's messages: the sign-in and sign-up screens load those after their first paint.
 */
import { getIn, type FormApi, type Unsubscribe } from 'final-form';

/**
 * A final-form decorator: when a submit fails, by the fields' own checks or by the messages onSubmit
 * returns, the first field in page order that shows a message takes the focus (and scrolls into view).
 * On a phone, the message a long form's button brings is often off screen. Only a submit moves focus:
 * typing never does. (final-form-focus 2 refocuses whenever the errors change, even while typing.)
 */
function focusFirstError<Values>(form: FormApi<Values>): Unsubscribe {
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
