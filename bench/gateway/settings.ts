/** The gateway benchmark's settings, its targets and scenarios, and the ports of its two sets of proxies. */
import path from 'node:path';
import { benchDatabaseName, envInt, envPorts } from '../lib/settings';
import type { Measurement } from '../lib/load';

export const settings = {
  rounds: envInt('BENCH_ROUNDS', 3, 1),
  duration: envInt('BENCH_DURATION', 5, 1),
  warmup: envInt('BENCH_WARMUP', 2, 0),
  connections: envInt('BENCH_CONNECTIONS', 20, 1),
  pipelining: 1,
  nginxWorkers: process.env.BENCH_NGINX_WORKERS || '1',
  ports: envPorts({
    gatewayAuth: 4131,
    gatewayStub: 4132,
    gatewayListings: 4133,
    gateway: 8210,
    gatewayNginx: 8211,
    gatewayCompare: 8212,
    gatewayFloor: 8213,
    gatewayFloorUndici: 8214,
  }),
  listings: envInt('BENCH_GATEWAY_LISTINGS', 53, 1),
  databaseUrl: process.env.BENCH_GATEWAY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_gateway',
  profileDir: process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined,
  compareGateway: process.env.BENCH_COMPARE_GATEWAY ? path.resolve(process.env.BENCH_COMPARE_GATEWAY) : undefined,
  load: process.env.BENCH_GATEWAY_LOAD || 'wrk',
  nginxKeepalive: 64,
};
if (!/^(auto|[1-9]\d*)$/.test(settings.nginxWorkers)) {
  console.error(`bench: BENCH_NGINX_WORKERS must be a positive integer or "auto" (got "${settings.nginxWorkers}")`);
  process.exit(1);
}
if (settings.load !== 'wrk' && settings.load !== 'autocannon') {
  console.error(`bench: BENCH_GATEWAY_LOAD must be wrk or autocannon (got "${settings.load}")`);
  process.exit(1);
}
benchDatabaseName(settings.databaseUrl, 'BENCH_GATEWAY_DATABASE_URL');

export type TargetName = 'direct' | 'gateway' | 'nginx' | 'floor' | 'floorUndici' | 'compare';
export type ProxyTarget = Exclude<TargetName, 'direct'>;

/** One set of proxies in front of the same upstreams: each one's port, and the processes whose CPU time is its cost. */
export interface ProxySet {
  ports: Record<ProxyTarget, number>;
  pids: Map<ProxyTarget, number[]>;
}

export interface Scenario {
  name: string;
  /** What the table and goal rows call it. */
  title: string;
  path: string;
  /** Port of the service answering directly. */
  directPort: number;
  /** The proxies in front of it. */
  proxies: ProxySet;
  /** Whether its rows are goal 2's (else context). */
  judged: boolean;
  /** Its process (for its CPU per request: what the answer costs the service, beside what it costs the proxy). */
  upstreamPid: number;
  headers: Record<string, string>;
  /** Checks one answer, so that we measure the real path (throws otherwise). */
  check(response: Response, body: unknown): void;
}

export type Loader = 'wrk' | 'autocannon';

/** One scenario measured by one load generator, over every round. */
export interface Pass {
  scenario: Scenario;
  loader: Loader;
  rounds: Round[];
}

export interface Round {
  round: number;
  target: TargetName;
  measurement: Measurement;
  /** CPU time the proxy's processes used per answered request while measured, in µs (none for direct). */
  proxyCpuMicros?: number;
  /** CPU time the service used per answered request while measured, in µs. */
  upstreamCpuMicros: number;
  /** Cores of the whole machine busy while measured: near all of them, the target is bound by CPU. */
  machineBusyCores: number;
}

const TARGET_LABELS: Partial<Record<TargetName, string>> = { compare: 'gateway (compare)', floor: 'Node floor', floorUndici: 'Node floor, undici' };
export const targetLabel = (target: TargetName) => TARGET_LABELS[target] ?? target;

export const targetPort = (target: TargetName, scenario: Scenario): number => (target === 'direct' ? scenario.directPort : scenario.proxies.ports[target]);

/** The first proxy set's ports (auth and the stub), from the settings. */
export const FIRST_PROXY_PORTS: Record<ProxyTarget, number> = {
  gateway: settings.ports.gateway,
  nginx: settings.ports.gatewayNginx,
  floor: settings.ports.gatewayFloor,
  floorUndici: settings.ports.gatewayFloorUndici,
  compare: settings.ports.gatewayCompare,
};
/** The listings scenario's proxies: each port of the first set + 10. */
export const LISTINGS_PROXY_PORTS = Object.fromEntries(Object.entries(FIRST_PROXY_PORTS).map(([target, port]) => [target, port + 10])) as Record<
  ProxyTarget,
  number
>;
