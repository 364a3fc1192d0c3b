/** Settings › Your reports: what became of each listing the member reported (GET /api/reports/mine). */
import { useLingui } from '@lingui/react/macro';
import type { MyReport } from '@vnmarket/proto/moderation';
import styled from 'styled-components';
import { Badge, Skeleton } from '../../../components/ui';
import { REPORT_REASON_LABELS } from '../../../lib/catalog';
import { useMyReports } from '../../../lib/moderation';
import { Link } from '../../../lib/router';
import { formatDay } from '../../../lib/users';
import { SectionHead } from './SectionHead';

export function ReportOutcomesSection() {
  const { t } = useLingui();
  const { data: reports, error } = useMyReports(true);
  return (
    <section aria-labelledby="settings-reports" data-testid="report-outcomes">
      <SectionHead id="settings-reports" title={t`Your reports`} description={t`What moderators decided about the listings you reported.`} />
      {error ? (
        <Muted role="alert">{t`Failed to load your reports`}</Muted>
      ) : !reports ? (
        <Skeleton $height="56px" />
      ) : reports.length === 0 ? (
        <Muted>{t`You have not reported any listing.`}</Muted>
      ) : (
        <List>
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </List>
      )}
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
    <li data-testid="report-outcome">
      <Top>
        {report.outcome === 'upheld' ? <strong>{report.listingTitle}</strong> : <Link to={`/listing/${report.listingId}`}>{report.listingTitle}</Link>}
        <Badge $tone={outcome.tone}>{outcome.label}</Badge>
      </Top>
      <Muted>
        {i18n._(REPORT_REASON_LABELS[report.reason])} · {t`Reported ${formatDay(report.createdAt)}`}
        {report.decidedAt ? ` · ${t`Decided ${formatDay(report.decidedAt)}`}` : ''}
      </Muted>
      <Muted>{outcome.detail}</Muted>
    </li>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    border-bottom: 1px solid var(--border);
    padding-bottom: 10px;
  }
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
