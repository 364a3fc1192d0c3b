/**
 * The load: an open-loop schedule. Message k of a phase is due at start + k / rate; a 1 ms timer sends every
 * message that is due, from a random sender to another random user. Latencies count from the due time, so
 * time the generator itself lost is counted too (and reported as scheduler lag).
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sleep } from '../lib/settings';
import { alignClock, epochNow } from './clock';
import { counters, expectedPushes, receivedPushes, sent, type PhaseName, type SentMessage, type Slot } from './message-ledger';
import { sendMessage, type SendTarget } from './send-message';
import { settings } from './settings';
import { users } from './users';

/** One phase's sends: scheduled from startedAt over sendWindowS seconds. */
export interface Phase {
  name: PhaseName;
  records: SentMessage[];
  startedAt: number;
  sendWindowS: number;
}

/** A phase once its answers and pushes are in (or BENCH_DRAIN ran out). */
export interface PhaseResult extends Phase {
  drainedS: number;
  drainedAll: boolean;
}

/** Sends `seconds` × BENCH_RATE messages on schedule; `slots` are the sockets that must get each push; resolves when the last is sent. */
export async function runPhase(name: PhaseName, seconds: number, slots: readonly Slot[], targetFor: (k: number) => SendTarget): Promise<Phase> {
  alignClock();
  const total = Math.round(seconds * settings.rate);
  const records: SentMessage[] = [];
  const startedAt = epochNow();
  const intervalMs = 1000 / settings.rate;
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = epochNow();
      const due = Math.min(total, Math.floor((now - startedAt) / intervalMs) + 1);
      while (k < due) {
        const sender = randomInt(users.length);
        let receiver = randomInt(users.length - 1);
        if (receiver >= sender) receiver += 1;
        const target = targetFor(k);
        const record: SentMessage = {
          seq: sent.length,
          phase: name,
          sender,
          receiver,
          slots,
          storedBy: target.replica,
          scheduledAt: startedAt + k * intervalMs,
          startedAt: epochNow(),
          senderAt: [],
          receiverAt: [],
        };
        sent.push(record);
        records.push(record);
        sendMessage(target, record);
        k += 1;
      }
      if (k >= total) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  return { name, records, startedAt, sendWindowS: (epochNow() - startedAt) / 1000 };
}

/** Waits (BENCH_DRAIN s at most) until every send is answered and every expected push has arrived. */
export async function waitForDelivery(phase: Phase): Promise<PhaseResult> {
  const drainStart = performance.now();
  const complete = () => counters.inFlight === 0 && phase.records.every((record) => receivedPushes(record) >= expectedPushes(record));
  let drainedAll = complete();
  while (!drainedAll && performance.now() - drainStart < settings.drain * 1000) {
    await sleep(50);
    drainedAll = complete();
  }
  return { ...phase, drainedS: (performance.now() - drainStart) / 1000, drainedAll };
}
