import type { Migration } from '@vnmarket/shared';
import * as createMessages from './20261122140000_create_messages';
import * as createEventTables from './20261122140100_create_event_tables';
import * as versionedReadCopies from './20261123090000_versioned_read_copies';
import * as outboxLease from './20261123100000_outbox_lease';
import * as outboxTraceContext from './20261124090000_outbox_trace_context';
import * as outboxClaimOrder from './20261127070000_outbox_claim_order';
import * as messageWarnings from './20261128153000_message_warnings';
import * as blocks from './20261128153100_blocks';
import * as notifications from './20261128190000_notifications';
import * as smsDigests from './20261128200000_sms_digests';

/** In order. Listed explicitly so they run the same under tsx, jest and compiled builds. */
export const migrations: Migration[] = [
  { name: '20261122140000_create_messages', ...createMessages },
  { name: '20261122140100_create_event_tables', ...createEventTables },
  { name: '20261123090000_versioned_read_copies', ...versionedReadCopies },
  { name: '20261123100000_outbox_lease', ...outboxLease },
  { name: '20261124090000_outbox_trace_context', ...outboxTraceContext },
  { name: '20261127070000_outbox_claim_order', ...outboxClaimOrder },
  { name: '20261128153000_message_warnings', ...messageWarnings },
  { name: '20261128153100_blocks', ...blocks },
  { name: '20261128190000_notifications', ...notifications },
  { name: '20261128200000_sms_digests', ...smsDigests },
];
