/**
 * A listing's life as its owner and its visitors see it: "Expired" with Renew, the expiry date of a
 * running listing, "Mark as sold", and "Sold" on a sold listing's page (proto's listing-lifecycle.ts).
 */
import { useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import { useState } from 'react';
import styled from 'styled-components';
import { intlLocale } from '../lib/i18n';
import { renewListing } from '../lib/listings';
import { useToast } from '../lib/toast';
import { usePendingWrite } from '../lib/use-pending-write';
import { MarkSoldDialog } from './MarkSoldDialog';
import { Badge, Button } from './ui';
import { Callout } from './Callout';

/** A day and month in the active language: "Dec 28", "28 thg 12". */
function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric' });
}

/** Expired or sold beats the owner's own switch; undefined for a running listing. */
export function lifecycleState(listing: Listing): 'sold' | 'expired' | undefined {
  if (listing.soldAt) return 'sold';
  if (listing.expiredAt) return 'expired';
  return undefined;
}

export function LifecycleBadge({ state }: { state: 'sold' | 'expired' }) {
  const { t } = useLingui();
  return (
    <Badge $tone={state === 'sold' ? 'success' : 'accent'} data-testid="lifecycle-badge">
      {state === 'sold' ? t`Sold` : t`Expired`}
    </Badge>
  );
}

/** The dashboard's card for an expired listing: what happened, and Renew. */
export function ExpiredNotice({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  if (!listing.expiredAt) return null;
  const day = formatDay(listing.expiredAt);
  return (
    <Notice role="status" data-testid="expired-notice">
      <p>{t`This listing expired on ${day} and no longer shows in browse or search. Renew it to show it again for 30 days.`}</p>
      {!listing.moderationStatus && <RenewButton listing={listing} />}
    </Notice>
  );
}

export function RenewButton({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  const toast = useToast();
  const [renew, renewing] = usePendingWrite(
    async () => {
      await renewListing(listing.id);
      toast({ title: t`Listing renewed`, description: t`It shows in browse again for 30 days.` });
    },
    { title: t`Error`, description: t`Failed to update listing` },
  );
  return (
    <Button size="sm" onClick={() => void renew()} disabled={renewing} data-testid="renew-button">
      {t`Renew`}
    </Button>
  );
}

/** "Mark as sold" and its dialog, for a listing that is neither sold nor under review. */
export function MarkSoldButton({ listing, block = false, size = 'sm' }: { listing: Listing; block?: boolean; size?: 'sm' | 'md' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (listing.soldAt || listing.moderationStatus) return null;
  return (
    <>
      <Button variant="outline" size={size} block={block} onClick={() => setOpen(true)}>
        {t`Mark as sold`}
      </Button>
      <MarkSoldDialog key={String(open)} listing={listing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** When a running listing expires, in the dashboard's line of facts. */
export function ExpiresOn({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  if (!listing.expiresAt || lifecycleState(listing) || !listing.isActive) return null;
  const day = formatDay(listing.expiresAt);
  return <span data-testid="expires-on">{t`Expires ${day}`}</span>;
}

/** On a sold listing's page, for everyone: sold, and since when. */
export function SoldBanner({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  if (!listing.soldAt) return null;
  const day = formatDay(listing.soldAt);
  return (
    <Banner role="status" data-testid="sold-banner">
      <LifecycleBadge state="sold" />
      <span>{t`This item was sold on ${day}.`}</span>
    </Banner>
  );
}

const Notice = styled(Callout)`
  margin-top: 10px;
`;

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 16px;
  padding: 12px 14px;
  border-radius: var(--radius-sm);
  border: 1px solid var(--border);
  border-left: 4px solid var(--success, #15803d);
  background: var(--background);
  font-weight: 600;
`;
