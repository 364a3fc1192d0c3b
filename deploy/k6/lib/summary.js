/**
 * The end-of-test summary both scripts print: a compact table on stdout and a JSON file of the key figures
 * (SUMMARY_JSON, default k6-<script>-summary.json), which `node deploy/k6/compare.mjs a.json b.json` sets
 * side by side. The figures per slice (a scenario, a journey) come from sub-metrics, which k6 only keeps
 * for the ones a threshold names: `withSlices()` adds always-passing thresholds for them. Single figures
 * (a count, a percentile) are declared where their metric is made, with `reported()` or `reportFigures()`.
 */

/** A slice of the traffic: a label and the tag that selects it, e.g. {label: 'messages', tag: 'scenario:messages'}. */
const SLICE_METRICS = { requests: 'http_reqs', duration: 'http_req_duration', failed: 'http_req_failed' };
const PASS_ALWAYS = { requests: 'count>=0', duration: 'max>=0', failed: 'rate>=0', counter: 'count>=0' };

/** The thresholds, plus one that always passes for each sub-metric a slice reads (counters: per slice too). */
export function withSlices(thresholds, slices, counters = []) {
  const all = { ...thresholds };
  const add = (name, rule) => {
    if (!all[name]) all[name] = [rule];
  };
  for (const slice of slices) {
    for (const [kind, metric] of Object.entries(SLICE_METRICS)) add(`${metric}{${slice.tag}}`, PASS_ALWAYS[kind]);
    for (const counter of counters) add(`${counter.metric}{${slice.tag}}`, PASS_ALWAYS.counter);
  }
  return all;
}

const round = (value, digits = 2) => (typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

function sliceFigures(data, suffix, counters) {
  const metric = (name) => data.metrics[`${name}${suffix}`];
  const requests = metric(SLICE_METRICS.requests);
  const duration = metric(SLICE_METRICS.duration);
  const failed = metric(SLICE_METRICS.failed);
  const figures = {
    requests: requests ? requests.values.count : 0,
    requestsPerS: round(requests && requests.values.rate),
    p50Ms: round(duration && duration.values.med, 1),
    p95Ms: round(duration && duration.values['p(95)'], 1),
    p99Ms: round(duration && duration.values['p(99)'], 1),
    errorRate: round(failed ? failed.values.rate : 0, 4),
  };
  for (const counter of counters) {
    const values = metric(counter.metric);
    figures[counter.key] = values ? values.values.count : 0;
  }
  return figures;
}

/** The single figures the summary lists ({key, metric, stat}), in the order the script declares them. */
const declaredFigures = [];

/**
 * Lists figures of `metric` (a k6 metric name, or a sub-metric a threshold names) in the summary: `figures`
 * maps a figure's key to the k6 summary value it shows ('count', 'rate', 'p(95)', 'med'...).
 */
export function reportFigures(metric, figures) {
  for (const [key, stat] of Object.entries(figures)) declaredFigures.push({ key, metric, stat });
}

/** A custom metric (`new Kind(name, isTime)`) whose `figures` the summary lists, as reportFigures() says. */
export function reported(Kind, name, figures, isTime = false) {
  reportFigures(name, figures);
  return new Kind(name, isTime);
}

/** Every script's last figure: k6 itself falling short of the load asked for. */
const DROPPED_ARRIVALS = { key: 'arrivals dropped by k6', metric: 'dropped_iterations', stat: 'count' };

/** The key figures of a run. */
function keyFigures(data, { script, settings, slices, counters = [] }) {
  const failedThresholds = [];
  for (const [name, metric] of Object.entries(data.metrics)) {
    for (const [rule, outcome] of Object.entries(metric.thresholds || {})) if (outcome.ok === false) failedThresholds.push(`${name}: ${rule}`);
  }
  const figures = {
    script,
    finishedAt: new Date().toISOString(),
    durationS: round(data.state.testRunDurationMs / 1000, 1),
    settings,
    thresholds: { passed: failedThresholds.length === 0, failed: failedThresholds },
    slices: { all: sliceFigures(data, '', counters) },
    figures: {},
  };
  for (const slice of slices) figures.slices[slice.label] = sliceFigures(data, `{${slice.tag}}`, counters);
  for (const figure of [...declaredFigures, DROPPED_ARRIVALS]) {
    const metric = data.metrics[figure.metric];
    const value = metric ? metric.values[figure.stat] : undefined;
    figures.figures[figure.key] = value === undefined ? null : round(value, figure.stat === 'rate' ? 4 : 1);
  }
  return figures;
}

const pad = (text, width, right) => (right ? String(text).padStart(width) : String(text).padEnd(width));
const show = (value) => (value === null || value === undefined ? '-' : String(value));

/** The table an operator reads at the end of a run. */
function textTable(figures, counters = []) {
  const columns = [
    ['slice', (_row, label) => label],
    ['requests', (row) => row.requests],
    ['req/s', (row) => row.requestsPerS],
    ['p50 ms', (row) => row.p50Ms],
    ['p95 ms', (row) => row.p95Ms],
    ['p99 ms', (row) => row.p99Ms],
    ['errors', (row) => (row.errorRate === null ? null : `${(row.errorRate * 100).toFixed(2)}%`)],
    ...counters.map((counter) => [counter.key, (row) => row[counter.key]]),
  ];
  const rows = Object.entries(figures.slices).map(([label, row]) => columns.map(([, cell]) => show(cell(row, label))));
  const widths = columns.map(([title], i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => pad(cell, widths[i], i > 0)).join('  ');
  const settings = Object.entries(figures.settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const lines = [
    '',
    `${figures.script}  ${settings}`,
    `ran ${figures.durationS} s; thresholds ${figures.thresholds.passed ? 'all passed' : `FAILED: ${figures.thresholds.failed.join('; ')}`}`,
    line(columns.map(([title]) => title)),
    ...rows.map(line),
  ];
  const singles = Object.entries(figures.figures);
  if (singles.length > 0) lines.push('', ...singles.map(([key, value]) => `${pad(key, Math.max(...singles.map(([name]) => name.length)))}  ${show(value)}`));
  return `${lines.join('\n')}\n`;
}

/** What handleSummary returns: the table on stdout, the key figures as JSON, and (SUMMARY_RAW) k6's whole summary. */
export function summaryOutputs(data, report) {
  const figures = keyFigures(data, report);
  const file = __ENV.SUMMARY_JSON || `k6-${report.script.replace(/\.js$/, '')}-summary.json`;
  const outputs = {
    stdout: `${textTable(figures, report.counters || [])}\nkey figures: ${file} (compare two runs: node deploy/k6/compare.mjs before.json after.json)\n`,
    [file]: `${JSON.stringify(figures, null, 2)}\n`,
  };
  if (__ENV.SUMMARY_RAW) outputs[__ENV.SUMMARY_RAW] = JSON.stringify(data);
  return outputs;
}
