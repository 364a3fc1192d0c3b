import type { Migration } from '@vnmarket/shared';
import * as createObjects from './20261122150000_create_objects';
import * as createEventTables from './20261122150100_create_event_tables';
import * as outboxLease from './20261123100000_outbox_lease';
import * as listingPhotos from './20261123120000_listing_photos';
import * as outboxTraceContext from './20261124090000_outbox_trace_context';
import * as outboxClaimOrder from './20261127070000_outbox_claim_order';

/** In order. Listed explicitly so they run the same under tsx, jest and compiled builds. */
export const migrations: Migration[] = [
  { name: '20261122150000_create_objects', ...createObjects },
  { name: '20261122150100_create_event_tables', ...createEventTables },
  { name: '20261123100000_outbox_lease', ...outboxLease },
  { name: '20261123120000_listing_photos', ...listingPhotos },
  { name: '20261124090000_outbox_trace_context', ...outboxTraceContext },
  { name: '20261127070000_outbox_claim_order', ...outboxClaimOrder },
];
