/**
 * My Listings Dashboard (/dashboard): stat cards (Total Listings, Active, Total Views,
 * Total Saves), tabs All / Active / Inactive / Saved with counts, and each own listing with View, Edit,
 * Deactivate/Activate (PATCH isActive) and Delete after a confirm dialog ("This action cannot be
 * undone"). Prices show 2 decimals.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Listing, SavedListing } from '@vnmarket/proto/listings';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Dialog, DialogActions } from '../components/Dialog';
import { Tabs } from '../components/Tabs';
import { ListingCard } from '../components/ListingCard';
import { ExpiredNotice, ExpiresOn, LifecycleBadge, lifecycleState, MarkSoldButton } from '../components/ListingLifecycle';
import { ModerationBadge, ModerationNotice } from '../components/ModerationNotice';
import { Badge, Button, ButtonLink, Card, CenteredMessage, Container, Grid, LoadFailed, PageTitle, Skeleton } from '../components/ui';
import { apiRequest } from '../lib/api';
import { media } from '../lib/breakpoints';
import { CATEGORY_INFO } from '../lib/catalog';
import { formatUsd } from '../lib/format';
import { useDeleteListing, useFailureToast, useRequireAuth } from '../lib/hooks';
import { useOwnListings, useSaved } from '../lib/screen-reads';
import { revalidateListings } from '../lib/cache-writes';
import { useToast } from '../lib/toast';
import { formatNumber } from '../lib/i18n';

type Tab = 'all' | 'active' | 'inactive' | 'saved';
const TABS: Tab[] = ['all', 'active', 'inactive', 'saved'];

export default function Dashboard() {
  const { t } = useLingui();
  const { isAuthenticated, memberDataEnabled } = useRequireAuth(t`You need to be logged in to view your dashboard.`);
  const { data: listings, error } = useOwnListings(memberDataEnabled);
  const { data: saved } = useSaved(memberDataEnabled);
  const [tab, setTab] = useState<Tab>('all');
  const [deleting, setDeleting] = useState<Listing | null>(null);
  const toast = useToast();
  const failed = useFailureToast();
  const deleteListing = useDeleteListing();
  const list = useRef<HTMLDivElement>(null);
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

  if (!isAuthenticated) return null;
  const active = (listings ?? []).filter((listing) => listing.isActive);
  const inactive = (listings ?? []).filter((listing) => !listing.isActive);
  const own: Record<Exclude<Tab, 'saved'>, Listing[]> = { all: listings ?? [], active, inactive };
  const counts: Record<Tab, number> = { all: listings?.length ?? 0, active: active.length, inactive: inactive.length, saved: saved?.length ?? 0 };
  const tabLabel = (name: Tab) => {
    const count = counts[name];
    return { all: t`All (${count})`, active: t`Active (${count})`, inactive: t`Inactive (${count})`, saved: t`Saved (${count})` }[name];
  };

  const setActive = async (listing: Listing, isActive: boolean) => {
    try {
      await apiRequest('PATCH', `/api/listings/${listing.id}`, { isActive });
      toast({ title: t`Listing status updated` });
      await revalidateListings();
    } catch (cause) {
      failed(cause, { title: t`Error`, description: t`Failed to update listing` });
    }
  };
  const remove = async (listing: Listing) => {
    setDeleting(null);
    const index = tab === 'saved' ? 0 : own[tab].findIndex((item) => item.id === listing.id);
    const pending = { id: listing.id, index: Math.max(0, index), panel: list.current?.closest<HTMLElement>('[role="tabpanel"]') ?? null, settled: false };
    refocus.current = pending;
    await deleteListing(listing.id);
    pending.settled = true;
  };

  return (
    <Container>
      <Head>
        <PageTitle>{t`My Listings Dashboard`}</PageTitle>
        <ButtonLink to="/create-listing">{t`Create New Listing`}</ButtonLink>
      </Head>
      <Stats>
        <Stat label={t`Total Listings`} value={counts.all} />
        <Stat label={t`Active`} value={counts.active} />
        <Stat label={t`Total Views`} value={(listings ?? []).reduce((sum, listing) => sum + listing.viewCount, 0)} />
        <Stat label={t`Total Saves`} value={(listings ?? []).reduce((sum, listing) => sum + listing.saveCount, 0)} />
      </Stats>
      <Tabs<Tab>
        label={t`Listings`}
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map((name) => ({
          id: name,
          label: tabLabel(name),
          content: error ? (
            <LoadFailed title={t`Failed to load listings`} />
          ) : name === 'saved' ? (
            <SavedListings saved={saved} />
          ) : !listings ? (
            <Rows />
          ) : own[name].length === 0 ? (
            <CenteredMessage>
              <h2>{t`No listings here yet`}</h2>
              <ButtonLink to="/create-listing">{t`Create Your First Listing`}</ButtonLink>
            </CenteredMessage>
          ) : (
            <List ref={list}>
              {own[name].map((listing) => (
                <OwnListing key={listing.id} listing={listing} onToggle={setActive} onDelete={setDeleting} />
              ))}
            </List>
          ),
        }))}
      />
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
    </Container>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <StatCard data-testid="stat">
      <span>{label}</span>
      <strong>{formatNumber(value)}</strong>
    </StatCard>
  );
}

/** One of the member's listings with View, Edit, Deactivate/Activate and Delete (which asks first). */
function OwnListing({
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
  const views = listing.viewCount;
  const saves = listing.saveCount;
  return (
    <Item data-testid="dashboard-listing">
      {listing.images[0] ? <Thumb src={listing.images[0].replace(/\.webp$/, '-thumb.webp')} alt="" /> : <Thumb as="div" aria-hidden="true" />}
      <Details>
        <h2>{listing.title}</h2>
        <Description>{listing.description}</Description>
        <Meta>
          <Badge $tone="primary">{short ? i18n._(short) : listing.category}</Badge>
          {listing.moderationStatus ? (
            <ModerationBadge status={listing.moderationStatus} />
          ) : lifecycle ? (
            <LifecycleBadge state={lifecycle} />
          ) : (
            <Badge $tone={listing.isActive ? 'success' : 'neutral'}>{listing.isActive ? t`Active` : t`Inactive`}</Badge>
          )}
          <strong>{formatUsd(listing.price)}</strong>
          <span>{listing.location}</span>
          <ExpiresOn listing={listing} />
          <span>
            {t`${plural(views, { one: '# view', other: '# views' })}`} · {t`${plural(saves, { one: '# save', other: '# saves' })}`}
          </span>
        </Meta>
        <ModerationNotice listing={listing} />
        <ExpiredNotice listing={listing} />
      </Details>
      <Actions>
        <ButtonLink to={`/listing/${listing.id}`} variant="outline" size="sm">
          {t`View`}
        </ButtonLink>
        <ButtonLink to={`/listing/${listing.id}/edit`} variant="outline" size="sm">
          {t`Edit`}
        </ButtonLink>
        {/* Only a moderator's decision brings a held or removed listing back; a renewal an expired one; sold stays sold. */}
        {!listing.moderationStatus && !lifecycle && (
          <Button variant="outline" size="sm" onClick={() => void onToggle(listing, !listing.isActive)}>
            {listing.isActive ? t`Deactivate` : t`Activate`}
          </Button>
        )}
        <MarkSoldButton listing={listing} />
        <Button variant="danger" size="sm" onClick={() => onDelete(listing)}>
          {t`Delete`}
        </Button>
      </Actions>
    </Item>
  );
}

/** The Saved tab: the member's saved listings as cards. */
function SavedListings({ saved }: { saved: SavedListing[] | undefined }) {
  const { t } = useLingui();
  if (!saved) return <Rows />;
  if (saved.length === 0) {
    return (
      <CenteredMessage>
        <h2>{t`No saved listings yet`}</h2>
        <ButtonLink to="/">{t`Browse Listings`}</ButtonLink>
      </CenteredMessage>
    );
  }
  return (
    <Grid>
      {saved.map((item) => (
        <ListingCard key={item.id} listing={item.listing} />
      ))}
    </Grid>
  );
}

/** The loading state: three skeleton rows. */
function Rows() {
  return (
    <List aria-hidden="true">
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} $height="96px" data-testid="dashboard-skeleton" />
      ))}
    </List>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 24px 0 16px;
`;

const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 12px;
  margin-bottom: 20px;
  ${media.belowTablet} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const StatCard = styled(Card)`
  display: grid;
  gap: 4px;
  padding: 14px 16px;
  span {
    color: var(--muted);
    font-size: 0.9rem;
  }
  strong {
    font-size: 1.5rem;
  }
`;

const List = styled.div`
  display: grid;
  gap: 12px;
`;

const Item = styled(Card)`
  display: grid;
  grid-template-columns: 96px 1fr auto;
  gap: 14px;
  align-items: center;
  padding: 12px;
  ${media.belowTablet} {
    grid-template-columns: 72px 1fr;
  }
`;

const Thumb = styled.img`
  width: 96px;
  height: 96px;
  border-radius: 8px;
  object-fit: cover;
  background: var(--primary-soft);
  ${media.belowTablet} {
    width: 72px;
    height: 72px;
  }
`;

const Details = styled.div`
  min-width: 0;
  h2 {
    font-size: 1.05rem;
    margin: 0 0 4px;
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

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  margin-top: 6px;
  font-size: 0.9rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  ${media.belowTablet} {
    grid-column: 1 / -1;
  }
`;

const ConfirmActions = styled(DialogActions)`
  margin-top: 12px;
`;
