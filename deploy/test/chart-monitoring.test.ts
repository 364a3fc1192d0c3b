/**
 * The chart's monitoring: the PrometheusRule and the Grafana dashboard name only metrics the services export
 * (the shared registry with Node's defaults) and cover the alerts and signals asked for; the ServiceMonitor
 * scrapes every deployable on its metrics port, as the job the alerts select.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { metricsRegistry } from '@vnmarket/shared';
import { find, labelsMatch, podLabelsOf, type K8sObject } from './support/chart';
import { CHART_DIR, chartFixture, DEPLOYABLES, deploymentOf, mainContainer, RELEASE } from './support/chart-fixture';

const chart = chartFixture();

/** Every metric the services export: the shared registry (services/shared/src/metrics.ts) with Node's defaults. */
async function exportedMetrics(): Promise<{ names: Set<string>; histograms: Set<string> }> {
  const metrics = await metricsRegistry.getMetricsAsJSON();
  return {
    names: new Set(metrics.map((metric) => metric.name)),
    histograms: new Set(metrics.filter((metric) => String(metric.type) === 'histogram').map((metric) => metric.name)),
  };
}

const PROMQL_WORDS = new Set(
  [
    'sum max min avg count rate irate increase delta deriv histogram_quantile by without and or unless on ignoring group_left group_right bool offset',
    'clamp_min clamp_max abs topk bottomk time vector scalar label_values',
  ]
    .join(' ')
    .split(' '),
);

/** The metric names a PromQL expression (or a Grafana label_values query) reads. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '$1')
    .replace(/\blabel_values\(\s*([A-Za-z_:][\w:]*)\s*,[^)]*\)/g, '$1');
  return [...new Set(bare.match(/[A-Za-z_:][\w:]*/g) ?? [])].filter((word) => !PROMQL_WORDS.has(word));
}

function unknownMetrics(exprs: string[], exported: { names: Set<string>; histograms: Set<string> }): string[] {
  const known = (name: string) =>
    exported.names.has(name) || ['_bucket', '_sum', '_count'].some((suffix) => name.endsWith(suffix) && exported.histograms.has(name.slice(0, -suffix.length)));
  return [...new Set(exprs.flatMap(metricNamesIn))].filter((name) => !known(name));
}

function dashboardExprs(dashboard: any): string[] {
  const panels = (dashboard.panels as any[]).flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  return [
    ...panels.flatMap((panel) => (panel.targets ?? []).map((target: any) => target.expr as string)),
    ...(dashboard.templating?.list ?? []).filter((variable: any) => variable.type === 'query').map((variable: any) => variable.query.query as string),
  ];
}

const ruleExprs = (rule: K8sObject) => (rule.spec.groups as any[]).flatMap((group) => group.rules.map((alert: any) => alert.expr as string));

test('PrometheusRule and dashboard name only metrics the services export, and cover the alerts and signals asked for', async () => {
  const exported = await exportedMetrics();
  // The parser finds metric names and skips functions, labels, strings and ranges.
  expect(metricNamesIn('histogram_quantile(0.99, sum by (service, le) (rate(a_b_bucket{x="y z"}[5m]))) > 1 and on (pod) c_d{e="f"}')).toEqual([
    'a_b_bucket',
    'c_d',
  ]);
  expect(unknownMetrics(['sum(rate(http_server_requests_totl{job="x"}[5m]))'], exported)).toEqual(['http_server_requests_totl']);

  const result = chart.rendered('every option on');
  const rule = find(result, 'PrometheusRule', RELEASE);
  const dashboardMap = find(result, 'ConfigMap', `${RELEASE}-dashboard`);
  const dashboard = JSON.parse(dashboardMap.data['marketplace.json']);
  expect(dashboard).toEqual(JSON.parse(readFileSync(path.join(CHART_DIR, 'dashboards/marketplace.json'), 'utf8')));
  expect(dashboardMap.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
  expect(dashboardMap.metadata.annotations).toEqual({ grafana_folder: 'Marketplace' });
  expect(unknownMetrics(ruleExprs(rule), exported)).toEqual([]);
  expect(unknownMetrics(dashboardExprs(dashboard), exported)).toEqual([]);

  // The alerts: outbox age, DLQ, 5xx ratio, p99 latency, event-loop lag, each on its threshold from values.
  const alerts = Object.fromEntries((rule.spec.groups as any[]).flatMap((group) => group.rules.map((alert: any) => [alert.alert, alert])));
  const uses = (alert: string) => metricNamesIn(alerts[alert]?.expr ?? '');
  expect(uses('MarketplaceOutboxNotSending')).toEqual(['outbox_oldest_unsent_age_seconds']);
  expect(uses('MarketplaceDeadLetters')).toEqual(['event_bus_dead_letter_messages']);
  expect(uses('MarketplaceHighErrorRatio')).toEqual(['http_server_requests_total']);
  expect(uses('MarketplaceHighLatencyP99')).toEqual(['http_server_request_duration_seconds_bucket']);
  expect(uses('MarketplaceEventLoopLag')).toEqual(['nodejs_eventloop_lag_p99_seconds']);
  const tuned = find(
    chart.render({
      valuesFiles: [chart.operationsFile],
      setFile: chart.keyFiles,
      set: {
        'metrics.prometheusRule.outboxOldestUnsentSeconds': 120,
        'metrics.prometheusRule.deadLetterMessages': 3,
        'metrics.prometheusRule.latencyP99Seconds': 7,
        'metrics.prometheusRule.eventLoopLagSeconds': 0.25,
      },
      setString: { 'metrics.prometheusRule.for': '3m', 'metrics.prometheusRule.errorRatio': '0.02' },
    }),
    'PrometheusRule',
    RELEASE,
  );
  const tunedAlerts = Object.fromEntries((tuned.spec.groups as any[]).flatMap((group) => group.rules.map((alert: any) => [alert.alert, alert])));
  expect(tunedAlerts.MarketplaceOutboxNotSending.expr).toMatch(/\) > 120$/);
  expect(tunedAlerts.MarketplaceDeadLetters.expr).toMatch(/\) > 3$/);
  expect(tunedAlerts.MarketplaceHighLatencyP99.expr).toMatch(/\) > 7$/);
  expect(tunedAlerts.MarketplaceEventLoopLag.expr).toMatch(/\) > 0\.25$/);
  expect(tunedAlerts.MarketplaceHighErrorRatio.expr).toMatch(/\) > 0\.02\n/);
  expect(new Set(Object.values(tunedAlerts).map((alert: any) => alert.for))).toEqual(new Set(['3m']));
  // Prometheus's own templates reach the rule unrendered by Helm.
  expect(alerts.MarketplaceDeadLetters.annotations.description).toContain('{{ $labels.queue }}');
  // Its runbook command runs in the cluster: the compiled tool in the service's own Deployment.
  expect(alerts.MarketplaceDeadLetters.annotations.description).toContain(
    `kubectl -n {{ $labels.namespace }} exec deploy/${RELEASE}-{{ $labels.service }} -- node --enable-source-maps dist/dlq.js replay {{ $labels.service }}`,
  );

  // The dashboard: golden signals per service, event bus, chat sockets and push latency.
  const shown = new Set(dashboardExprs(dashboard).flatMap(metricNamesIn));
  for (const metric of [
    'http_server_requests_total',
    'http_server_request_duration_seconds_bucket',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_heap_size_used_bytes',
    'db_pool_connections',
    'outbox_backlog_rows',
    'outbox_oldest_unsent_age_seconds',
    'event_bus_dead_letter_messages',
    'event_bus_consumer_lag_messages',
    'event_bus_event_age_seconds_bucket',
    'messaging_open_websockets',
    'messaging_push_latency_seconds_bucket',
  ])
    expect([metric, shown.has(metric)]).toEqual([metric, true]);
  expect(['default values', 'production'].map((name) => chart.rendered(name).objects.some((object) => object.source.endsWith('monitoring.yaml')))).toEqual([
    false,
    true,
  ]);
});

test('the ServiceMonitor scrapes every deployable on its metrics port, as the job the alerts select', () => {
  for (const scenarioName of ['every option on', 'KEDA, LoadBalancer gateway, ephemeral data stores']) {
    const result = chart.rendered(scenarioName);
    const monitor = find(result, 'ServiceMonitor', RELEASE);
    const [endpoint] = monitor.spec.endpoints;
    expect([endpoint.port, endpoint.path, endpoint.honorLabels]).toEqual(['metrics', '/metrics', true]);
    expect(monitor.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
    const job = endpoint.relabelings.find((relabeling: any) => relabeling.targetLabel === 'job').replacement;
    expect(job).toBe(RELEASE);
    for (const expr of [...ruleExprs(find(result, 'PrometheusRule', RELEASE))]) expect(expr).toContain(`namespace="marketplace",job="${job}"`);
    for (const name of DEPLOYABLES) {
      const deployment = deploymentOf(result, name);
      const scraped = result.objects.filter(
        (object) =>
          object.kind === 'Service' &&
          labelsMatch(monitor.spec.selector, object.metadata.labels ?? {}) &&
          labelsMatch({ matchLabels: object.spec.selector }, podLabelsOf(deployment)) &&
          object.spec.ports.some((port: any) => port.name === 'metrics'),
      );
      expect([scenarioName, name, scraped.length]).toEqual([scenarioName, name, 1]);
      const port = scraped[0]!.spec.ports.find((candidate: any) => candidate.name === 'metrics');
      expect(mainContainer(deployment).ports.find((candidate: any) => candidate.name === port.targetPort).containerPort).toBe(9464);
    }
  }
});
