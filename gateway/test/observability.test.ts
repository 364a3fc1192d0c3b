import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eventually, freePort, metricValue, scrapeMetrics } from '@vnmarket/testkit';
import { spawnGateway, type GatewayProcess } from './process';

/**
 * The gateway as main.ts runs it (its own process): its request metrics on METRICS_PORT only, by route
 * group, and W3C trace context forwarded to the service on its front-door proxy path, unchanged without
 * tracing, continued by the OpenTelemetry SDK when an OTLP endpoint turns it on.
 */
let upstream: http.Server;
let upstreamUrl: string;
const seen: http.IncomingHttpHeaders[] = [];
const gateways: GatewayProcess[] = [];
/** Without tracing (no OTEL_EXPORTER_OTLP_ENDPOINT), as tests and local runs start it. */
let plain: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  plain = await startGateway();
}, 60_000);

afterAll(async () => {
  for (const gateway of gateways) {
    gateway.child.kill('SIGKILL');
    await gateway.exited;
  }
  await new Promise((resolve) => upstream.close(resolve));
});

async function startGateway(env: Record<string, string> = {}) {
  const metricsPort = await freePort();
  const gateway = await spawnGateway({ AUTH_URL: upstreamUrl, METRICS_PORT: String(metricsPort), ...env });
  gateways.push(gateway);
  return { ...gateway, metricsUrl: `http://127.0.0.1:${metricsPort}` };
}

it('serves its metrics on METRICS_PORT, by route group, labelled service="gateway"; its public port has no /metrics', async () => {
  const gateway = plain;
  for (let index = 0; index < 3; index += 1) {
    const response = await fetch(`${gateway.url}/api/auth/user`);
    expect(response.status).toBe(200);
    await response.text();
  }
  const unmatched = await fetch(`${gateway.url}/api/nothing-here`);
  expect(unmatched.status).toBe(404);
  await unmatched.text();
  const publicMetrics = await fetch(`${gateway.url}/metrics`);
  expect(publicMetrics.status).toBe(404);
  expect(await publicMetrics.text()).not.toMatch(/http_server_requests_total/);

  // A request is counted when its response closes on the gateway, which can come just after the client has
  // read the last byte.
  const text = await eventually(async () => {
    const scraped = await scrapeMetrics(gateway.metricsUrl);
    expect(metricValue(scraped, 'http_server_requests_total', { service: 'gateway', route: 'api_auth', method: 'GET', status: '200' })).toBe(3);
    expect(metricValue(scraped, 'http_server_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(metricValue(scraped, 'http_server_requests_total', { route: 'static', method: 'GET', status: '404' })).toBe(1);
    expect(metricValue(scraped, 'http_server_request_duration_seconds_count', { route: 'api_auth', status: '200' })).toBe(3);
    return scraped;
  });
  // Raw paths never become label values.
  expect(text).not.toMatch(/route="\/api/);
  expect(metricValue(text, 'process_resident_memory_bytes', { service: 'gateway' })).toBeGreaterThan(0);
});

const traceparent = () => ({ traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') });

it('forwards traceparent and tracestate as they came when tracing is off', async () => {
  const gateway = plain;
  const { traceId, spanId } = traceparent();
  seen.length = 0;
  await fetch(`${gateway.url}/api/auth/user`, { headers: { traceparent: `00-${traceId}-${spanId}-01`, tracestate: 'vendor=a' } });
  expect(seen[0]).toMatchObject({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: 'vendor=a' });
});

it('continues the caller’s trace to the service with the OpenTelemetry SDK on (OTEL_EXPORTER_OTLP_ENDPOINT set)', async () => {
  // Nothing listens at the endpoint: spans are dropped, which changes nothing for the request.
  const gateway = await startGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1', OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' });
  const { traceId, spanId } = traceparent();
  seen.length = 0;
  expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { traceparent: `00-${traceId}-${spanId}-01`, tracestate: 'vendor=a' } })).status).toBe(200);
  const forwarded = String(seen[0]?.traceparent);
  // Same trace, a new parent: the gateway's own span in between.
  expect(forwarded).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  expect(forwarded).not.toContain(spanId);
  expect(seen[0]?.tracestate).toBe('vendor=a');
}, 60_000);
