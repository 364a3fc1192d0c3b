/** The end of the report: integrity of the deliveries, the send errors, and the goal rows. */
import { fmt, reportGoals } from '../lib/tables';
import { SOCKETS_PER_USER } from './intro';
import { counters, errorSamples } from './message-ledger';
import type { PhaseResult } from './open-loop-load';
import type { PhaseAnalysis } from './phase-analysis';
import { GOAL, settings } from './settings';
import { users } from './users';

/** Everything that should not happen: duplicate, misdelivered or foreign pushes, error frames, sockets closed during the load. */
export function printIntegrity(socketsClosedBeforeLoad: number): void {
  const other = [
    counters.duplicates ? `${counters.duplicates} duplicate pushes` : '',
    counters.misdelivered ? `${counters.misdelivered} pushes to a user who was neither sender nor receiver` : '',
    counters.pushedButNot201 ? `${counters.pushedButNot201} pushes of messages whose send was not answered 201` : '',
    counters.foreignPushes ? `${counters.foreignPushes} pushes that were not ours` : '',
    counters.errorFrames ? `${counters.errorFrames} {type:"error"} frames` : '',
    counters.badFrames ? `${counters.badFrames} frames that were not JSON` : '',
    counters.socketsClosed > socketsClosedBeforeLoad ? `${counters.socketsClosed - socketsClosedBeforeLoad} sockets closed during the load` : '',
  ].filter(Boolean);
  console.log(`\n  integrity  ${other.length ? other.join('; ') : 'no duplicate, misdelivered or unexpected pushes; no socket closed during the load'}`);
  if (errorSamples.size > 0) {
    console.log('  send errors (all phases):');
    for (const [key, { count, sample }] of errorSamples) console.log(`    ${key} ×${count}${sample ? `: ${sample}` : ''}`);
  }
}

/**
 * Issue 14's goal 4, judged on the measured run (both replicas, direct), as rows of `make bench`'s table:
 * send → push p99, reach, and the cross-replica p99 against the same-replica p99 of the same run. Judged
 * only at the goal's load (BENCH_RATE ≥ 500 and BENCH_USERS ≥ 500); a smaller run shows its figures unjudged.
 */
export function reportChatGoals(measured: PhaseResult, analysis: PhaseAnalysis): void {
  const achieved = measured.records.length / measured.sendWindowS;
  const atGoalLoad = settings.rate >= GOAL.rate && users.length * SOCKETS_PER_USER >= GOAL.sockets;
  const judged = (met: boolean) => (atGoalLoad ? met : undefined);
  const { receive, sameReplica, crossReplica } = analysis.latency;
  const ratio = crossReplica.p99 / sameReplica.p99;
  const load = `${(users.length * SOCKETS_PER_USER).toLocaleString('en-US')} sockets, 2 replicas, ${settings.rate} msg/s`;
  console.log(`\n  goals     issue 14, goal 4 (measured run; sent ${achieved.toFixed(0)} messages/s)${atGoalLoad ? '' : ' — not judged: below the goal load'}`);
  reportGoals([
    {
      goal: '4 chat',
      measure: `send → receiver's push p99, ${load}`,
      figure: `${fmt(receive.p99, 1)} ms`,
      target: `≤ ${GOAL.p99Ms} ms`,
      baseline: `before: ${GOAL.beforeP99Ms} ms; p50 ${fmt(receive.p50, 1)} ms`,
      met: judged(receive.p99 <= GOAL.p99Ms && achieved >= settings.rate * 0.98),
    },
    {
      goal: '4 chat',
      measure: `reach: pushes received ÷ owed (every socket of sender and receiver), ${load}`,
      figure: analysis.reach.toFixed(4),
      target: '1.0',
      baseline: `${analysis.receivedPushes} of ${measured.records.length * analysis.socketsPerMessage}`,
      met: judged(analysis.reach >= 1),
    },
    {
      goal: '4 chat',
      measure: 'cross-replica p99 ÷ same-replica p99 (receiver socket on the other replica vs the storing one)',
      figure: `${fmt(ratio, 2)}× (${fmt(crossReplica.p99, 1)} ms)`,
      target: `≤ ${GOAL.crossToSameP99}×`,
      baseline: `same replica: ${fmt(sameReplica.p99, 1)} ms`,
      met: judged(ratio <= GOAL.crossToSameP99),
    },
  ]);
}
