/** Every migration of the service, one line each; index.ts runs them in the order of their names' timestamps. */
export * as _20261122150000_create_verification_codes from './20261122150000_create_verification_codes';
export * as _20261122150100_create_event_tables from './20261122150100_create_event_tables';
export * as _20261123090000_versioned_contacts from './20261123090000_versioned_contacts';
export * as _20261123100000_outbox_lease from './20261123100000_outbox_lease';
export * as _20261124090000_outbox_trace_context from './20261124090000_outbox_trace_context';
export * as _20261127070000_outbox_claim_order from './20261127070000_outbox_claim_order';
export * as _20261128120100_contact_preferred_language from './20261128120100_contact_preferred_language';
export * as _20261128200100_digest_sms from './20261128200100_digest_sms';
