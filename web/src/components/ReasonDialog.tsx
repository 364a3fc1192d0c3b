/**
 * A dialog that asks for a written reason before a consequential step (a moderator's decision, an owner's
 * appeal): the text is required, its length checked as the server checks it, and a failure shown in the
 * error toast in the reader's language.
 */
import { useLingui } from '@lingui/react/macro';
import type { ZodType } from 'zod';
import { Form } from 'react-final-form';
import { useFailureToast } from '../lib/hooks';
import { serverText } from '../lib/server-messages';
import { fieldValidator } from '../lib/validation';
import { Dialog, DialogActions } from './Dialog';
import { TextAreaField } from './FormFields';
import { Button } from './ui';

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  /** The body field's schema (proto's), so the form refuses what the server would. */
  schema: ZodType;
  /** "danger" for a step that takes something away. */
  tone?: 'danger' | 'primary';
  onSubmit: (text: string) => Promise<void>;
  testId?: string;
}

export function ReasonDialog({ open, onClose, title, description, label, submitLabel, schema, tone = 'primary', onSubmit, testId }: ReasonDialogProps) {
  const { t } = useLingui();
  const failed = useFailureToast();
  const validate = fieldValidator(schema);

  const submit = async ({ text }: { text?: string }) => {
    try {
      await onSubmit((text ?? '').trim());
      onClose();
    } catch (error) {
      failed(error, { title: t`Error`, description: serverText(error) ?? t`Something went wrong. Please try again.` });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} testId={testId}>
      <Form<{ text?: string }>
        onSubmit={submit}
        validate={(values) => {
          const error = validate(values.text ?? '');
          return error ? { text: error } : {};
        }}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <TextAreaField name="text" label={label} required rows={4} />
            <DialogActions>
              <Button variant="outline" onClick={onClose}>
                {t`Cancel`}
              </Button>
              <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} disabled={submitting}>
                {submitting ? t`Submitting...` : submitLabel}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
