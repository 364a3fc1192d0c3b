/**
 * The three phases of a run: a warm-up (not counted), the measured run on both replicas, and the same load
 * through the gateway (one more socket per user via the gateway's /ws → replica A, every send through it).
 */
import { LOCALHOST, sleep } from '../lib/settings';
import { type Child } from '../lib/processes';
import { cpuRows, cpuSnapshot } from './cpu-usage';
import { errorSamples, SLOT } from './message-ledger';
import { runPhase, waitForDelivery, type PhaseResult } from './open-loop-load';
import { makeTarget, type SendTarget } from './send-message';
import { settledRssKb, type SocketMemory } from './socket-memory';
import { openSockets } from './sockets';
import { settings } from './settings';
import { users } from './users';

/** Sends alternate between replica A and B. */
export function twoReplicaTargets(): (k: number) => SendTarget {
  const targets = { A: makeTarget('replica A', settings.ports.messagingA, SLOT.A), B: makeTarget('replica B', settings.ports.messagingB, SLOT.B) };
  return (k: number) => (k % 2 === 0 ? targets.A : targets.B);
}

/** BENCH_WARMUP s of the same load, not counted; fails the run if not one send was answered 201. */
export async function warmUp(targetFor: (k: number) => SendTarget): Promise<void> {
  if (settings.warmup <= 0) return;
  console.log(`  warm-up   ${settings.warmup} s at ${settings.rate}/s (not counted) …`);
  const warm = await waitForDelivery(await runPhase('warm-up', settings.warmup, [SLOT.A, SLOT.B], targetFor));
  const warmOk = warm.records.filter((record) => record.status === 201).length;
  console.log(`            ${warmOk}/${warm.records.length} answered 201; drained in ${warm.drainedS.toFixed(1)} s`);
  if (warmOk === 0)
    throw new Error(
      `no send was answered 201 during the warm-up: ${[...errorSamples].map(([key, { count, sample }]) => `${key} ×${count}: ${sample}`).join('; ')}`,
    );
  await sleep(500);
}

/** The measured run on both replicas, with the CPU used over its send window. */
export async function measureDirect(targetFor: (k: number) => SendTarget, childGroups: Map<number, string>): Promise<{ result: PhaseResult; cpu: string[][] }> {
  console.log(`  measuring ${settings.duration} s at ${settings.rate}/s …`);
  const cpuBefore = cpuSnapshot(childGroups);
  const phase = await runPhase('measured', settings.duration, [SLOT.A, SLOT.B], targetFor);
  const cpuAfter = cpuSnapshot(childGroups);
  return { result: await waitForDelivery(phase), cpu: cpuRows(cpuBefore, cpuAfter) };
}

/** The gateway run: checks its route once, opens one more socket per user through it, sends through it. */
export async function measureThroughGateway(
  gateway: Child,
  childGroups: Map<number, string>,
): Promise<{ result: PhaseResult; cpu: string[][]; memory: SocketMemory }> {
  const probe = await fetch(`http://${LOCALHOST}:${settings.ports.gateway}/api/messages/unread-count`, {
    headers: { cookie: users[0]!.cookie },
    signal: AbortSignal.timeout(5000),
  });
  if (probe.status !== 200) throw new Error(`gateway: GET /api/messages/unread-count answered ${probe.status}, expected 200`);
  const rssBefore = await settledRssKb(gateway.process.pid);
  const opened = await openSockets(SLOT.gateway, settings.ports.gateway);
  await sleep(1000);
  const rssAfter = await settledRssKb(gateway.process.pid);
  console.log(
    `  gateway   ${users.length} more sockets through the gateway (→ A) in ${opened.toFixed(1)} s; sending ${settings.gatewayDuration} s at ${settings.rate}/s through it …`,
  );
  // The gateway sends to replica A.
  const viaGateway = makeTarget('gateway', settings.ports.gateway, SLOT.A);
  const cpuBefore = cpuSnapshot(childGroups);
  const phase = await runPhase('gateway', settings.gatewayDuration, [SLOT.A, SLOT.B, SLOT.gateway], () => viaGateway);
  const cpu = cpuRows(cpuBefore, cpuSnapshot(childGroups));
  return {
    result: await waitForDelivery(phase),
    cpu,
    memory: { name: 'gateway (its own sockets)', child: gateway, before: rssBefore, after: rssAfter, sockets: users.length },
  };
}
