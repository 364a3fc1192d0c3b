/**
 * The record of every message the benchmark sends: when it was due, sent and answered, and when each
 * socket of its sender and receiver got the push; plus the counters of everything that should not happen.
 */

/** Socket slots per user: one on each replica, and one through the gateway (gateway run only). */
export const SLOT = { A: 0, B: 1, gateway: 2 } as const;
export type Slot = (typeof SLOT)[keyof typeof SLOT];
export const SLOT_NAMES = ['replica A', 'replica B', 'gateway'] as const;

export type PhaseName = 'warm-up' | 'measured' | 'gateway';

export interface SentMessage {
  seq: number;
  phase: PhaseName;
  sender: number;
  receiver: number;
  /** The sockets (slots) of sender and receiver that are open in this phase: each must get the push once. */
  slots: readonly Slot[];
  /** The replica the send went to (directly or through the gateway): the one that stores the message. */
  storedBy: Slot;
  /** Intended send time (epoch ms): latencies count from here (open loop). */
  scheduledAt: number;
  startedAt: number;
  respondedAt?: number;
  /** HTTP status; 0 for a network error or a timeout. */
  status?: number;
  /** Push arrival per slot (epoch ms). */
  senderAt: (number | undefined)[];
  receiverAt: (number | undefined)[];
  /** The send time read back from the pushed content (must equal scheduledAt). */
  contentSentAt?: number;
}

/** Every message of the run, by seq. */
export const sent: SentMessage[] = [];

export const counters = {
  duplicates: 0,
  /** Pushes of a bench message to a user who is neither its sender nor its receiver. */
  misdelivered: 0,
  /** Pushes of a message whose send did not answer 201. */
  pushedButNot201: 0,
  /** new_message pushes that are not ours (should be none). */
  foreignPushes: 0,
  errorFrames: 0,
  badFrames: 0,
  socketsClosed: 0,
  /** Sends not answered yet. */
  inFlight: 0,
};

/** Failed sends by kind ("replica A: HTTP 429"), with the first answer of each kind. */
export const errorSamples = new Map<string, { count: number; sample: string }>();

export function noteError(key: string, sample: string): void {
  const entry = errorSamples.get(key) ?? { count: 0, sample };
  entry.count += 1;
  errorSamples.set(key, entry);
}

/** A message's content carries its seq and its send time, so a push and a stored row can be traced back to it. */
export const CONTENT = /^bench #(\d+) sent ([\d.]+) /;
export const contentFor = (seq: number, sentAt: number) =>
  `bench #${seq} sent ${sentAt.toFixed(3)} — Chào anh, phòng còn không? Mình muốn xem phòng cuối tuần này.`;

export function expectedPushes(record: SentMessage): number {
  return record.status === 201 ? record.slots.length * 2 : 0;
}

export function receivedPushes(record: SentMessage): number {
  let count = 0;
  for (const slot of record.slots) count += (record.senderAt[slot] !== undefined ? 1 : 0) + (record.receiverAt[slot] !== undefined ? 1 : 0);
  return count;
}
