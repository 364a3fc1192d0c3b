/** Settings › Your reports: what became of each listing the member reported (GET /api/reports/mine). */
import { useLingui } from '@lingui/react/macro';
import type { MyReport } from '@vnmarket/proto/moderation';
import styled from 'styled-components';
import { Badge } from '../../../components/ui';
import { REPORT_REASON_LABELS } from '../../../lib/catalog';
import { useMyReports } from '../../../lib/moderation';
import { Link } from '../../../lib/router';
import { formatDay } from '../../../lib/users';
import { SectionHead } from './SectionHead';
import { Row, SectionList } from './SectionList';

export function ReportOutcomesSection() {
  const { t } = useLingui();
  const { data: reports, error } = useMyReports(true);
  return (
    <section aria-labelledby="settings-reports" data-testid="report-outcomes">
      <SectionHead id="settings-reports" title={t`Your reports`} description={t`What moderators decided about the listings you reported.`} />
      <SectionList
        items={reports}
        error={error}
        failedText={t`Failed to load your reports`}
        emptyText={t`You have not reported any listing.`}
        row={(report) => <ReportRow key={report.id} report={report} />}
      />
    </section>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const { t, i18n } = useLingui();
  const outcome = {
    pending: { label: t`Under review`, tone: 'accent' as const, detail: t`A moderator has not decided yet.` },
    dismissed: { label: t`No action taken`, tone: 'neutral' as const, detail: t`A moderator looked and kept the listing up.` },
    upheld: { label: t`Listing removed`, tone: 'success' as const, detail: t`A moderator removed the listing. Thank you.` },
  }[report.outcome];
  return (
    <ReportItem data-testid="report-outcome">
      <Top>
        {report.outcome === 'upheld' ? <strong>{report.listingTitle}</strong> : <Link to={`/listing/${report.listingId}`}>{report.listingTitle}</Link>}
        <Badge $tone={outcome.tone}>{outcome.label}</Badge>
      </Top>
      <Muted>
        {i18n._(REPORT_REASON_LABELS[report.reason])} · {t`Reported ${formatDay(report.createdAt)}`}
        {report.decidedAt ? ` · ${t`Decided ${formatDay(report.decidedAt)}`}` : ''}
      </Muted>
      <Muted>{outcome.detail}</Muted>
    </ReportItem>
  );
}

const ReportItem = styled(Row)`
  display: block;
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 4px 0 0;
  color: var(--muted);
  font-size: 0.9rem;
`;
