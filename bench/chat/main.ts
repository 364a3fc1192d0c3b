/**
 * npm run bench:chat (or make bench-chat): real-time chat under load, across two messaging replicas.
 *
 * One run:
 *   1. drops and recreates its own database (vnmarket_bench_chat), applies the auth and messaging migrations
 *      (their src/migrate.ts), and starts on 127.0.0.1 only: auth, messaging replicas A and B (same database,
 *      Redis key prefix and events exchange, different ports) and a gateway in front of A (start-services.ts);
 *   2. registers BENCH_USERS users (POST /api/register, BENCH_CONCURRENCY at a time) and waits until messaging's
 *      read copy of users (filled from user.registered events) holds every one of them (users.ts);
 *   3. opens 2 WebSockets per user, one on each replica (cookie + Origin on the upgrade, then the spec's
 *      {type:"authenticate", userId}; sockets.ts), and reads each replica's VmRSS before and after: memory per
 *      socket (socket-memory.ts);
 *   4. warm-up (BENCH_WARMUP s, not counted), then BENCH_DURATION s of messages between random pairs at
 *      BENCH_RATE messages/s, open loop: every message has an intended send time on a fixed schedule and all
 *      latencies are measured from it, so a slow server cannot hide its slowness by slowing the load down
 *      (open-loop-load.ts). Sends go over HTTP (POST /api/messages with the sender's cookie; send-message.ts),
 *      alternately to A and B; each content carries a unique id and its send time. Latency is measured at the
 *      RECEIVER's sockets (first push of that message on either of them); every socket of sender and receiver
 *      must get it once (message-ledger.ts);
 *   5. where the time goes: when each message was stored and when the outbox relay published its durable event,
 *      read back from PostgreSQL (same machine, same clock; server-times.ts), split send → push into stages, on the
 *      replica that stored the message and on the other one;
 *      CPU time of every process involved over the measured window (cpu-usage.ts);
 *   6. optionally (BENCH_GATEWAY_DURATION > 0) the same load through the gateway: one more socket per user via
 *      the gateway's /ws (→ replica A) and every send through the gateway's /api/messages (phases.ts);
 *   7. prints the report (phase-report.ts, socket-memory.ts, run-summary.ts; issue 14's goal 4 as reportGoals rows:
 *      p99, reach, cross- vs same-replica p99), then stops everything it started
 *      (also on an error, on Ctrl-C, when the run overshoots its time limit), deletes the run's Redis keys and
 *      RabbitMQ exchange and queues (broker-and-cache-cleanup.ts); the database is kept for inspection until
 *      the next run drops it.
 *
 * Settings (environment): see settings.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPortsFree, machineSummary, sleep } from '../lib/settings';
import { limitRunTime, runBench } from '../lib/processes';
import { cleanUpBrokerAndCache } from './broker-and-cache-cleanup';
import { printIntro, SOCKETS_PER_USER } from './intro';
import { counters, SLOT } from './message-ledger';
import { reportPhase } from './phase-report';
import { measureDirect, measureThroughGateway, twoReplicaTargets, warmUp } from './phases';
import { printIntegrity, reportChatGoals } from './run-summary';
import { serverTimes } from './server-times';
import { settings } from './settings';
import { printMemoryTable, settledRssKb, type SocketMemory } from './socket-memory';
import { openSockets, terminateAllSockets } from './sockets';
import { cpuGroupsOf, startServices, type ChatProcesses } from './start-services';
import { registerUsers, users, waitForReadCopies } from './users';

async function registerAllUsers(): Promise<void> {
  const registeredIn = await registerUsers();
  const knownAfter = await waitForReadCopies();
  console.log(
    `  users     ${users.length} registered in ${registeredIn.toFixed(1)} s (${(users.length / registeredIn).toFixed(0)}/s, ${settings.concurrency} at a time); ` +
      `messaging's read copy had all of them ${knownAfter.toFixed(1)} s later`,
  );
}

/** One socket per user on each replica, with each replica's RSS before and after. */
async function openReplicaSockets({ replicaA, replicaB }: ChatProcesses): Promise<SocketMemory[]> {
  await sleep(1000);
  const rssBefore = { A: await settledRssKb(replicaA.process.pid), B: await settledRssKb(replicaB.process.pid) };
  const openedA = await openSockets(SLOT.A, settings.ports.messagingA);
  const openedB = await openSockets(SLOT.B, settings.ports.messagingB);
  await sleep(2000);
  const rssAfter = { A: await settledRssKb(replicaA.process.pid), B: await settledRssKb(replicaB.process.pid) };
  console.log(
    `  sockets   ${users.length * SOCKETS_PER_USER} opened and authenticated in ${(openedA + openedB).toFixed(1)} s ` +
      `(A ${users.length} in ${openedA.toFixed(1)} s, B ${users.length} in ${openedB.toFixed(1)} s; ${settings.concurrency} at a time)`,
  );
  return [
    { name: 'messaging A', child: replicaA, before: rssBefore.A, after: rssAfter.A, sockets: users.length },
    { name: 'messaging B', child: replicaB, before: rssBefore.B, after: rssAfter.B, sockets: users.length },
  ];
}

async function main(tempDir: string): Promise<void> {
  await assertPortsFree(settings.ports);
  limitRunTime(300 + Math.ceil(settings.users / 5) + settings.warmup + settings.duration + settings.gatewayDuration + 3 * settings.drain + 60);
  printIntro();

  const processes = await startServices(tempDir);
  await registerAllUsers();
  const memory = await openReplicaSockets(processes);
  const socketsClosedBeforeLoad = counters.socketsClosed;

  const childGroups = cpuGroupsOf(processes);
  const twoReplicas = twoReplicaTargets();
  await warmUp(twoReplicas);
  const measured = await measureDirect(twoReplicas, childGroups);
  const viaGateway = processes.gateway ? await measureThroughGateway(processes.gateway, childGroups) : undefined;
  const times = await serverTimes();

  console.log('\n================================================================ results');
  console.log(`  machine   ${machineSummary()} — shared by everything listed under CPU, see NOTE above`);
  const report = reportPhase(measured.result, [SLOT.A, SLOT.B], times, measured.cpu);
  printMemoryTable([...memory, ...(viaGateway ? [viaGateway.memory] : [])]);
  printIntegrity(socketsClosedBeforeLoad);
  if (viaGateway) reportPhase(viaGateway.result, [SLOT.gateway], times, viaGateway.cpu);
  reportChatGoals(measured.result, report);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-chat-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, both messaging replicas and the gateway',
  cleanup: async () => {
    terminateAllSockets();
    rmSync(tempDir, { recursive: true, force: true });
    await cleanUpBrokerAndCache();
  },
});
