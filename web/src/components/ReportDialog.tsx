/**
 * Report dialog: a required reason (one of proto's REPORT_REASONS), optional details; a failure shows the
 * server's message in the error toast (a 401, the Unauthorized one and the sign-in redirect).
 */
import { REPORT_REASONS, reportBody, type ReportBody } from '@vnmarket/proto/src/listings';
import { Form } from 'react-final-form';
import { ApiError, apiRequest } from '../lib/api';
import { REPORT_REASON_LABELS } from '../lib/catalog';
import { useFailureToast } from '../lib/hooks';
import { useToast } from '../lib/toast';
import { fieldValidator } from '../lib/validation';
import { Dialog, DialogActions } from './Dialog';
import { SelectField, TextAreaField } from './FormFields';
import { Button } from './ui';

const validateReason = fieldValidator(reportBody.shape.reason);
type ReportValues = { reason?: string; description?: string };
const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

export function ReportDialog({ listingId, open, onClose }: { listingId: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();

  const onSubmit = async (values: ReportValues) => {
    try {
      const body: ReportBody = { listingId, reason: values.reason as ReportBody['reason'], description: values.description?.trim() || undefined };
      await apiRequest('POST', '/api/reports', body);
    } catch (error) {
      failed(error, { title: 'Error', description: (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Failed to submit report' });
      return;
    }
    toast({ title: 'Report Submitted', description: "Thank you for reporting this listing. We'll review it shortly." });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Report Listing" description="Tell us what is wrong with this listing." testId="report-dialog">
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
            <SelectField name="reason" label="Reason" required placeholder="Select a reason" options={REASON_OPTIONS} />
            {!values.reason && <p style={{ marginTop: -10, marginBottom: 14, fontSize: '0.85rem', color: 'var(--muted)' }}>Please select a reason</p>}
            <TextAreaField name="description" label="Additional details (optional)" rows={4} placeholder="Anything that helps us review this listing" />
            <DialogActions>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={!values.reason || submitting}>
                {submitting ? 'Submitting...' : 'Submit Report'}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
