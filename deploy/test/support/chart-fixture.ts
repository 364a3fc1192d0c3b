/**
 * What every chart test file starts from: `chartFixture()` (called at a file's top level) builds the renderer,
 * writes a signing pair with skaffold's own deploy hook into a scratch folder, and names the values sets the
 * checks render (the scenarios), each rendered once, when first asked for (or all before the file's tests).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {
  buildRenderer,
  DEPLOYABLES,
  find,
  mergedValues,
  podSpecOf,
  RELEASE,
  render,
  REPO,
  skaffoldHookCommand,
  type Deployable,
  type K8sObject,
  type Rendered,
  type Renderer,
  type RenderOptions,
} from './chart';

export { CHART_DIR, DEPLOYABLES, RELEASE, REPO, SERVICES, type Deployable } from './chart';

export const PRODUCTION = 'charts/marketplace/values-production.yaml';
export const DEV = 'charts/marketplace/values-dev.yaml';
/** Raised sign-up, login and chat limits for k6 (deploy/k6), added on top of a cluster's values. */
export const LOADTEST = 'charts/marketplace/values-loadtest.yaml';
export const PORTS: Record<Deployable, number> = { gateway: 8080, auth: 4001, listings: 4002, messaging: 4003, media: 4004, verification: 4005 };
export const SECRET_MOUNT = '/var/run/secrets/vnmarket';
export const skaffold = YAML.parse(readFileSync(path.join(REPO, 'skaffold.yaml'), 'utf8'));

/** The operations options that need lists (--set cannot write them): monitoring, HTTPRoute, traces. */
export const OPERATIONS_VALUES = {
  metrics: {
    serviceMonitor: { enabled: true, labels: { release: 'kube-prometheus-stack' } },
    prometheusRule: { enabled: true, labels: { release: 'kube-prometheus-stack' } },
    dashboard: { enabled: true, annotations: { grafana_folder: 'Marketplace' } },
  },
  httpRoute: {
    enabled: true,
    parentRefs: [{ name: 'public', namespace: 'gateway-system', sectionName: 'https' }],
    hostnames: ['market.example.org'],
  },
  otel: { to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'observability' } } }] },
  media: { serviceAccount: { annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/vnmarket-media' } } },
};

/** What a production operator puts in the chart-managed Secret instead of naming an existing one. */
const productionSecretValues = (): Record<string, string> => ({
  'secrets.existingSecret': '',
  'secrets.databaseUrl': 'postgres://vnmarket:db-password@db.internal.example:5432/vnmarket',
  'secrets.redisUrl': 'rediss://:cache-password@cache.internal.example:6380',
  'secrets.amqpUrl': 'amqps://vnmarket:mq-password@mq.internal.example:5671',
  'secrets.twilioAccountSid': 'AC00000000000000000000000000000000',
  'secrets.twilioAuthToken': 'twilio-token',
  'secrets.s3AccessKeyId': 'AKIAEXAMPLE',
  'secrets.s3SecretAccessKey': 's3-secret-example',
});

interface Scenario {
  name: string;
  options: RenderOptions;
  /** For an existing Secret: the scenario whose chart-managed Secret has the same settings. */
  secretFrom?: string;
}

export interface ChartFixture {
  renderer: Renderer;
  workDir: string;
  /** --set-file for the signing pair. */
  keyFiles: Record<string, string>;
  /**
   * The one value the chart's defaults lack: the site's URL, here a local cluster's reached through kubectl
   * port-forward (what skaffold run sets). Without it, or an Ingress or HTTPRoute host, the render fails.
   */
  localOrigin: string;
  /** OPERATIONS_VALUES as a values file. */
  operationsFile: string;
  scenarios: Scenario[];
  /** A scenario's objects, rendered on first use. */
  rendered(name: string): Rendered;
  /** Every scenario with its objects and its values as Helm merges them (values.yaml, the files, --set). */
  renders(): { scenario: Scenario; result: Rendered; values: any }[];
  /** Renders other values (charts/marketplace, or a copy in chartDir). */
  render(options?: RenderOptions, chartDir?: string): Rendered;
  /** A values file in the scratch folder (the renderer's --set cannot write lists). */
  valuesFile(name: string, values: unknown): string;
}

function scenariosOf(fixture: ChartFixture): Scenario[] {
  const { keyFiles, localOrigin, operationsFile } = fixture;
  const scenarios: Scenario[] = [
    { name: 'default values', options: { valuesFiles: [localOrigin], setFile: keyFiles } },
    { name: 'skaffold dev', options: { valuesFiles: [DEV], setFile: keyFiles } },
    { name: 'production', options: { valuesFiles: [PRODUCTION] }, secretFrom: 'production, chart-managed Secret' },
    { name: 'production, chart-managed Secret', options: { valuesFiles: [PRODUCTION], setFile: keyFiles, setString: productionSecretValues() } },
    {
      name: 'every option on',
      options: {
        valuesFiles: [operationsFile],
        setFile: keyFiles,
        set: {
          'ingress.enabled': true,
          'ingress.tls.enabled': true,
          'minio.enabled': true,
          'postgresql.persistence.enabled': true,
          'verification.sms.provider': 'twilio',
          'gateway.autoscaling.enabled': true,
          'messaging.autoscaling.openSockets.enabled': true,
          'messaging.webPush.enabled': true,
          'redis.persistence.enabled': true,
        },
        setString: {
          'ingress.host': 'market.example.org',
          'ingress.tls.secretName': 'market-tls',
          'verification.sms.fromNumber': '+14085550123',
          'secrets.twilioAccountSid': 'AC00000000000000000000000000000000',
          'secrets.twilioAuthToken': 'token',
          'otel.endpoint': 'http://otel-collector.observability:4318',
          'migrations.strategy': 'hook',
          'messaging.autoscaling.openSockets.provider': 'prometheusAdapter',
          'secrets.existingSecretChecksum': '5f1d0c2a9e4b7d31',
          'secrets.vapidPublicKey': `B${'A'.repeat(86)}`,
          'secrets.vapidPrivateKey': 'A'.repeat(43),
        },
      },
    },
    {
      // The other branches: KEDA scales messaging, the gateway is a LoadBalancer, data stores on emptyDirs.
      name: 'KEDA, LoadBalancer gateway, ephemeral data stores',
      options: {
        valuesFiles: [operationsFile],
        setFile: keyFiles,
        set: {
          'messaging.autoscaling.openSockets.enabled': true,
          'postgresql.persistence.enabled': false,
          'rabbitmq.persistence.enabled': false,
          'minio.enabled': true,
          'minio.persistence.enabled': false,
        },
        setString: { 'gateway.service.type': 'LoadBalancer', 'minio.endpoint': 'http://minio.127.0.0.1.nip.io:9000' },
      },
    },
  ];
  // Rendered (and checked like the others) when values-loadtest.yaml exists.
  if (existsSync(path.join(REPO, LOADTEST))) {
    scenarios.push({ name: 'load test', options: { valuesFiles: [localOrigin, LOADTEST], setFile: keyFiles } });
    scenarios.push({ name: 'production, load test', options: { valuesFiles: [PRODUCTION, LOADTEST] }, secretFrom: 'production, chart-managed Secret' });
  }
  return scenarios;
}

/** Sets up the file's renderer and scratch folder; with `renderAll`, renders every scenario before the file's tests. */
export function chartFixture(options: { renderAll?: boolean } = {}): ChartFixture {
  const renders = new Map<string, Rendered>();
  const fixture = {
    rendered(name: string) {
      let result = renders.get(name);
      if (!result) {
        const scenario = fixture.scenarios.find((candidate) => candidate.name === name);
        if (!scenario) throw new Error(`no scenario ${name}`);
        renders.set(name, (result = fixture.render(scenario.options)));
      }
      return result;
    },
    renders: () => fixture.scenarios.map((scenario) => ({ scenario, result: fixture.rendered(scenario.name), values: mergedValues(scenario.options) as any })),
    render: (renderOptions: RenderOptions = {}, chartDir?: string) => render(fixture.renderer, renderOptions, chartDir),
    valuesFile(name: string, values: unknown) {
      const file = path.join(fixture.workDir, `${name}.yaml`);
      writeFileSync(file, YAML.stringify(values));
      return file;
    },
  } as ChartFixture;
  beforeAll(() => {
    fixture.renderer = buildRenderer();
    fixture.workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-chart-test-'));
    // The signing pair comes from skaffold's own deploy hook, run in the scratch folder.
    execFileSync('sh', ['-c', skaffoldHookCommand(skaffold)], { cwd: fixture.workDir, stdio: 'pipe' });
    const keys = path.join(fixture.workDir, 'var/keys');
    fixture.keyFiles = { 'secrets.jwtPublicKey': path.join(keys, 'jwt-public.pem'), 'secrets.jwtPrivateKey': path.join(keys, 'jwt-private.pem') };
    fixture.operationsFile = fixture.valuesFile('operations-values', OPERATIONS_VALUES);
    fixture.localOrigin = fixture.valuesFile('local-origin-values', { publicOrigins: ['http://localhost:8080'] });
    fixture.scenarios = scenariosOf(fixture);
    if (options.renderAll) for (const scenario of fixture.scenarios) fixture.rendered(scenario.name);
  }, 120_000);
  afterAll(() => {
    fixture.renderer?.cleanup();
    if (fixture.workDir) rmSync(fixture.workDir, { recursive: true, force: true });
  });
  return fixture;
}

export const workloads = (result: Rendered) => result.objects.filter((object) => podSpecOf(object));
export const deploymentOf = (result: Rendered, name: Deployable) => find(result, 'Deployment', `${RELEASE}-${name}`);
export const mainContainer = (deployment: K8sObject) => podSpecOf(deployment).containers[0];

/** The deployable a workload runs (its Deployment, or its migration Job), or undefined for a data store's. */
export function deployableOf(workload: K8sObject): Deployable | undefined {
  const component = (workload.metadata.labels?.['app.kubernetes.io/component'] ?? '').replace(/-migrate$/, '');
  return DEPLOYABLES.find((name) => name === component);
}
