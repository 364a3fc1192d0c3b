/** The end of the report: integrity of the deliveries, the send errors, and whether the aim was met. */
import { fmt, type LatencyStats } from '../lib';
import { counters, errorSamples, expectedPushes, receivedPushes } from './message-ledger';
import type { PhaseResult } from './open-loop-load';
import { AIM, settings } from './settings';

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

/** The product owner's aim, judged on the measured (direct) run. */
export function printAimVerdict(measured: PhaseResult, receive: LatencyStats): void {
  const achieved = measured.records.length / measured.sendWindowS;
  const lost = measured.records.some((record) => record.status !== 201 || receivedPushes(record) < expectedPushes(record));
  const verdict =
    settings.rate < AIM.rate
      ? `not evaluated (BENCH_RATE=${settings.rate} is below the aim's rate)`
      : receive.p99 < AIM.p99Ms && achieved >= AIM.rate * 0.98 && !lost
        ? 'MET'
        : 'NOT MET';
  console.log(
    `\n  aim       p99 send → receive < ${AIM.p99Ms} ms at ${AIM.rate} messages/s on this machine, every message delivered: ${verdict} — ` +
      `p99 ${fmt(receive.p99, 1)} ms at ${achieved.toFixed(0)} messages/s sent (two replicas, direct)${lost ? ', with sends that failed or pushes lost' : ''}`,
  );
}
