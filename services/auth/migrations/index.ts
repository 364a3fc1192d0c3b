import type { Migration } from '@vnmarket/shared';
import * as createUsers from './20261122120000_create_users';
import * as createSessions from './20261122120100_create_sessions';
import * as createReviews from './20261122120200_create_reviews';
import * as createEventTables from './20261122120300_create_event_tables';
import * as userVersions from './20261123090000_user_versions';
import * as outboxLease from './20261123100000_outbox_lease';
import * as phoneOwnedOnceVerified from './20261123110000_phone_owned_once_verified';
import * as conversationPartners from './20261123130000_conversation_partners';
import * as outboxTraceContext from './20261124090000_outbox_trace_context';
import * as outboxClaimOrder from './20261127070000_outbox_claim_order';
import * as userPreferredLanguage from './20261128120000_user_preferred_language';
import * as moderatorsAndSuspensions from './20261128160000_moderators_and_suspensions';
import * as earnedReviews from './20261128170000_earned_reviews';

/** In order. Listed explicitly so they run the same under tsx, jest and compiled builds. */
export const migrations: Migration[] = [
  { name: '20261122120000_create_users', ...createUsers },
  { name: '20261122120100_create_sessions', ...createSessions },
  { name: '20261122120200_create_reviews', ...createReviews },
  { name: '20261122120300_create_event_tables', ...createEventTables },
  { name: '20261123090000_user_versions', ...userVersions },
  { name: '20261123100000_outbox_lease', ...outboxLease },
  { name: '20261123110000_phone_owned_once_verified', ...phoneOwnedOnceVerified },
  { name: '20261123130000_conversation_partners', ...conversationPartners },
  { name: '20261124090000_outbox_trace_context', ...outboxTraceContext },
  { name: '20261127070000_outbox_claim_order', ...outboxClaimOrder },
  { name: '20261128120000_user_preferred_language', ...userPreferredLanguage },
  { name: '20261128160000_moderators_and_suspensions', ...moderatorsAndSuspensions },
  { name: '20261128170000_earned_reviews', ...earnedReviews },
];
