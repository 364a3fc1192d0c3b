/** The lines printed before the run: what is measured, on what, and with which settings. */
import os from 'node:os';
import { machineSummary } from '../lib/settings';
import { settings } from './settings';

/** Direct sockets per user: one on each messaging replica. */
export const SOCKETS_PER_USER = 2;

export function printIntro(): void {
  const cores = os.cpus().length;
  console.log(
    `\nChat: ${settings.users} users, ${settings.users * SOCKETS_PER_USER} WebSockets on 2 messaging replicas, ${settings.rate} messages/s for ${settings.duration} s (open loop)`,
  );
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    `  NOTE      all ${cores} cores are shared by everything: this process (the load generator: ${settings.users * SOCKETS_PER_USER} sockets, the HTTP client),\n` +
      '            auth, both messaging replicas, the gateway, PostgreSQL, Redis and RabbitMQ — and whatever else runs on the machine.\n' +
      '            The numbers are those of this whole box under load, not of a dedicated messaging server.',
  );
  console.log(
    `  processes auth :${settings.ports.auth}, messaging A :${settings.ports.messagingA}, messaging B :${settings.ports.messagingB}, gateway :${settings.ports.gateway} → A ` +
      '(1 Node process each, tsx, NODE_ENV=production, LOG_LEVEL=warn)',
  );
  console.log(
    `  load      sends over HTTP alternately to A and B (${settings.httpConnections} keep-alive connections per target), random sender → other receiver, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s measured (BENCH_RATE, BENCH_WARMUP, BENCH_DURATION)`,
  );
}
