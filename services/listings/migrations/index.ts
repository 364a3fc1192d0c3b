import type { Migration } from '@vnmarket/shared';
import * as createListings from './20261122130000_create_listings';
import * as createEventTables from './20261122130100_create_event_tables';
import * as metadataStatistics from './20261122130200_metadata_statistics';
import * as listingVersions from './20261123090000_listing_versions';
import * as versionedSellers from './20261123090100_versioned_sellers';
import * as outboxLease from './20261123100000_outbox_lease';
import * as searchRanking from './20261123180000_search_ranking';
import * as searchLocationSynonyms from './20261123200000_search_location_synonyms';
import * as outboxTraceContext from './20261124090000_outbox_trace_context';
import * as dropSearchVector from './20261126100000_drop_search_vector';
import * as locationFolded from './20261126100100_location_folded';
import * as dropSearchWordsTrigram from './20261126143000_drop_search_words_trigram';
import * as dropLocationTrigram from './20261126173000_drop_location_trgm';
import * as recentTitles from './20261126190000_recent_titles';
import * as outboxClaimOrder from './20261127070000_outbox_claim_order';
import * as phoneReveals from './20261128151500_phone_reveals';
import * as moderationCases from './20261128160000_moderation_cases';
import * as sellerPhoneVerifiedAt from './20261128170000_seller_phone_verified_at';
import * as listingLifecycle from './20261128183000_listing_lifecycle';
import * as listingCoordinates from './20261128190000_listing_coordinates';
import * as listingCoordinatesBox from './20261128193000_listing_coordinates_box';
import * as savedSearches from './20261128200000_saved_searches';
import * as savedSearchKeys from './20261128210000_saved_search_keys';

/** In order. Listed explicitly so they run the same under tsx, jest and compiled builds. */
export const migrations: Migration[] = [
  { name: '20261122130000_create_listings', ...createListings },
  { name: '20261122130100_create_event_tables', ...createEventTables },
  { name: '20261122130200_metadata_statistics', ...metadataStatistics },
  { name: '20261123090000_listing_versions', ...listingVersions },
  { name: '20261123090100_versioned_sellers', ...versionedSellers },
  { name: '20261123100000_outbox_lease', ...outboxLease },
  { name: '20261123180000_search_ranking', ...searchRanking },
  { name: '20261123200000_search_location_synonyms', ...searchLocationSynonyms },
  { name: '20261124090000_outbox_trace_context', ...outboxTraceContext },
  { name: '20261126100000_drop_search_vector', ...dropSearchVector },
  { name: '20261126100100_location_folded', ...locationFolded },
  { name: '20261126143000_drop_search_words_trigram', ...dropSearchWordsTrigram },
  { name: '20261126173000_drop_location_trgm', ...dropLocationTrigram },
  { name: '20261126190000_recent_titles', ...recentTitles },
  { name: '20261127070000_outbox_claim_order', ...outboxClaimOrder },
  { name: '20261128151500_phone_reveals', ...phoneReveals },
  { name: '20261128160000_moderation_cases', ...moderationCases },
  { name: '20261128170000_seller_phone_verified_at', ...sellerPhoneVerifiedAt },
  { name: '20261128183000_listing_lifecycle', ...listingLifecycle },
  { name: '20261128190000_listing_coordinates', ...listingCoordinates },
  { name: '20261128193000_listing_coordinates_box', ...listingCoordinatesBox },
  { name: '20261128200000_saved_searches', ...savedSearches },
  { name: '20261128210000_saved_search_keys', ...savedSearchKeys },
];
