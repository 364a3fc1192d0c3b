/** Every migration of the service, one line each; index.ts runs them in the order of their names' timestamps. */
export * as _20261122120000_create_users from './20261122120000_create_users';
export * as _20261122120100_create_sessions from './20261122120100_create_sessions';
export * as _20261122120200_create_reviews from './20261122120200_create_reviews';
export * as _20261122120300_create_event_tables from './20261122120300_create_event_tables';
export * as _20261123090000_user_versions from './20261123090000_user_versions';
export * as _20261123100000_outbox_lease from './20261123100000_outbox_lease';
export * as _20261123110000_phone_owned_once_verified from './20261123110000_phone_owned_once_verified';
export * as _20261123130000_conversation_partners from './20261123130000_conversation_partners';
export * as _20261124090000_outbox_trace_context from './20261124090000_outbox_trace_context';
export * as _20261127070000_outbox_claim_order from './20261127070000_outbox_claim_order';
export * as _20261128120000_user_preferred_language from './20261128120000_user_preferred_language';
export * as _20261128160000_moderators_and_suspensions from './20261128160000_moderators_and_suspensions';
export * as _20261128170000_earned_reviews from './20261128170000_earned_reviews';
