/** The autocannon load, with every response's latency kept for exact percentiles and every response required to be a 200. */
import autocannon from 'autocannon';
import { onStopAll } from './processes';

let currentLoad: autocannon.Instance | undefined;
onStopAll(() => currentLoad?.stop());

export interface LoadSettings {
  connections: number;
  /** Seconds of load before measuring (not counted). */
  warmup: number;
  /** Measured seconds. */
  duration: number;
  pipelining: number;
  /** Seconds before a request counts as timed out (default 10). */
  timeout?: number;
  /** 'throw' (default): a response that is not a 200 fails the run; 'report': it is kept in `problem` and the run goes on. */
  onProblem?: 'throw' | 'report';
  /** Awaited between warm-up and measurement, e.g. until the server has worked off requests the warm-up left queued. */
  settle?: () => Promise<void>;
}

export interface LoadTarget {
  /** Where to send the load; with `paths`, only its origin counts. */
  url: string;
  headers?: Record<string, string>;
  /** GET paths every connection cycles through, in order (a mix of queries). */
  paths?: string[];
}

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Why not every response was a 200 (only with onProblem 'report'). */
  problem?: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Exact percentiles and maximum of every value (NaN when there are none). */
export function latencyStats(values: number[]): LatencyStats {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Every response must be a 200: anything else means we measured something other than the real path. Returns what was wrong. */
function problemOf(result: autocannon.Result, what: string): string | undefined {
  const otherStatuses = Object.entries(result.statusCodeStats).filter(([status]) => status !== '200');
  if (result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && otherStatuses.length === 0 && result['2xx'] > 0) return undefined;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(', ');
  return `${what}: not every response was a 200 — statuses: ${statuses || 'none'}; non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
}

async function load(target: LoadTarget, settings: LoadSettings, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: target.url,
    method: 'GET',
    headers: target.headers ?? {},
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    timeout: settings.timeout ?? 10,
  };
  // Given as undefined, requests would replace autocannon's default: only set it when there is a mix.
  if (target.paths) options.requests = target.paths.map((requestPath) => ({ method: 'GET', path: requestPath }));
  const instance = autocannon(options);
  currentLoad = instance;
  if (latencies) instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  try {
    return await instance;
  } finally {
    currentLoad = undefined;
  }
}

/**
 * Warm-up, then the measured run; every response must be a 200 (see LoadSettings.onProblem). Latency
 * percentiles are exact: every response's time is kept.
 */
export async function measureLoad(label: string, target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const width = Math.max(15, label.length);
  const problems: string[] = [];
  const check = (result: autocannon.Result, what: string) => {
    const problem = problemOf(result, what);
    if (problem && settings.onProblem !== 'report') throw new Error(problem);
    if (problem) problems.push(problem);
  };
  console.log(`  ${label.padEnd(width)} warm-up ${settings.warmup} s, then measuring ${settings.duration} s …`);
  if (settings.warmup > 0) check(await load(target, settings, settings.warmup), `${label} (warm-up)`);
  await settings.settle?.();
  const latencies: number[] = [];
  const result = await load(target, settings, settings.duration, latencies);
  check(result, label);
  const { p50, p95, p99, max } = latencyStats(latencies);
  const measurement: Measurement = {
    label,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50,
    p95,
    p99,
    max,
    ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
  };
  const outcome = problems.length > 0 ? `NOT all 200: ${problems.join('; ')}` : `all ${result['2xx']} responses were 200`;
  console.log(`  ${label.padEnd(width)} ${Math.round(measurement.requestsPerSecond)} req/s, ${outcome}`);
  return measurement;
}
