/**
 * The chart's public entry: the site's URL (PUBLIC_ORIGINS, which the services require in production) is set
 * or derived, never the development default, and the gateway names its pages by it; a LoadBalancer gateway
 * keeps its clients' own addresses (externalTrafficPolicy: Local); the browser's uploads go to an endpoint
 * the CSP allows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { loadConfig } from '@vnmarket/shared';
import { gatewayConfigSchema } from '@vnmarket/gateway/config';
import { containerEnv, find, podSpecOf, type RenderOptions } from './support/chart';
import { chartFixture, DEPLOYABLES, deploymentOf, DEV, mainContainer, PRODUCTION, RELEASE, REPO } from './support/chart-fixture';

const chart = chartFixture();

/** PUBLIC_ORIGINS of every deployable's container, which must all agree; returns it. */
function publicOrigins(options: RenderOptions): string {
  const result = chart.render(options);
  const seen = DEPLOYABLES.map((name) => containerEnv(result, podSpecOf(find(result, 'Deployment', `${RELEASE}-${name}`)).containers[0]).PUBLIC_ORIGINS);
  expect(new Set(seen).size).toBe(1);
  return seen[0]!;
}

test('the site URL comes from publicOrigins, or the Ingress host, or the HTTPRoute hostnames; never the development default', () => {
  const withKeys = (options: RenderOptions): RenderOptions => ({ ...options, setFile: chart.keyFiles });
  expect(
    publicOrigins(
      withKeys({
        set: { 'ingress.enabled': true, 'ingress.tls.enabled': true },
        setString: { 'ingress.host': 'cho.example.org', 'ingress.tls.secretName': 'cho-tls' },
      }),
    ),
  ).toBe('https://cho.example.org');
  expect(publicOrigins(withKeys({ set: { 'ingress.enabled': true }, setString: { 'ingress.host': 'cho.example.org' } }))).toBe('http://cho.example.org');
  const route = chart.valuesFile('route', {
    httpRoute: { enabled: true, parentRefs: [{ name: 'public' }], hostnames: ['cho.example.org', 'www.cho.example.org'] },
  });
  expect(publicOrigins(withKeys({ valuesFiles: [route] }))).toBe('https://cho.example.org,https://www.cho.example.org');
  // Listed origins win over the derived ones, in their order.
  const listed = chart.valuesFile('listed', { publicOrigins: ['https://market.example.org', 'https://cho.example.org'] });
  expect(publicOrigins(withKeys({ valuesFiles: [listed], set: { 'ingress.enabled': true }, setString: { 'ingress.host': 'x.example.org' } }))).toBe(
    'https://market.example.org,https://cho.example.org',
  );

  // Production: from its Ingress host, over TLS; and the gateway starts with it in production.
  const production = publicOrigins({ valuesFiles: [PRODUCTION] });
  expect(production).toBe('https://market.example.org');
  expect(YAML.parse(readFileSync(path.join(REPO, PRODUCTION), 'utf8')).publicOrigins).toBeUndefined();
  expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', PUBLIC_ORIGINS: production }).PUBLIC_ORIGINS).toEqual([production]);
  // skaffold dev (values-dev.yaml) and skaffold run (its release's setValues) name the port-forwarded gateway.
  expect(publicOrigins(withKeys({ valuesFiles: [DEV] }))).toBe('http://localhost:8080');
  const skaffold = YAML.parse(readFileSync(path.join(REPO, 'skaffold.yaml'), 'utf8'));
  expect(skaffold.deploy.helm.releases[0].setValues).toEqual({ 'publicOrigins[0]': 'http://localhost:8080' });

  // Nothing to derive it from: the render stops and says what to set.
  for (const options of [{}, { set: { 'ingress.enabled': true } }, { setString: { 'gateway.service.type': 'LoadBalancer' } }]) {
    expect(() => chart.render(withKeys(options))).toThrow(
      "publicOrigins is required: the site's URL, e.g. publicOrigins: [https://market.example.org] in your values, or set ingress.host or httpRoute.hostnames",
    );
  }
});

test("a LoadBalancer gateway keeps its clients' addresses (externalTrafficPolicy: Local); other Services have no such field", () => {
  const origin = chart.valuesFile('origin', { publicOrigins: ['https://cho.example.org'] });
  const balanced = chart.render({ valuesFiles: [origin], setFile: chart.keyFiles, setString: { 'gateway.service.type': 'LoadBalancer' } });
  const gateway = find(balanced, 'Service', `${RELEASE}-gateway`);
  expect([gateway.spec.type, gateway.spec.externalTrafficPolicy]).toEqual(['LoadBalancer', 'Local']);
  // The gateway sees the client's own address: it trusts no forwarding hop.
  expect(containerEnv(balanced, podSpecOf(find(balanced, 'Deployment', `${RELEASE}-gateway`)).containers[0]).TRUST_PROXY_HOPS).toBe('0');
  for (const service of balanced.objects.filter((object) => object.kind === 'Service' && object !== gateway)) {
    expect([service.metadata.name, service.spec.externalTrafficPolicy]).toEqual([service.metadata.name, undefined]);
  }
  // An operator may still choose Cluster; behind an Ingress (ClusterIP) the field is not set.
  const cluster = chart.render({
    valuesFiles: [origin],
    setFile: chart.keyFiles,
    setString: { 'gateway.service.type': 'LoadBalancer', 'gateway.service.externalTrafficPolicy': 'Cluster' },
  });
  expect(find(cluster, 'Service', `${RELEASE}-gateway`).spec.externalTrafficPolicy).toBe('Cluster');
  expect(find(chart.render({ valuesFiles: [origin], setFile: chart.keyFiles }), 'Service', `${RELEASE}-gateway`).spec.externalTrafficPolicy).toBeUndefined();

  // docs/deploy.md says why, and what it costs.
  const deployDoc = readFileSync(path.join(REPO, 'docs/deploy.md'), 'utf8');
  expect(deployDoc).toMatch(/externalTrafficPolicy: Local/);
  expect(deployDoc).toMatch(/healthCheckNodePort/);
});

test('MinIO: the browser uploads to its endpoint, which the CSP connect-src allows and media signs for', () => {
  for (const [scenarioName, endpoint] of [
    ['every option on', `http://${RELEASE}-minio:9000`],
    ['KEDA, LoadBalancer gateway, ephemeral data stores', 'http://minio.127.0.0.1.nip.io:9000'],
  ] as const) {
    const result = chart.rendered(scenarioName);
    const media = containerEnv(result, mainContainer(deploymentOf(result, 'media')));
    const gateway = containerEnv(result, mainContainer(deploymentOf(result, 'gateway')));
    expect([scenarioName, media.S3_ENDPOINT]).toEqual([scenarioName, endpoint]);
    const connect = gatewayConfigSchema.parse(gateway).CSP_CONNECT_SOURCES;
    expect([scenarioName, connect]).toEqual([scenarioName, [new URL(endpoint).origin]]);
  }
  expect(
    containerEnv(chart.rendered('default values'), mainContainer(deploymentOf(chart.rendered('default values'), 'gateway'))).CSP_CONNECT_SOURCES,
  ).toBeUndefined();
});

test("the gateway names its pages by the site's own URL, the first of publicOrigins, as the services know it", () => {
  for (const scenarioName of ['default values', 'production']) {
    const result = chart.rendered(scenarioName);
    const gateway = gatewayConfigSchema.parse(containerEnv(result, mainContainer(deploymentOf(result, 'gateway'))));
    const auth = containerEnv(result, mainContainer(deploymentOf(result, 'auth')));
    expect([scenarioName, gateway.PUBLIC_ORIGINS.join(',')]).toEqual([scenarioName, auth.PUBLIC_ORIGINS]);
  }
  expect(
    gatewayConfigSchema.parse(containerEnv(chart.rendered('production'), mainContainer(deploymentOf(chart.rendered('production'), 'gateway'))))
      .PUBLIC_ORIGINS[0],
  ).toMatch(/^https:\/\//);
});
