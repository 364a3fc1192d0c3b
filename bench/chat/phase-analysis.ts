/** What one phase's records say: latencies, delivery, statuses, server-side stages, latency over time. */
import { latencyStats, type LatencyStats } from '../lib/load';
import { expectedPushes, receivedPushes, SLOT, type Slot } from './message-ledger';
import type { PhaseResult } from './open-loop-load';
import type { ServerTimes } from './server-times';

export interface PhaseAnalysis {
  /** Sends answered 201. */
  stored: number;
  /** Sockets of sender and receiver that must get each push. */
  socketsPerMessage: number;
  latency: {
    http: LatencyStats;
    receive: LatencyStats;
    /** Send → the receiver's socket on the replica that stored the message (A and B runs only). */
    sameReplica: LatencyStats;
    /** Send → the receiver's socket on the other replica (A and B runs only). */
    crossReplica: LatencyStats;
    allSockets: LatencyStats;
    afterResponse: LatencyStats;
    schedulerLag: LatencyStats;
  };
  /** Pushes received over pushes owed for every message scheduled (a failed send owes all of its pushes). */
  reach: number;
  /** Stored messages the receiver got, and over how long from the first send to the last delivery. */
  delivered: number;
  deliverySpanS: number;
  expectedPushes: number;
  receivedPushes: number;
  /** Pushes whose content carried a send time other than the one sent. */
  timestampMismatches: number;
  /** HTTP status (or why there is none) → how many sends. */
  statuses: Map<string, number>;
  /** Send → receive split into stages by the server times; undefined when none were read back. */
  stages?: { toStore: LatencyStats; storeToSamePush: LatencyStats; storeToCrossPush: LatencyStats; storeTo201: LatencyStats; storeToRelay: LatencyStats };
  /** Messages published per outbox relay pass. */
  relayBatches: number[];
  /** Latency by send time: does it stay flat (jitter) or grow (a backlog: the rate is above capacity)? */
  overTime: { bucketS: number; buckets: { startS: number; sent: number; latency: LatencyStats }[] };
}

/** The other messaging replica's socket slot, for a message stored by A or B. */
const otherReplica = (slot: Slot): Slot | undefined => (slot === SLOT.A ? SLOT.B : slot === SLOT.B ? SLOT.A : undefined);

/** The earliest arrival among these slots. */
function firstOf(values: (number | undefined)[], slots: readonly Slot[]): number | undefined {
  let first: number | undefined;
  for (const slot of slots) {
    const value = values[slot];
    if (value !== undefined && (first === undefined || value < first)) first = value;
  }
  return first;
}

/** `measuredSlots`: the receiver's sockets whose first push counts as "received". */
export function analysePhase(result: PhaseResult, measuredSlots: readonly Slot[], times: Map<number, ServerTimes>): PhaseAnalysis {
  const { records } = result;
  const ok = records.filter((record) => record.status === 201);
  const receiveLatencies: number[] = [];
  const allSocketsLatencies: number[] = [];
  const afterResponse: number[] = [];
  const sameReplica: number[] = [];
  const crossReplica: number[] = [];
  const stages = {
    toStore: [] as number[],
    storeToSamePush: [] as number[],
    storeToCrossPush: [] as number[],
    storeTo201: [] as number[],
    storeToRelay: [] as number[],
  };
  const relayPasses = new Map<number, number>();
  let delivered = 0;
  let lastDelivery = result.startedAt;
  let timestampMismatches = 0;
  for (const record of ok) {
    const first = firstOf(record.receiverAt, measuredSlots);
    if (first !== undefined) {
      delivered += 1;
      lastDelivery = Math.max(lastDelivery, first);
      // Send-to-receive, from the send time the content carried.
      const sentAt = record.contentSentAt ?? record.scheduledAt;
      if (Math.abs(sentAt - record.scheduledAt) > 0.01) timestampMismatches += 1;
      receiveLatencies.push(first - sentAt);
      if (record.respondedAt !== undefined) afterResponse.push(first - record.respondedAt);
    }
    const other = otherReplica(record.storedBy);
    const same = measuredSlots.includes(record.storedBy) ? record.receiverAt[record.storedBy] : undefined;
    const cross = other !== undefined && measuredSlots.includes(other) ? record.receiverAt[other] : undefined;
    if (same !== undefined) sameReplica.push(same - record.scheduledAt);
    if (cross !== undefined) crossReplica.push(cross - record.scheduledAt);
    if (receivedPushes(record) === expectedPushes(record)) {
      let last = 0;
      for (const slot of record.slots) last = Math.max(last, record.senderAt[slot] ?? 0, record.receiverAt[slot] ?? 0);
      allSocketsLatencies.push(last - record.scheduledAt);
    }
    const server = times.get(record.seq);
    if (server && record.respondedAt !== undefined) {
      stages.toStore.push(server.storedAt - record.scheduledAt);
      stages.storeTo201.push(record.respondedAt - server.storedAt);
      if (same !== undefined) stages.storeToSamePush.push(same - server.storedAt);
      if (cross !== undefined) stages.storeToCrossPush.push(cross - server.storedAt);
      if (server.relayAt !== undefined) {
        stages.storeToRelay.push(server.relayAt - server.storedAt);
        relayPasses.set(server.relayAt, (relayPasses.get(server.relayAt) ?? 0) + 1);
      }
    }
  }

  const statuses = new Map<string, number>();
  for (const record of records) {
    const key = record.status === undefined ? 'no answer yet' : record.status === 0 ? 'network error/timeout' : String(record.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }

  const bucketS = Math.max(1, Math.round(result.sendWindowS / 6));
  const buckets = new Map<number, { sent: number; latencies: number[] }>();
  for (const record of records) {
    const bucket = Math.floor((record.scheduledAt - result.startedAt) / 1000 / bucketS);
    const entry = buckets.get(bucket) ?? { sent: 0, latencies: [] };
    entry.sent += 1;
    const first = record.status === 201 ? firstOf(record.receiverAt, measuredSlots) : undefined;
    if (first !== undefined) entry.latencies.push(first - record.scheduledAt);
    buckets.set(bucket, entry);
  }

  return {
    stored: ok.length,
    socketsPerMessage: (ok[0]?.slots.length ?? 0) * 2,
    latency: {
      http: latencyStats(records.filter((record) => record.respondedAt !== undefined).map((record) => record.respondedAt! - record.scheduledAt)),
      receive: latencyStats(receiveLatencies),
      sameReplica: latencyStats(sameReplica),
      crossReplica: latencyStats(crossReplica),
      allSockets: latencyStats(allSocketsLatencies),
      afterResponse: latencyStats(afterResponse),
      schedulerLag: latencyStats(records.map((record) => record.startedAt - record.scheduledAt)),
    },
    reach:
      records.length === 0
        ? 0
        : records.reduce((sum, record) => sum + (record.status === 201 ? receivedPushes(record) : 0), 0) / (records.length * records[0]!.slots.length * 2),
    delivered,
    deliverySpanS: (lastDelivery - result.startedAt) / 1000,
    expectedPushes: records.reduce((sum, record) => sum + expectedPushes(record), 0),
    receivedPushes: records.reduce((sum, record) => sum + (record.status === 201 ? receivedPushes(record) : 0), 0),
    timestampMismatches,
    statuses,
    ...(stages.toStore.length > 0
      ? {
          stages: {
            toStore: latencyStats(stages.toStore),
            storeToSamePush: latencyStats(stages.storeToSamePush),
            storeToCrossPush: latencyStats(stages.storeToCrossPush),
            storeTo201: latencyStats(stages.storeTo201),
            storeToRelay: latencyStats(stages.storeToRelay),
          },
        }
      : {}),
    relayBatches: [...relayPasses.values()],
    overTime: {
      bucketS,
      buckets: [...buckets.entries()]
        .sort(([a], [b]) => a - b)
        .map(([bucket, entry]) => ({ startS: bucket * bucketS, sent: entry.sent, latency: latencyStats(entry.latencies) })),
    },
  };
}
