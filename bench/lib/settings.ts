/** The settings every benchmark reads from the environment, its checks before a run, and how fast the machine is. */
import { closeSync, openSync, readSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isListening } from '../../scripts/lib/local';

export const root = path.resolve(__dirname, '../..');
export const LOCALHOST = '127.0.0.1';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An integer setting from the environment; exits with a message when it is not one. */
export function envInt(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`bench: ${name} must be an integer >= ${min} (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

/**
 * The database a benchmark drops and recreates every run, named by the setting `variable`; exits with a
 * message unless its name contains "bench" (so that it can never be a real database).
 */
export function benchDatabaseName(databaseUrl: string, variable: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name.includes('bench')) {
    console.error(`bench: ${variable} must name a database whose name contains "bench" (it is dropped each run); got "${name}"`);
    process.exit(1);
  }
  return name;
}

/** A port's setting: BENCH_<NAME>_PORT (messagingA → BENCH_MESSAGING_A_PORT). */
const portVariable = (name: string) => `BENCH_${name.replace(/([A-Z])/g, '_$1').toUpperCase()}_PORT`;

/** The run's ports, each from its setting (BENCH_<NAME>_PORT) or its default. */
export function envPorts<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  return Object.fromEntries(Object.entries<number>(defaults).map(([name, port]) => [name, envInt(portVariable(name), port, 1)])) as Record<Name, number>;
}

/** Fails when one of the run's ports is taken (its setting is BENCH_<NAME>_PORT; messagingA → BENCH_MESSAGING_A_PORT). */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    const variable = portVariable(name);
    if (await isListening(LOCALHOST, port, 1000)) throw new Error(`port ${port} (${name}) is already in use; stop whatever holds it or set ${variable}`);
  }
}

/**
 * How fast this machine is right now, in two figures measured in this process: the median of 3 timings of
 * 100 million additions (one core's speed), and of 100,000 one-byte reads of /dev/zero (what a system call
 * costs: these benches are mostly system calls on loopback sockets). The shared VMs they run on differ from
 * day to day, and every figure of a run moves with these two: compare runs only with them beside.
 */
function machineSpeed(): { additionsMs: number; readsMs: number } {
  const median = (run: () => void) => {
    const timings = [0, 1, 2].map(() => {
      const started = performance.now();
      run();
      return performance.now() - started;
    });
    return timings.sort((a, b) => a - b)[1]!;
  };
  const additionsMs = median(() => {
    let sum = 0;
    for (let i = 0; i < 100_000_000; i += 1) sum += i * 0.5;
    if (sum < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  });
  const fd = openSync('/dev/zero', 'r');
  const byte = Buffer.alloc(1);
  try {
    const readsMs = median(() => {
      for (let i = 0; i < 100_000; i += 1) readSync(fd, byte, 0, 1, null);
    });
    return { additionsMs, readsMs };
  } finally {
    closeSync(fd);
  }
}

/** One line about the machine: the numbers only mean something next to it. */
export function machineSummary(): string {
  const cpus = os.cpus();
  const speed = machineSpeed();
  return (
    `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; ` +
    `speed: 100M additions ${Math.round(speed.additionsMs)} ms, 100k read() calls ${Math.round(speed.readsMs)} ms (lower is faster)`
  );
}
