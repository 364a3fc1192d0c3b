/**
 * My Listings, on the dashboard (per tab) and on the profile's tab: each of the member's own listings with
 * its photo, title, two lines of description, category and status badges, price ("/month", "/hour"),
 * location, views and saves, posted and expiry dates, and View, Edit, Deactivate/Activate, Mark as sold and
 * Delete. Delete asks first, in a dialog: "Are you sure?" / "This action cannot be undone...".
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { CATEGORY_INFO } from '../lib/catalog';
import { formatPrice } from '../lib/format';
import { useFailureToast } from '../lib/hooks';
import { deleteListing, setListingActive } from '../lib/listings';
import { useToast } from '../lib/toast';
import { formatDay } from '../lib/users';
import { Dialog, DialogActions } from './Dialog';
import { ImageIcon } from './Icons';
import { Cluster, Stack } from './layout';
import { CountsRow, ListingCounts } from './ListingCounts';
import { ExpiredNotice, ExpiresOn, LifecycleBadge, lifecycleState, MarkSoldButton } from './ListingLifecycle';
import { ModerationBadge, ModerationNotice } from './ModerationNotice';
import { Badge, Button, ButtonLink, Card, CenteredMessage, LoadFailed, PlainList, Skeleton } from './ui';

/** `listings` undefined: still loading. */
export function MyListings({ listings, error }: { listings: Listing[] | undefined; error: unknown }) {
  const { t } = useLingui();
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const toast = useToast();
  const failed = useFailureToast();
  const list = useRef<HTMLUListElement>(null);
  // The dialog hands focus back to the deleted listing's Delete button, which then leaves with the listing
  // (focus would drop to <body>): focus moves on to the first action of the listing now in its place (or
  // the one before it), else to the tab panel. A failed delete keeps the listing and focus where they are.
  const refocus = useRef<{ id: string; index: number; panel: HTMLElement | null; settled: boolean } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    if (listings?.some((listing) => listing.id === pending.id)) {
      if (pending.settled) refocus.current = null;
      return;
    }
    refocus.current = null;
    const items = list.current?.children ?? [];
    const next = items[Math.min(pending.index, items.length - 1)];
    (next?.querySelector<HTMLElement>('a[href], button') ?? pending.panel)?.focus();
  }, [listings]);

  const setActive = async (listing: Listing, isActive: boolean) => {
    try {
      await setListingActive(listing.id, isActive);
      toast({ title: t`Listing status updated` });
    } catch (cause) {
      failed(cause, { title: t`Error`, description: t`Failed to update listing` });
    }
  };
  const remove = async (listing: Listing) => {
    setDeleting(null);
    const index = Math.max(0, listings?.findIndex((item) => item.id === listing.id) ?? 0);
    const pending = { id: listing.id, index, panel: list.current?.closest<HTMLElement>('[role="tabpanel"]') ?? null, settled: false };
    refocus.current = pending;
    try {
      await deleteListing(listing.id);
      toast({ title: t`Listing deleted successfully` });
    } catch (cause) {
      failed(cause, { title: t`Error`, description: t`Failed to delete listing` });
    }
    pending.settled = true;
  };

  if (error) return <LoadFailed title={t`Failed to load listings`} />;
  if (!listings) return <MyListingsSkeleton />;
  if (listings.length === 0) {
    return (
      <CenteredMessage>
        <h2>{t`No listings here yet`}</h2>
        <ButtonLink to="/create-listing">{t`Create Your First Listing`}</ButtonLink>
      </CenteredMessage>
    );
  }
  return (
    <>
      {/* The tab names the section; the heading keeps the outline in order for screen readers (h1 → h2 → h3). */}
      <h2 className="visually-hidden">{t`My Listings`}</h2>
      <PlainList $gap={12} ref={list}>
        {listings.map((listing) => (
          <MyListing key={listing.id} listing={listing} onToggle={setActive} onDelete={setDeleting} />
        ))}
      </PlainList>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Are you sure?`}
        description={t`This action cannot be undone. This will permanently delete your listing and remove it from our servers.`}
        testId="delete-dialog"
      >
        <ConfirmActions>
          <Button variant="outline" onClick={() => setDeleting(null)}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" onClick={() => deleting && void remove(deleting)}>
            {t`Delete`}
          </Button>
        </ConfirmActions>
      </Dialog>
    </>
  );
}

/** One own listing; Deactivate/Activate only while neither a moderator's decision nor its life (expired, sold) rules. */
function MyListing({
  listing,
  onToggle,
  onDelete,
}: {
  listing: Listing;
  onToggle: (listing: Listing, isActive: boolean) => Promise<void>;
  onDelete: (listing: Listing) => void;
}) {
  const { t, i18n } = useLingui();
  const short = CATEGORY_INFO[listing.category]?.short;
  const lifecycle = lifecycleState(listing);
  const image = listing.images[0];
  const title = listing.title;
  const posted = formatDay(listing.createdAt);
  return (
    <Item as="li" data-testid="dashboard-listing">
      {image ? (
        <Thumb src={thumbnailPathOf(image)} alt="" loading="lazy" />
      ) : (
        <Thumb as="div" aria-hidden="true">
          <ImageIcon size={28} />
        </Thumb>
      )}
      <Stack $gap={4}>
        <TitleRow>
          <h3>{listing.title}</h3>
          <Badge $tone="primary">{short ? i18n._(short) : listing.category}</Badge>
          {listing.moderationStatus ? (
            <ModerationBadge status={listing.moderationStatus} />
          ) : lifecycle ? (
            <LifecycleBadge state={lifecycle} />
          ) : (
            <Badge $tone={listing.isActive ? 'success' : 'neutral'}>{listing.isActive ? t`Active` : t`Inactive`}</Badge>
          )}
        </TitleRow>
        <Description>{listing.description}</Description>
        <Price>{formatPrice(listing.price, listing.priceType)}</Price>
        <CountsRow>
          <span>{listing.location}</span>
          <ListingCounts listing={listing} />
          <span>
            <Trans>
              Posted <time dateTime={listing.createdAt}>{posted}</time>
            </Trans>
          </span>
          <ExpiresOn listing={listing} />
        </CountsRow>
        <ModerationNotice listing={listing} />
        <ExpiredNotice listing={listing} />
      </Stack>
      <Actions $gap={8}>
        <ButtonLink to={`/listing/${listing.id}`} variant="outline" size="sm" aria-label={t`View ${title}`}>
          {t`View`}
        </ButtonLink>
        <ButtonLink to={`/listing/${listing.id}/edit`} variant="outline" size="sm" aria-label={t`Edit ${title}`}>
          {t`Edit`}
        </ButtonLink>
        {/* Only a moderator's decision brings a held or removed listing back; a renewal an expired one; sold stays sold. */}
        {!listing.moderationStatus && !lifecycle && (
          <Button variant="outline" size="sm" onClick={() => void onToggle(listing, !listing.isActive)}>
            {listing.isActive ? t`Deactivate` : t`Activate`}
          </Button>
        )}
        <MarkSoldButton listing={listing} />
        <Button variant="danger" size="sm" onClick={() => onDelete(listing)} aria-label={t`Delete ${title}`}>
          {t`Delete`}
        </Button>
      </Actions>
    </Item>
  );
}

/** The loading state: three rows, as shapes. */
export function MyListingsSkeleton() {
  return (
    <PlainList $gap={12} aria-hidden="true">
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} as="li" $height="112px" $radius="12px" />
      ))}
    </PlainList>
  );
}

const Item = styled(Card)`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: center;
  padding: 12px;
  ${media.belowTablet} {
    grid-template-columns: 72px minmax(0, 1fr);
  }
`;

const Thumb = styled.img`
  display: grid;
  place-items: center;
  width: 96px;
  height: 96px;
  border-radius: 8px;
  object-fit: cover;
  background: var(--subtle);
  color: #a8a29e;
  ${media.belowTablet} {
    width: 72px;
    height: 72px;
  }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  h3 {
    font-size: 1.05rem;
    font-weight: 650;
    overflow-wrap: anywhere;
  }
`;

const Description = styled.p`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  color: var(--muted);
  font-size: 0.9rem;
`;

const Price = styled.p`
  font-weight: 700;
  color: var(--primary);
`;

const Actions = styled(Cluster)`
  > * {
    min-height: 44px;
  }
  ${media.belowTablet} {
    grid-column: 1 / -1;
    > * {
      flex: 1 1 0;
    }
  }
`;

const ConfirmActions = styled(DialogActions)`
  margin-top: 12px;
`;
