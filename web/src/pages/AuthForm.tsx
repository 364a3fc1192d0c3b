/** The sign-in and sign-up form: its fields, then the large submit button, which says so while the submit runs. */
import type { ReactNode } from 'react';
import { Form, type FormProps } from 'react-final-form';
import { Button } from '../components/ui';
import { FOCUS_FIRST_ERROR } from '../lib/focus-first-error';

export function AuthForm<Values extends object>({
  onSubmit,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: FormProps<Values>['onSubmit'];
  submitLabel: string;
  /** The button's label while the submit runs. */
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Form<Values> onSubmit={onSubmit} decorators={FOCUS_FIRST_ERROR}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          {children}
          <Button type="submit" block size="lg" disabled={submitting}>
            {submitting ? busyLabel : submitLabel}
          </Button>
        </form>
      )}
    </Form>
  );
}
