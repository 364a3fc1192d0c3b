/** The printed report of one phase: throughput, latency table, delivery, errors, stages, latency over time, CPU. */
import { type LatencyStats } from '../lib/load';
import { fmt, printTable } from '../lib/tables';
import { SLOT_NAMES, type Slot } from './message-ledger';
import type { PhaseResult } from './open-loop-load';
import { analysePhase, type PhaseAnalysis } from './phase-analysis';
import type { ServerTimes } from './server-times';
import { settings } from './settings';

const STATS_HEADER = ['p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'count'];
const statsCells = (stats: LatencyStats, digits = 1) => [
  fmt(stats.p50, digits),
  fmt(stats.p95, digits),
  fmt(stats.p99, digits),
  fmt(stats.max, digits),
  String(stats.count),
];

function printLatency(result: PhaseResult, analysis: PhaseAnalysis, measuredSlots: readonly Slot[]): void {
  const { latency, stored, delivered, deliverySpanS } = analysis;
  const receiverSockets = measuredSlots.map((slot) => SLOT_NAMES[slot]).join(' or ');
  console.log(`\n  ── ${result.name} run: ${result.records.length} messages scheduled over ${result.sendWindowS.toFixed(1)} s ──`);
  console.log(
    `  throughput  sent ${(result.records.length / result.sendWindowS).toFixed(1)}/s (target ${settings.rate}/s); answered 201: ${stored} (${(stored / result.sendWindowS).toFixed(1)}/s); ` +
      `delivered to the receiver: ${delivered} (${deliverySpanS > 0 ? (delivered / deliverySpanS).toFixed(1) : '–'}/s over ${deliverySpanS.toFixed(1)} s from the first send to the last delivery)`,
  );
  printTable(
    ['latency', ...STATS_HEADER],
    [
      ['HTTP POST /api/messages → 201 (from the intended send time)', ...statsCells(latency.http)],
      [`send → receiver's first push (${receiverSockets})`, ...statsCells(latency.receive)],
      ...(latency.crossReplica.count > 0
        ? [
            ["send → receiver's push on the replica that stored the message (same replica)", ...statsCells(latency.sameReplica)],
            ["send → receiver's push on the other replica (cross replica)", ...statsCells(latency.crossReplica)],
          ]
        : []),
      [`send → last push on all ${analysis.socketsPerMessage} sockets of sender and receiver`, ...statsCells(latency.allSockets)],
      ["201 received → receiver's first push", ...statsCells(latency.afterResponse)],
      ["scheduler lag (actual − intended send; the generator's own delay)", ...statsCells(latency.schedulerLag, 2)],
    ],
  );
}

function printDelivery(result: PhaseResult, analysis: PhaseAnalysis): void {
  const { stored, expectedPushes, receivedPushes } = analysis;
  console.log(
    `\n  delivery    expected ${expectedPushes} pushes (${stored} stored messages × ${analysis.socketsPerMessage} sockets), received ${receivedPushes}, lost ${expectedPushes - receivedPushes}; ` +
      `reach ${analysis.reach.toFixed(4)} (pushes received ÷ pushes owed for every message scheduled); ` +
      `messages the receiver never got: ${stored - analysis.delivered}` +
      (result.drainedAll
        ? ` (all in after ${result.drainedS.toFixed(1)} s of drain)`
        : ` (gave up after ${result.drainedS.toFixed(1)} s of drain; BENCH_DRAIN)`),
  );
  if (analysis.timestampMismatches > 0)
    console.log(`              ${analysis.timestampMismatches} pushes carried a send time different from the one sent (content altered?)`);
  const errors = result.records.length - stored;
  console.log(
    `  errors      ${errors} of ${result.records.length} sends were not 201 — statuses: ${[...analysis.statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
  );
}

function printStages({ stages, relayBatches }: PhaseAnalysis): void {
  if (!stages) return;
  console.log('\n  where the time goes (per stored message; server times from PostgreSQL, same clock; 2 to 5 each count from "stored")');
  printTable(
    ['stage', ...STATS_HEADER],
    [
      ['1 intended send → stored (client queue, HTTP, session + rate limit in Redis; messages.created_at)', ...statsCells(stages.toStore)],
      ["2 stored → receiver's push, same replica (insert message + outbox row, commit, live push to own sockets)", ...statsCells(stages.storeToSamePush)],
      ["3 stored → receiver's push, other replica (… + Redis pub/sub to the other replica, push)", ...statsCells(stages.storeToCrossPush)],
      ['4 stored → 201 at the client', ...statsCells(stages.storeTo201)],
      [
        '5 stored → outbox relay publishes the durable event (off the push path: pushes only where the live push did not arrive)',
        ...statsCells(stages.storeToRelay),
      ],
    ],
  );
  if (relayBatches.length > 0) {
    console.log(
      `\n  outbox relay ${relayBatches.length} passes published these messages: ${(relayBatches.reduce((a, b) => a + b, 0) / relayBatches.length).toFixed(1)} per pass on average, ` +
        `at most ${Math.max(...relayBatches)} (batch size limit 100; a pass per poll interval per replica, SKIP LOCKED between replicas)`,
    );
  }
}

function printOverTime({ overTime: { bucketS, buckets } }: PhaseAnalysis): void {
  printTable(
    [`over time (by send time, ${bucketS} s buckets)`, 'sent/s', 'p50 ms', 'p99 ms', 'max ms'],
    buckets.map(({ startS, sent, latency }) => [
      `${startS}–${startS + bucketS} s`,
      (sent / bucketS).toFixed(0),
      fmt(latency.p50, 1),
      fmt(latency.p99, 1),
      fmt(latency.max, 1),
    ]),
  );
}

/** Prints one phase's report; returns its analysis (the goals are judged on the measured run's). */
export function reportPhase(result: PhaseResult, measuredSlots: readonly Slot[], times: Map<number, ServerTimes>, cpu: string[][] | undefined): PhaseAnalysis {
  const analysis = analysePhase(result, measuredSlots, times);
  printLatency(result, analysis, measuredSlots);
  printDelivery(result, analysis);
  printStages(analysis);
  printOverTime(analysis);
  if (cpu) {
    console.log('');
    printTable(['CPU over the send window', 'cores'], cpu);
  }
  return analysis;
}
