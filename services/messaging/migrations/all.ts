/** Every migration of the service, one line each; index.ts runs them in the order of their names' timestamps. */
export * as _20261122140000_create_messages from './20261122140000_create_messages';
export * as _20261122140100_create_event_tables from './20261122140100_create_event_tables';
export * as _20261123090000_versioned_read_copies from './20261123090000_versioned_read_copies';
export * as _20261123100000_outbox_lease from './20261123100000_outbox_lease';
export * as _20261124090000_outbox_trace_context from './20261124090000_outbox_trace_context';
export * as _20261127070000_outbox_claim_order from './20261127070000_outbox_claim_order';
export * as _20261128153000_message_warnings from './20261128153000_message_warnings';
export * as _20261128153100_blocks from './20261128153100_blocks';
export * as _20261128190000_notifications from './20261128190000_notifications';
export * as _20261128200000_sms_digests from './20261128200000_sms_digests';
export * as _20261207100000_notifications_by_age from './20261207100000_notifications_by_age';
