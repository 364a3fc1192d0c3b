/**
 * The processes under test, on 127.0.0.1 only: a fresh database (dropped, recreated, auth and messaging
 * migrations), then auth, messaging replicas A and B (same database, Redis key prefix and events exchange,
 * different ports) and, for the gateway run, a gateway in front of A.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOCALHOST } from '../lib/settings';
import { authServiceEnv, gatewayEnv, runServiceEnv } from '../lib/service-env';
import { type Child, entryOf, runScript, startScript, waitUntilOk } from '../lib/processes';
import { recreateDatabase } from '../lib/seed';
import { cleanUpBrokerAndCache } from './broker-and-cache-cleanup';
import { databaseName, EXCHANGE, REDIS_PREFIX, settings } from './settings';

export interface ChatProcesses {
  auth: Child;
  replicaA: Child;
  replicaB: Child;
  /** Only when BENCH_GATEWAY_DURATION > 0. */
  gateway?: Child;
}

/** The environments of auth and of one messaging replica, with this run's signing keys in tempDir. */
function serviceEnvironments(tempDir: string): {
  authEnv: NodeJS.ProcessEnv;
  serviceEnv: NodeJS.ProcessEnv;
  messagingEnv: (port: number) => NodeJS.ProcessEnv;
} {
  // PUBLIC_ORIGINS is lib/service-env's placeholder: sockets and sends carry the Origin of the process they talk to (same-origin).
  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, { databaseUrl: settings.databaseUrl, redisKeyPrefix: REDIS_PREFIX, eventsExchange: EXCHANGE });
  const authEnv: NodeJS.ProcessEnv = {
    ...authServiceEnv(serviceEnv, privateKeyFile, settings.ports.auth),
    // Fast, unthrottled sign-up and sign-in for 500 users: setup speed only, not what is measured.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    LOGIN_MAX_FAILURES_PER_IDENTIFIER: '1000000',
  };
  const messagingEnv = (port: number): NodeJS.ProcessEnv => ({
    ...serviceEnv,
    PORT: String(port),
    MESSAGES_PER_MINUTE: '1000000',
    FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: '1000000',
    // A: the direct socket and, in the gateway run, the one through the gateway.
    WS_MAX_SOCKETS_PER_USER: '4',
    ...(settings.profileDir
      ? {
          // A folder per replica and Node's own file names (they carry the thread): under one fixed name, the
          // profile of tsx's loader thread replaced the main thread's.
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.join(settings.profileDir, `messaging-${port}`)}`.trim(),
        }
      : {}),
  });
  return { authEnv, serviceEnv, messagingEnv };
}

/** Prepares the database, starts every process and waits until each is ready. */
export async function startServices(tempDir: string): Promise<ChatProcesses> {
  const started = performance.now();
  await cleanUpBrokerAndCache().catch((error: Error) => console.log(`  (could not clear leftovers of an earlier run: ${error.message})`));
  await recreateDatabase(settings.databaseUrl);
  const { authEnv, serviceEnv, messagingEnv } = serviceEnvironments(tempDir);
  await runScript('auth migrations', entryOf('auth', 'migrate'), authEnv, 120_000);
  await runScript('messaging migrations', entryOf('messaging', 'migrate'), serviceEnv, 120_000);
  if (settings.profileDir) console.log(`  profiling both messaging replicas (--cpu-prof, some overhead): profiles go to ${settings.profileDir} when they stop`);
  console.log(`  database  ${databaseName} dropped, recreated and migrated (auth, messaging) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const auth = startScript('auth', entryOf('auth', 'main'), authEnv);
  const replicaA = startScript('messaging A', entryOf('messaging', 'main'), messagingEnv(settings.ports.messagingA));
  const replicaB = startScript('messaging B', entryOf('messaging', 'main'), messagingEnv(settings.ports.messagingB));
  const gateway =
    settings.gatewayDuration > 0
      ? startScript(
          'gateway',
          entryOf('gateway', 'main'),
          gatewayEnv(settings.ports.gateway, { auth: settings.ports.auth, messaging: settings.ports.messagingA }),
        )
      : undefined;
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.messagingA}/readyz`, 'messaging A', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.messagingB}/readyz`, 'messaging B', 60_000);
  // Only some services run, so the gateway's /healthz stays 503: its /livez, and the gateway run checks its routes.
  if (gateway) await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gateway}/livez`, 'gateway', 60_000);
  return { auth, replicaA, replicaB, gateway };
}

/** Which CPU group each started process counts in. */
export function cpuGroupsOf({ auth, replicaA, replicaB, gateway }: ChatProcesses): Map<number, string> {
  const childGroups = new Map<number, string>();
  for (const [child, group] of [
    [auth, 'auth'],
    [replicaA, 'messaging A'],
    [replicaB, 'messaging B'],
    [gateway, 'gateway'],
  ] as const) {
    if (child?.process.pid !== undefined) childGroups.set(child.process.pid, group);
  }
  return childGroups;
}
