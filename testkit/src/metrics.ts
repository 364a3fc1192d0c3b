/** Reading Prometheus text in tests: what `curl <pod>:9464/metrics` shows an operator. */

/** GET <metricsUrl>/metrics as text (throws unless 200). */
export async function scrapeMetrics(metricsUrl: string): Promise<string> {
  const response = await fetch(`${metricsUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`GET ${metricsUrl}/metrics answered ${response.status}`);
  return response.text();
}

/**
 * The value of one sample: the series named `name` whose labels include every label given (others,
 * such as the default `service`, may be present). Undefined when there is no such sample. With several
 * matching series, their sum.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let found: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const match = /^[^{ ]+(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) continue;
    const present = new Map([...(match[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) found = (found ?? 0) + Number(match[2]);
  }
  return found;
}
