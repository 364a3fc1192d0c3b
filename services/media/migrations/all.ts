/** Every migration of the service, one line each; index.ts runs them in the order of their names' timestamps. */
export * as _20261122150000_create_objects from './20261122150000_create_objects';
export * as _20261122150100_create_event_tables from './20261122150100_create_event_tables';
export * as _20261123100000_outbox_lease from './20261123100000_outbox_lease';
export * as _20261123120000_listing_photos from './20261123120000_listing_photos';
export * as _20261124090000_outbox_trace_context from './20261124090000_outbox_trace_context';
export * as _20261127070000_outbox_claim_order from './20261127070000_outbox_claim_order';
