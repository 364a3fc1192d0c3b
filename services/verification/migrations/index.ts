import type { Migration } from '@vnmarket/shared';
import * as createVerificationCodes from './20261122150000_create_verification_codes';
import * as createEventTables from './20261122150100_create_event_tables';
import * as versionedContacts from './20261123090000_versioned_contacts';
import * as outboxLease from './20261123100000_outbox_lease';
import * as outboxTraceContext from './20261124090000_outbox_trace_context';
import * as outboxClaimOrder from './20261127070000_outbox_claim_order';
import * as contactPreferredLanguage from './20261128120100_contact_preferred_language';
import * as digestSms from './20261128200100_digest_sms';

/** In order. Listed explicitly so they run the same under tsx, jest and compiled builds. */
export const migrations: Migration[] = [
  { name: '20261122150000_create_verification_codes', ...createVerificationCodes },
  { name: '20261122150100_create_event_tables', ...createEventTables },
  { name: '20261123090000_versioned_contacts', ...versionedContacts },
  { name: '20261123100000_outbox_lease', ...outboxLease },
  { name: '20261124090000_outbox_trace_context', ...outboxTraceContext },
  { name: '20261127070000_outbox_claim_order', ...outboxClaimOrder },
  { name: '20261128120100_contact_preferred_language', ...contactPreferredLanguage },
  { name: '20261128200100_digest_sms', ...digestSms },
];
