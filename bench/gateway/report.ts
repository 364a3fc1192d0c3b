/** The gateway benchmark's results: each scenario's table over the rounds, its ratios and goal 2's rows. */
import { latencyStats } from '../lib/load';
import { fmt, type GoalRow, printTable, ratioFigure } from '../lib/tables';
import { type Loader, type Pass, type Round, type Scenario, settings, type TargetName, targetLabel } from './settings';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => latencyStats(values).p50;

export interface Summary {
  target: TargetName;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Per-round req/s. */
  perRound: number[];
  /** Median over the rounds of the proxy's CPU µs per request. */
  proxyCpuMicros?: number;
  /** Median over the rounds of the service's CPU µs per request. */
  upstreamCpuMicros: number;
  /** Median over the rounds of the machine's busy cores. */
  machineBusyCores: number;
}

/** Per target: mean req/s over the rounds, median of each latency percentile over the rounds. */
function summarize(rounds: Round[], targets: TargetName[]): Map<TargetName, Summary> {
  const summaries = new Map<TargetName, Summary>();
  for (const target of targets) {
    const ours = rounds.filter((round) => round.target === target);
    const mine = ours.map((round) => round.measurement);
    if (mine.length === 0) continue;
    const cpu = ours.flatMap((round) => (round.proxyCpuMicros === undefined ? [] : [round.proxyCpuMicros]));
    summaries.set(target, {
      target,
      requestsPerSecond: mean(mine.map((one) => one.requestsPerSecond)),
      p50: median(mine.map((one) => one.p50)),
      p95: median(mine.map((one) => one.p95)),
      p99: median(mine.map((one) => one.p99)),
      perRound: mine.map((one) => one.requestsPerSecond),
      upstreamCpuMicros: median(ours.map((round) => round.upstreamCpuMicros)),
      machineBusyCores: median(ours.map((round) => round.machineBusyCores)),
      ...(cpu.length > 0 ? { proxyCpuMicros: median(cpu) } : {}),
    });
  }
  return summaries;
}

/** Per-round ratios of a to b's req/s (the rounds pair them up). */
function roundRatios(rounds: Round[], a: TargetName, b: TargetName): number[] {
  const ratios: number[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    const ofA = rounds.find((one) => one.round === round && one.target === a)?.measurement.requestsPerSecond;
    const ofB = rounds.find((one) => one.round === round && one.target === b)?.measurement.requestsPerSecond;
    if (ofA !== undefined && ofB) ratios.push(ofA / ofB);
  }
  return ratios;
}

const range = (values: number[]) => (values.length > 0 ? `${fmt(Math.min(...values), 2)}–${fmt(Math.max(...values), 2)}` : '–');
const reqs = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

export function printScenario({ scenario, loader, rounds }: Pass, targets: TargetName[]): Map<TargetName, Summary> {
  const summaries = summarize(rounds, targets);
  console.log(`\n  ${scenario.title}, loaded by ${loader}: ${settings.rounds} rounds, mean req/s and the median of each round's percentiles`);
  printTable(
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'proxy CPU µs/req', 'service CPU µs/req', 'machine busy cores', 'req/s per round'],
    [...summaries.values()].map((summary) => [
      targetLabel(summary.target),
      fmt(summary.requestsPerSecond, 0),
      fmt(summary.p50, 2),
      fmt(summary.p95, 2),
      fmt(summary.p99, 2),
      summary.proxyCpuMicros === undefined ? '–' : fmt(summary.proxyCpuMicros, 0),
      fmt(summary.upstreamCpuMicros, 0),
      fmt(summary.machineBusyCores, 2),
      summary.perRound.map((value) => fmt(value, 0)).join(' / '),
    ]),
  );
  const pairs: [TargetName, TargetName][] = [
    ['gateway', 'direct'],
    ['gateway', 'nginx'],
    ['nginx', 'direct'],
    ['floor', 'direct'],
    ['floor', 'nginx'],
    ['gateway', 'floor'],
    ['floorUndici', 'nginx'],
    ['floorUndici', 'floor'],
    ['gateway', 'compare'],
    ['compare', 'direct'],
  ];
  console.log('\n  req/s ratios (of the means; per-round range in brackets)');
  for (const [a, b] of pairs) {
    const ofA = summaries.get(a);
    const ofB = summaries.get(b);
    if (!ofA || !ofB) continue;
    const label = `${targetLabel(a)} / ${targetLabel(b)}`;
    console.log(`    ${label.padEnd(32)} ${fmt(ofA.requestsPerSecond / ofB.requestsPerSecond, 2)}  [${range(roundRatios(rounds, a, b))}]`);
  }
  return summaries;
}

const signedMs = (difference: number) => `${difference >= 0 ? '+' : '−'}${fmt(Math.abs(difference), 2)} ms`;

/**
 * Goal 2's rows from a scenario: the gateway's req/s against direct and nginx, and its p99 against nginx's;
 * each baseline says too what the Node floor reached on the same measure (how near any Node proxy gets).
 */
export function goalRows(
  scenario: Scenario,
  summaries: Map<TargetName, Summary>,
  alongside?: { loader: Loader; summaries: Map<TargetName, Summary> },
): GoalRow[] {
  const direct = summaries.get('direct');
  const gateway = summaries.get('gateway');
  const nginx = summaries.get('nginx');
  const floor = summaries.get('floor');
  const floorUndici = summaries.get('floorUndici');
  const floorRatio = (of: Summary) =>
    [
      floor && `; Node floor ${fmt(floor.requestsPerSecond / of.requestsPerSecond, 2)}`,
      floorUndici && `, undici ${fmt(floorUndici.requestsPerSecond / of.requestsPerSecond, 2)}`,
    ]
      .filter(Boolean)
      .join('');
  /** The same figure by the other load generator, gateway against `of` (its req/s ratio, or its p99 difference). */
  const byOther = (of: TargetName, measure: (gateway: Summary, other: Summary) => string) => {
    const [otherGateway, other] = [alongside?.summaries.get('gateway'), alongside?.summaries.get(of)];
    return alongside && otherGateway && other ? `; by ${alongside.loader}: ${measure(otherGateway, other)}` : '';
  };
  const ratioOf = (a: Summary, b: Summary) => fmt(a.requestsPerSecond / b.requestsPerSecond, 2);
  const { judged } = scenario;
  /** A row; judged scenarios carry the target and whether it is met, the others are context. */
  const row = (measure: string, figure: string, target: string, met: boolean, baseline: string): GoalRow => ({
    goal: '2 gateway',
    measure: `${scenario.title}: ${measure}`,
    figure,
    target: judged ? target : '– (context)',
    baseline,
    ...(judged ? { met } : {}),
  });
  /** The gateway's req/s against `of`'s (direct or nginx), beside its target ratio. */
  const ratioRow = (of: 'direct' | 'nginx', ofSummary: Summary, gatewaySummary: Summary, target: number) => {
    const ratio = gatewaySummary.requestsPerSecond / ofSummary.requestsPerSecond;
    const baseline = `${of} ${reqs(ofSummary.requestsPerSecond)}${floorRatio(ofSummary)}${byOther(of, ratioOf)}`;
    return row(`gateway / ${of} req/s`, ratioFigure(ratio, target), `≥ ${fmt(target, 2)}`, ratio >= target, baseline);
  };
  const rows: GoalRow[] = [];
  if (direct && gateway) rows.push(ratioRow('direct', direct, gateway, 0.85));
  if (nginx && gateway) {
    rows.push(ratioRow('nginx', nginx, gateway, 0.95));
    const difference = gateway.p99 - nginx.p99;
    const baseline =
      `nginx p99 ${fmt(nginx.p99, 2)} ms${floor ? `; Node floor ${signedMs(floor.p99 - nginx.p99)}` : ''}` +
      `${floorUndici ? `, undici ${signedMs(floorUndici.p99 - nginx.p99)}` : ''}${byOther('nginx', (a, b) => signedMs(a.p99 - b.p99))}`;
    rows.push(row('gateway p99 − nginx p99', signedMs(difference), '≤ 2 ms', difference <= 2, baseline));
  }
  return rows;
}

/** How to read the tables: what each figure is, and why the goal is judged by wrk. */
export function printReadingNotes(): void {
  console.log(
    "\n  req/s: wrk's answers ÷ seconds; autocannon's mean of per-second samples; each averaged over the rounds. Latency: each\n" +
      "  round's percentiles of every measured answer (wrk's, or this process's record of autocannon's), in ms; the median of\n" +
      '  the rounds. wrk (C) takes a fraction of the CPU autocannon (Node, in this process) takes, so more of these 2 cores is\n' +
      '  left to the servers and proxies measured: the goal is judged by wrk, autocannon’s ratios beside it in the baseline.\n' +
      '  Proxy CPU: user + system time of the proxy’s processes (the gateway; nginx’s master and workers) while measured,\n' +
      '  per request, the median of the rounds: the figure least moved by what else the machine runs. Service CPU: the same\n' +
      '  for the service that answers (auth, listings or the stub). Machine busy: cores of the whole machine in use while measured\n' +
      '  (median of the rounds); near 2, a target is bound by CPU, not by latency.\n' +
      '  The goal is judged on auth (the cheapest uncached path: the proxy’s share is largest) and on listings (the path the\n' +
      '  issue measured its baseline on). The stub rows show the proxies’ own cost per\n' +
      '  request (what a cached answer pays).\n' +
      '  The Node floor is no product: node:http server and client piping one request through, the least any Node proxy does.',
  );
}
