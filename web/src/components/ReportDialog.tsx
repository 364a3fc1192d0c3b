/**
 * Report dialog: a required reason (one of proto's REPORT_REASONS), optional details; a failure shows the
 * server's message in the error toast (a 401, the Unauthorized one and the sign-in redirect).
 */
import { useLingui } from '@lingui/react/macro';
import { REPORT_REASONS, reportBody, type ReportBody } from '@vnmarket/proto/listings';
import { Form } from 'react-final-form';
import { REPORT_REASON_LABELS } from '../lib/catalog';
import { useFailureToast } from '../lib/hooks';
import { submitReport } from '../lib/moderation';
import { serverText } from '../lib/server-messages';
import { useToast } from '../lib/toast';
import { fieldValidator } from '../lib/validation';
import { Dialog, DialogActions } from './Dialog';
import { SelectField, TextAreaField } from './FormFields';
import { Button } from './ui';

const validateReason = fieldValidator(reportBody.shape.reason);
type ReportValues = { reason?: string; description?: string };

export function ReportDialog({ listingId, open, onClose }: { listingId: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const { t, i18n } = useLingui();
  const reasonOptions = REPORT_REASONS.map((value) => ({ value, label: i18n._(REPORT_REASON_LABELS[value]) }));

  const onSubmit = async (values: ReportValues) => {
    try {
      const body: ReportBody = { listingId, reason: values.reason as ReportBody['reason'], description: values.description?.trim() || undefined };
      await submitReport(body);
    } catch (error) {
      failed(error, { title: t`Error`, description: serverText(error) ?? t`Failed to submit report` });
      return;
    }
    toast({ title: t`Report Submitted`, description: t`Thank you for reporting this listing. We'll review it shortly.` });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={t`Report Listing`} description={t`Tell us what is wrong with this listing.`} testId="report-dialog">
      {/* A fresh form each time the dialog opens: success closes it and clears reason and details. */}
      <Form<ReportValues>
        onSubmit={onSubmit}
        validate={(values) => {
          const reason = validateReason(values.reason);
          return reason ? { reason } : {};
        }}
      >
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <SelectField name="reason" label={t`Reason`} required placeholder={t`Select a reason`} options={reasonOptions} />
            {!values.reason && <p style={{ marginTop: -10, marginBottom: 14, fontSize: '0.85rem', color: 'var(--muted)' }}>{t`Please select a reason`}</p>}
            <TextAreaField name="description" label={t`Additional details (optional)`} rows={4} placeholder={t`Anything that helps us review this listing`} />
            <DialogActions>
              <Button variant="outline" onClick={onClose}>
                {t`Cancel`}
              </Button>
              <Button type="submit" variant="danger" disabled={!values.reason || submitting}>
                {submitting ? t`Submitting...` : t`Submit Report`}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
