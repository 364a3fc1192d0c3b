/**
 * My Listings Dashboard (/dashboard): stat cards (Total Listings, Active, Total Views, Total Saves), tabs
 * All / Active / Inactive / Saved with counts; the first three are My Listings (components/MyListings.tsx,
 * also the profile's tab), Saved the member's saved listings as cards.
 */
import { useLingui } from '@lingui/react/macro';
import type { Listing, SavedListing } from '@vnmarket/proto/listings';
import { useState } from 'react';
import { ListingCard } from '../components/ListingCard';
import { MyListings, MyListingsSkeleton } from '../components/MyListings';
import { Stat, Stats } from '../components/StatTiles';
import { Tabs } from '../components/Tabs';
import { ButtonLink, CenteredMessage, Grid, Page, PageHead, PageTitle } from '../components/ui';
import { useRequireAuth } from '../lib/hooks';
import { formatNumber } from '../lib/i18n';
import { useOwnListings } from '../lib/listings';
import { useSaved } from '../lib/saved';

type Tab = 'all' | 'active' | 'inactive' | 'saved';
const TABS: Tab[] = ['all', 'active', 'inactive', 'saved'];

export default function Dashboard() {
  const { t } = useLingui();
  const { isAuthenticated, memberDataEnabled } = useRequireAuth(t`You need to be logged in to view your dashboard.`);
  const { data: listings, error } = useOwnListings(memberDataEnabled);
  const { data: saved } = useSaved(memberDataEnabled);
  const [tab, setTab] = useState<Tab>('all');

  if (!isAuthenticated) return null;
  const active = (listings ?? []).filter((listing) => listing.isActive);
  const inactive = (listings ?? []).filter((listing) => !listing.isActive);
  const own: Record<Exclude<Tab, 'saved'>, Listing[] | undefined> = { all: listings, active: listings && active, inactive: listings && inactive };
  const counts: Record<Tab, number> = { all: listings?.length ?? 0, active: active.length, inactive: inactive.length, saved: saved?.length ?? 0 };
  const tabLabel = (name: Tab) => {
    const count = counts[name];
    return { all: t`All (${count})`, active: t`Active (${count})`, inactive: t`Inactive (${count})`, saved: t`Saved (${count})` }[name];
  };

  return (
    <Page>
      <PageHead $spread>
        <PageTitle>{t`My Listings Dashboard`}</PageTitle>
        <ButtonLink to="/create-listing">{t`Create New Listing`}</ButtonLink>
      </PageHead>
      <Stats>
        <Stat label={t`Total Listings`} value={formatNumber(counts.all)} />
        <Stat label={t`Active`} value={formatNumber(counts.active)} />
        <Stat label={t`Total Views`} value={formatNumber((listings ?? []).reduce((sum, listing) => sum + listing.viewCount, 0))} />
        <Stat label={t`Total Saves`} value={formatNumber((listings ?? []).reduce((sum, listing) => sum + listing.saveCount, 0))} />
      </Stats>
      <Tabs<Tab>
        label={t`Listings`}
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map((name) => ({
          id: name,
          label: tabLabel(name),
          content: name === 'saved' ? <SavedListings saved={saved} /> : <MyListings listings={own[name]} error={error} />,
        }))}
      />
    </Page>
  );
}

/** The Saved tab: the member's saved listings as cards. */
function SavedListings({ saved }: { saved: SavedListing[] | undefined }) {
  const { t } = useLingui();
  if (!saved) return <MyListingsSkeleton />;
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
