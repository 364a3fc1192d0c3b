/** One open case of the queue: the listing, its reports, its owner's history, and the three decisions. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import { moderationDecisionBody, type ModerationAction, type ModerationCase } from '@vnmarket/proto/moderation';
import { useState } from 'react';
import styled from 'styled-components';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge, Button, Card } from '../../components/ui';
import { media } from '../../lib/breakpoints';
import { CATEGORY_INFO, REPORT_REASON_LABELS } from '../../lib/catalog';
import { formatPrice } from '../../lib/format';
import { decideCase } from '../../lib/moderation';
import { Link } from '../../lib/router';
import { useToast } from '../../lib/toast';
import { formatDay } from '../../lib/users';

export function CaseCard({ found }: { found: ModerationCase }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [deciding, setDeciding] = useState<ModerationAction | null>(null);
  const { listing, owner, reports } = found;
  const image = listing.images[0];
  const category = CATEGORY_INFO[listing.category as keyof typeof CATEGORY_INFO]?.short;
  const reporters = found.reporterCount;
  const dismissed = owner.earlierCases.dismissed;
  const removed = owner.earlierCases.removed;
  const name = `${owner.firstName} ${owner.lastName}`.trim();

  const decisions: Record<ModerationAction, { label: string; title: string; description: string; done: string }> = {
    dismiss: {
      label: t`Dismiss`,
      title: t`Dismiss the reports`,
      description: t`The listing comes back for everyone. The reporters see that no action was taken.`,
      done: t`The listing is back.`,
    },
    remove: {
      label: t`Remove listing`,
      title: t`Remove the listing`,
      description: t`The listing stays hidden. Its owner may appeal once.`,
      done: t`The listing was removed.`,
    },
    suspend: {
      label: t`Suspend owner`,
      title: t`Suspend the owner`,
      description: t`All of this member's listings are hidden, they are signed out everywhere and can no longer sign in.`,
      done: t`The owner was suspended.`,
    },
  };
  const chosen = deciding ? decisions[deciding] : null;

  return (
    <Item data-testid="moderation-case">
      <Top>
        {image ? <Thumb src={thumbnailPathOf(image)} alt="" loading="lazy" /> : <Thumb as="div" aria-hidden="true" />}
        <div>
          <Badges>
            {found.kind === 'appeal' ? <Badge $tone="primary">{t`Appeal`}</Badge> : null}
            {listing.moderationStatus === 'held' && <Badge $tone="accent">{t`Held`}</Badge>}
            {listing.moderationStatus === 'removed' && <Badge $tone="neutral">{t`Removed`}</Badge>}
            {category && <Badge $tone="neutral">{i18n._(category)}</Badge>}
          </Badges>
          <h2>
            <Link to={`/listing/${listing.id}`}>{listing.title}</Link>
          </h2>
          <Muted>
            {formatPrice(listing.price, listing.priceType)} · {listing.location} · {formatDay(listing.createdAt)}
          </Muted>
          <Excerpt>{listing.description}</Excerpt>
        </div>
      </Top>

      {found.appealText && (
        <Section>
          <h3>{t`The owner's appeal`}</h3>
          <Quote>{found.appealText}</Quote>
        </Section>
      )}

      {reports.length > 0 && (
        <Section>
          <h3>{t`${plural(reporters, { one: 'Reported by # member', other: 'Reported by # members' })}`}</h3>
          <Reports>
            {reports.map((report) => (
              <li key={report.id}>
                <strong>{i18n._(REPORT_REASON_LABELS[report.reason])}</strong> <Muted as="span">· {formatDay(report.createdAt)}</Muted>
                {report.description && <Quote>{report.description}</Quote>}
              </li>
            ))}
          </Reports>
        </Section>
      )}

      <Section>
        <h3>{t`Owner`}</h3>
        <Facts>
          <li>
            <Link to={`/users/${owner.id}`}>{name || t`Member`}</Link>
          </li>
          <li>{owner.memberSince ? t`Member since ${formatDay(owner.memberSince)}` : t`New member`}</li>
          <li>{owner.phoneVerified ? t`Phone verified` : t`Phone not verified`}</li>
          <li>{t`Earlier cases: ${removed} removed, ${dismissed} dismissed`}</li>
          {owner.suspended && <li>{t`Suspended`}</li>}
        </Facts>
      </Section>

      <Actions>
        <Button variant="outline" size="sm" onClick={() => setDeciding('dismiss')}>
          {decisions.dismiss.label}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setDeciding('remove')}>
          {decisions.remove.label}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setDeciding('suspend')} disabled={owner.suspended}>
          {decisions.suspend.label}
        </Button>
      </Actions>

      <ReasonDialog
        open={chosen !== null}
        onClose={() => setDeciding(null)}
        title={chosen?.title ?? ''}
        description={chosen?.description ?? ''}
        label={t`Reason (kept with the decision)`}
        submitLabel={chosen?.label ?? ''}
        tone={deciding === 'dismiss' ? 'primary' : 'danger'}
        schema={moderationDecisionBody.shape.reason}
        testId="decision-dialog"
        onSubmit={async (reason) => {
          if (!deciding) return;
          const done = decisions[deciding].done;
          await decideCase(found.id, deciding, reason);
          toast({ title: t`Decision recorded`, description: done });
        }}
      />
    </Item>
  );
}

const Item = styled(Card).attrs({ as: 'li' })`
  padding: 16px;
  display: grid;
  gap: 14px;
  h2 {
    margin: 6px 0 4px;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 0.95rem;
  }
`;

const Top = styled.div`
  display: grid;
  grid-template-columns: 72px 1fr;
  gap: 12px;
  ${media.phone} {
    grid-template-columns: 120px 1fr;
  }
`;

const Thumb = styled.img`
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: var(--radius-sm);
  background: var(--subtle);
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Muted = styled.p`
  margin: 0;
  color: var(--muted);
  font-size: 0.9rem;
`;

const Excerpt = styled.p`
  margin: 6px 0 0;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Section = styled.section`
  border-top: 1px solid var(--border);
  padding-top: 10px;
`;

const Reports = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
`;

const Quote = styled.p`
  margin: 4px 0 0;
  padding-left: 10px;
  border-left: 3px solid var(--border);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Facts = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.92rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
