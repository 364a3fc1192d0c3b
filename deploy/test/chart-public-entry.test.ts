/**
 * The chart's public entry, rendered as deploy/test/chart.test.ts renders it: the site's URL
 * (PUBLIC_ORIGINS, which the services require in production) is set or derived, never the development
 * default, and a LoadBalancer gateway keeps its clients' own addresses (externalTrafficPolicy: Local).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { loadConfig } from '@vnmarket/shared';
import { generateSigningKeys } from '@vnmarket/testkit';
import { gatewayConfigSchema } from '@vnmarket/gateway/config';
import { buildRenderer, containerEnv, DEPLOYABLES, find, podSpecOf, RELEASE, render, REPO, type Renderer, type RenderOptions } from './support/chart';

let renderer: Renderer;
let workDir: string;
let keyFiles: Record<string, string>;
const PRODUCTION = 'charts/marketplace/values-production.yaml';
const DEV = 'charts/marketplace/values-dev.yaml';

beforeAll(() => {
  renderer = buildRenderer();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-chart-entry-'));
  const { publicKey, privateKey } = generateSigningKeys();
  keyFiles = { 'secrets.jwtPublicKey': path.join(workDir, 'public.pem'), 'secrets.jwtPrivateKey': path.join(workDir, 'private.pem') };
  writeFileSync(keyFiles['secrets.jwtPublicKey']!, publicKey);
  writeFileSync(keyFiles['secrets.jwtPrivateKey']!, privateKey);
}, 120_000);

afterAll(() => {
  renderer?.cleanup();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A values file in the scratch folder (the renderer's --set cannot write lists). */
function valuesFile(name: string, values: unknown): string {
  const file = path.join(workDir, `${name}.yaml`);
  writeFileSync(file, YAML.stringify(values));
  return file;
}

/** PUBLIC_ORIGINS of every deployable's container, which must all agree; returns it. */
function publicOrigins(options: RenderOptions): string {
  const result = render(renderer, options);
  const seen = DEPLOYABLES.map((name) => containerEnv(result, podSpecOf(find(result, 'Deployment', `${RELEASE}-${name}`)).containers[0]).PUBLIC_ORIGINS);
  expect(new Set(seen).size).toBe(1);
  return seen[0]!;
}

test('the site URL comes from publicOrigins, or the Ingress host, or the HTTPRoute hostnames; never the development default', () => {
  const withKeys = (options: RenderOptions): RenderOptions => ({ ...options, setFile: keyFiles });
  expect(
    publicOrigins(
      withKeys({
        set: { 'ingress.enabled': true, 'ingress.tls.enabled': true },
        setString: { 'ingress.host': 'cho.example.org', 'ingress.tls.secretName': 'cho-tls' },
      }),
    ),
  ).toBe('https://cho.example.org');
  expect(publicOrigins(withKeys({ set: { 'ingress.enabled': true }, setString: { 'ingress.host': 'cho.example.org' } }))).toBe('http://cho.example.org');
  const route = valuesFile('route', { httpRoute: { enabled: true, parentRefs: [{ name: 'public' }], hostnames: ['cho.example.org', 'www.cho.example.org'] } });
  expect(publicOrigins(withKeys({ valuesFiles: [route] }))).toBe('https://cho.example.org,https://www.cho.example.org');
  // Listed origins win over the derived ones, in their order.
  const listed = valuesFile('listed', { publicOrigins: ['https://market.example.org', 'https://cho.example.org'] });
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
    expect(() => render(renderer, withKeys(options))).toThrow(
      /publicOrigins is required: the site's URL, e\.g\. publicOrigins: \[https:\/\/market\.example\.org\] in your values, or set ingress\.host or httpRoute\.hostnames/,
    );
  }
});

test("a LoadBalancer gateway keeps its clients' addresses (externalTrafficPolicy: Local); other Services have no such field", () => {
  const origin = valuesFile('origin', { publicOrigins: ['https://cho.example.org'] });
  const balanced = render(renderer, { valuesFiles: [origin], setFile: keyFiles, setString: { 'gateway.service.type': 'LoadBalancer' } });
  const gateway = find(balanced, 'Service', `${RELEASE}-gateway`);
  expect([gateway.spec.type, gateway.spec.externalTrafficPolicy]).toEqual(['LoadBalancer', 'Local']);
  // The gateway sees the client's own address: it trusts no forwarding hop.
  expect(containerEnv(balanced, podSpecOf(find(balanced, 'Deployment', `${RELEASE}-gateway`)).containers[0]).TRUST_PROXY_HOPS).toBe('0');
  for (const service of balanced.objects.filter((object) => object.kind === 'Service' && object !== gateway)) {
    expect([service.metadata.name, service.spec.externalTrafficPolicy]).toEqual([service.metadata.name, undefined]);
  }
  // An operator may still choose Cluster; behind an Ingress (ClusterIP) the field is not set.
  const cluster = render(renderer, {
    valuesFiles: [origin],
    setFile: keyFiles,
    setString: { 'gateway.service.type': 'LoadBalancer', 'gateway.service.externalTrafficPolicy': 'Cluster' },
  });
  expect(find(cluster, 'Service', `${RELEASE}-gateway`).spec.externalTrafficPolicy).toBe('Cluster');
  expect(find(render(renderer, { valuesFiles: [origin], setFile: keyFiles }), 'Service', `${RELEASE}-gateway`).spec.externalTrafficPolicy).toBeUndefined();

  // docs/deploy.md says why, and what it costs.
  const deployDoc = readFileSync(path.join(REPO, 'docs/deploy.md'), 'utf8');
  expect(deployDoc).toMatch(/externalTrafficPolicy: Local/);
  expect(deployDoc).toMatch(/healthCheckNodePort/);
});
