/**
 * wrk (Debian's package) as a second load generator. autocannon runs in the bench's own Node process and, on
 * these 2 cores, shares them with the servers it measures; its cost grows with the bytes of each answer, so
 * where answers are larger than /livez's (a browse page: 5–8 KB brotli) its req/s measures autocannon as much
 * as the server. wrk, in C, reads an answer for a fraction of that, so its req/s is nearer the server's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runToEnd } from './lib/processes';
import { findOrInstallDebianTool } from './lib/nginx';

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  /** From the report script's `done` (wrk --latency prints 50, 75, 90 and 99 only). */
  p95Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx or 3xx, and socket errors (connect, read, write, timeout). */
  failures: number;
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(match[1]) * MS_PER_UNIT[match[2]!]!;
}

/** The figures of `wrk --latency`'s report; throws when a figure the bench needs is missing. */
export function parseWrkReport(report: string): WrkResult {
  const requiredMatch = (pattern: RegExp, what: string) => {
    const match = pattern.exec(report);
    if (!match) throw new Error(`wrk: no ${what} in its report:\n${report}`);
    return match;
  };
  const requests = Number(requiredMatch(/^\s*(\d+) requests in /m, 'request count')[1]);
  const requestsPerSecond = Number(requiredMatch(/^Requests\/sec:\s+([\d.]+)/m, 'Requests/sec')[1]);
  const p50Ms = durationMs(requiredMatch(/^\s+50%\s+(\S+)/m, '50th percentile (run with --latency)')[1]!);
  const p95Ms = Number(requiredMatch(/^p95_us (\d+)$/m, 'p95 (the report script)')[1]) / 1000;
  const p99Ms = durationMs(requiredMatch(/^\s+99%\s+(\S+)/m, '99th percentile (run with --latency)')[1]!);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { requestsPerSecond, requests, p50Ms, p95Ms, p99Ms, failures: non2xx + errors };
}

export interface WrkTarget {
  url: string;
  headers?: Record<string, string>;
}

/** Adds the p95 to wrk's report. Only `done` is defined, so wrk's per-request path stays in C. */
const REPORT_SCRIPT = 'done = function(summary, latency, requests)\n  io.write(string.format("p95_us %d\\n", latency:percentile(95)))\nend\n';

let reportScriptFile: string | undefined;
function reportScript(): string {
  if (!reportScriptFile) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-wrk-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    reportScriptFile = path.join(dir, 'report.lua');
    writeFileSync(reportScriptFile, REPORT_SCRIPT);
  }
  return reportScriptFile;
}

/** One thread, so that wrk takes at most one of the two cores, as autocannon in this process does. */
async function runWrk(binary: string, target: WrkTarget, connections: number, seconds: number): Promise<WrkResult> {
  const headers = Object.entries(target.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', reportScript(), ...headers, target.url];
  const { code, output } = await runToEnd(binary, args, process.env, (seconds + 30) * 1000);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output}`);
  return parseWrkReport(output);
}

/** Warm-up, then the measured run; throws unless every answer of the measured run was a 2xx. */
export async function measureWithWrk(
  binary: string,
  label: string,
  target: WrkTarget,
  settings: { connections: number; warmup: number; duration: number; settle?: () => Promise<void> },
): Promise<WrkResult> {
  console.log(`  ${label} (wrk) warm-up ${settings.warmup} s, then measuring ${settings.duration} s …`);
  if (settings.warmup > 0) await runWrk(binary, target, settings.connections, settings.warmup);
  await settings.settle?.();
  const result = await runWrk(binary, target, settings.connections, settings.duration);
  if (result.failures > 0) throw new Error(`${label} (wrk): ${result.failures} of ${result.requests} answers were not 2xx, or the socket failed`);
  console.log(`  ${label} (wrk) ${Math.round(result.requestsPerSecond)} req/s, all ${result.requests} answers 2xx`);
  return result;
}

export const findOrInstallWrk = () => findOrInstallDebianTool('wrk');
