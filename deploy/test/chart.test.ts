/**
 * charts/marketplace and skaffold.yaml, proved without helm or a cluster: every template is rendered with
 * Go's text/template + sprig (Helm's engine, deploy/chart-render) in strict mode for the default values,
 * the skaffold dev values and the production values; the values are checked against values.schema.json;
 * every object against the Kubernetes API schemas (kubernetes-models) including unknown fields; and the
 * wiring that only shows up in a running cluster is checked on the rendered objects: images, ports, probes,
 * Secret keys, each service's own config schema, graceful shutdown, security contexts, autoscaling,
 * NetworkPolicies, migrations and the Ingress; and the operations features: metrics ports, ServiceMonitor,
 * PrometheusRule and Grafana dashboard (every metric they name is one the services export), traces,
 * ServiceAccounts, the HTTPRoute, scale-in behaviour and the socket-based scaler, and data stores that
 * survive chart bumps. The custom resources are validated against their CRDs' schemas too.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import YAML from 'yaml';
import type { z } from 'zod';
import { loadConfig, metricsRegistry } from '@vnmarket/shared';
import { gatewayConfigSchema } from '@vnmarket/gateway/config';
import { authConfigSchema } from '@vnmarket/auth/config';
import { listingsConfigSchema } from '@vnmarket/listings/config';
import { mediaConfigSchema } from '@vnmarket/media/config';
import { messagingConfigSchema } from '@vnmarket/messaging/config';
import { verificationConfigSchema } from '@vnmarket/verification/config';
import {
  allContainers,
  buildRenderer,
  CHART_DIR,
  containerEnv,
  decodeSecret,
  DEPLOYABLES,
  find,
  labelsMatch,
  mergedValues,
  podLabelsOf,
  podSpecOf,
  RELEASE,
  render,
  REPO,
  SERVICES,
  skaffoldHookCommand,
  type Deployable,
  type K8sObject,
  type Rendered,
  type Renderer,
  type RenderOptions,
} from './support/chart';
import { schemaErrors, unknownFieldErrors } from './support/k8s-schemas';

const CONFIG_SCHEMAS: Record<Deployable, z.ZodType> = {
  gateway: gatewayConfigSchema,
  auth: authConfigSchema,
  listings: listingsConfigSchema,
  messaging: messagingConfigSchema,
  media: mediaConfigSchema,
  verification: verificationConfigSchema,
};
const PORTS: Record<Deployable, number> = { gateway: 8080, auth: 4001, listings: 4002, messaging: 4003, media: 4004, verification: 4005 };
const PRODUCTION = 'charts/marketplace/values-production.yaml';
const DEV = 'charts/marketplace/values-dev.yaml';
/** Raised sign-up, login and chat limits for k6 (deploy/k6), added on top of a cluster's values. */
const LOADTEST = 'charts/marketplace/values-loadtest.yaml';
/** The operations options that need lists (--set cannot write them): monitoring, HTTPRoute, traces. */
const OPERATIONS_VALUES = {
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
const SECRET_MOUNT = '/var/run/secrets/vnmarket';

let renderer: Renderer;
let workDir: string;
let keyFiles: Record<string, string>;
/**
 * The one value the chart's defaults lack: the site's URL, here a local cluster's reached through kubectl
 * port-forward (what skaffold run sets). Without it, or an Ingress or HTTPRoute host, the render fails.
 */
let localOrigin: string;
const skaffold = YAML.parse(readFileSync(path.join(REPO, 'skaffold.yaml'), 'utf8'));

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

let scenarios: Scenario[];
const renders = new Map<string, Rendered>();
const rendered = (name: string) => {
  const result = renders.get(name);
  if (!result) throw new Error(`scenario ${name} did not render`);
  return result;
};

beforeAll(() => {
  renderer = buildRenderer();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-chart-test-'));
  // The signing pair comes from skaffold's own deploy hook, run in a scratch working directory.
  execFileSync('sh', ['-c', skaffoldHookCommand(skaffold)], { cwd: workDir, stdio: 'pipe' });
  keyFiles = { 'secrets.jwtPublicKey': path.join(workDir, 'var/keys/jwt-public.pem'), 'secrets.jwtPrivateKey': path.join(workDir, 'var/keys/jwt-private.pem') };
  const operationsFile = path.join(workDir, 'operations-values.yaml');
  writeFileSync(operationsFile, YAML.stringify(OPERATIONS_VALUES));
  localOrigin = path.join(workDir, 'local-origin-values.yaml');
  writeFileSync(localOrigin, YAML.stringify({ publicOrigins: ['http://localhost:8080'] }));
  scenarios = [
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
  // values-loadtest.yaml comes with the k6 work; rendered (and checked like the others) once it exists.
  if (existsSync(path.join(REPO, LOADTEST))) {
    scenarios.push({ name: 'load test', options: { valuesFiles: [localOrigin, LOADTEST], setFile: keyFiles } });
    scenarios.push({ name: 'production, load test', options: { valuesFiles: [PRODUCTION, LOADTEST] }, secretFrom: 'production, chart-managed Secret' });
  }
  for (const scenario of scenarios) renders.set(scenario.name, render(renderer, scenario.options));
}, 120_000);

afterAll(() => {
  renderer?.cleanup();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const workloads = (result: Rendered) => result.objects.filter((object) => podSpecOf(object));
const deploymentOf = (result: Rendered, name: Deployable) => find(result, 'Deployment', `${RELEASE}-${name}`);
const mainContainer = (deployment: K8sObject) => podSpecOf(deployment).containers[0];

test('every template renders (strict: a missing value is an error) for each values set', () => {
  const templates = listTemplates(path.join(CHART_DIR, 'templates'));
  const sources = new Set(scenarios.flatMap((scenario) => rendered(scenario.name).objects.map((object) => object.source)));
  // The operators' data tier and the backup CronJob: checked against the operators' APIs in chart-data-tier.test.ts.
  const dataTier = render(renderer, {
    valuesFiles: [PRODUCTION],
    set: {
      'postgresql.enabled': false,
      'rabbitmq.enabled': false,
      'cloudnativepg.enabled': true,
      'rabbitmqCluster.enabled': true,
      'backup.enabled': true,
      'media.s3.enabled': true,
    },
    setString: { 'migrations.strategy': 'auto', 'media.s3.bucket': 'cho-photos' },
  });
  for (const object of dataTier.objects) sources.add(object.source);
  expect(templates.filter((template) => !sources.has(template))).toEqual([]);
  for (const scenario of scenarios) {
    const kinds = new Set(rendered(scenario.name).objects.map((object) => object.kind));
    for (const kind of ['ConfigMap', 'Service', 'Deployment', 'NetworkPolicy']) expect([scenario.name, kinds.has(kind)]).toEqual([scenario.name, true]);
  }
  // Helm renders NOTES.txt too; the renderer executes it (and drops its text) without error above.
});

test('the values files pass values.schema.json, and typos or wrong types do not', () => {
  const schema = JSON.parse(readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  for (const scenario of scenarios) {
    const valid = validate(mergedValues(scenario.options));
    expect([scenario.name, valid ? [] : validate.errors]).toEqual([scenario.name, []]);
  }
  const rejected = (options: RenderOptions) => !validate(mergedValues({ setFile: keyFiles, ...options }));
  expect(rejected({ set: { 'messaging.replicas': 4 } })).toBe(true); // the key is replicaCount
  expect(rejected({ setString: { 'messaging.replicaCount': 'four' } })).toBe(true);
  expect(rejected({ setString: { 'verification.sms.provider': 'carrier-pigeon' } })).toBe(true);
  expect(rejected({ setString: { 'secrets.databaseUrl': 'mysql://db' } })).toBe(true);
  expect(rejected({ setString: { 'publicOrigins.0': 'not a url' } })).toBe(true);
  expect(rejected({ set: { 'messaging.replicaCount': 4 } })).toBe(false);
});

test('every rendered object is valid against the Kubernetes API schemas, with no unknown field', () => {
  const all = scenarios.flatMap((scenario) => rendered(scenario.name).objects.map((object) => ({ ...object, source: `${scenario.name}: ${object.source}` })));
  expect(schemaErrors(all)).toEqual([]);
  expect(unknownFieldErrors(all)).toEqual([]);
  // The checks do catch mistakes.
  const wrongType = structuredClone(deploymentOf(rendered('default values'), 'auth'));
  podSpecOf(wrongType).containers[0].ports[0].containerPort = '4001';
  expect(
    schemaErrors([wrongType])
      .map((problem) => problem.error)
      .join(),
  ).toMatch(/containerPort must be integer/);
  const typo = structuredClone(deploymentOf(rendered('default values'), 'auth'));
  podSpecOf(typo).containers[0].readinessprobe = podSpecOf(typo).containers[0].readinessProbe;
  expect(schemaErrors([typo])).toEqual([]); // the JSON schemas let unknown fields through ...
  expect(
    unknownFieldErrors([typo])
      .map((problem) => problem.error)
      .join(),
  ).toMatch(/'"readinessprobe"' does not exist in type 'IContainer'/); // ... the types do not
  // The custom resources are checked against their CRDs the same way.
  const kinds = new Set(all.map((object) => object.kind));
  for (const kind of ['ServiceMonitor', 'PrometheusRule', 'HTTPRoute', 'ScaledObject']) expect([kind, kinds.has(kind)]).toEqual([kind, true]);
  const route = structuredClone(find(rendered('every option on'), 'HTTPRoute', `${RELEASE}-gateway`));
  route.spec.rules[0].timeouts.request = '1 hour';
  expect(schemaErrors([route]).map((problem) => problem.error)).toEqual([expect.stringMatching(/timeouts\/request must match pattern/)]);
  const monitor = structuredClone(find(rendered('every option on'), 'ServiceMonitor', RELEASE));
  monitor.spec.endpoints[0].honourLabels = true;
  expect(unknownFieldErrors([monitor]).map((problem) => problem.error)).toEqual([expect.stringMatching(/'"honourLabels"' does not exist/)]);
  const scaled = structuredClone(find(rendered('KEDA, LoadBalancer gateway, ephemeral data stores'), 'ScaledObject', `${RELEASE}-messaging`));
  scaled.spec.minReplicaCount = 'two';
  expect(schemaErrors([scaled]).map((problem) => problem.error)).toEqual([expect.stringMatching(/minReplicaCount must be integer/)]);
}, 120_000);

test('skaffold: every image has a chart workload and is set in every release; the dev loop is wired', () => {
  const artifacts = skaffold.build.artifacts as Array<{
    image: string;
    docker: { dockerfile: string; buildArgs: { WORKSPACE: string } };
    sync?: { manual: Array<{ src: string; dest: string }> };
  }>;
  expect(artifacts.map((artifact) => artifact.image).sort()).toEqual(DEPLOYABLES.map((name) => `vnmarket/${name}`).sort());
  const releases = [
    { where: 'deploy', release: skaffold.deploy.helm.releases },
    ...skaffold.profiles
      .filter((profile: any) => profile.deploy)
      .map((profile: any) => ({ where: `profile ${profile.name}`, release: profile.deploy.helm.releases })),
  ];
  expect(skaffold.profiles.map((profile: any) => profile.name).sort()).toEqual(['dev', 'production']);
  for (const { where, release } of releases) {
    expect([where, release.length]).toEqual([where, 1]);
    const [helmRelease] = release;
    expect([where, helmRelease.name, helmRelease.chartPath]).toEqual([where, RELEASE, 'charts/marketplace']);
    for (const file of helmRelease.valuesFiles ?? []) expect([where, file, existsSync(path.join(REPO, file))]).toEqual([where, file, true]);
    for (const file of Object.values(helmRelease.setFiles ?? {}) as string[])
      expect([where, file]).toEqual([where, expect.stringMatching(/^var\/keys\/jwt-(public|private)\.pem$/)]);
    const expected = Object.fromEntries(
      artifacts.map((artifact) => [`${artifact.image.split('/')[1]}.image`, `{{.IMAGE_FULLY_QUALIFIED_${artifact.image.replace(/[^A-Za-z0-9]/g, '_')}}}`]),
    );
    expect([where, helmRelease.setValueTemplates]).toEqual([where, expected]);
  }

  // What skaffold does with those templates: each image lands in the workload of the same name.
  const images = Object.fromEntries(DEPLOYABLES.map((name) => [`${name}.image`, `registry.local/vnmarket/${name}:0123abcd`]));
  const result = render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, setString: images });
  for (const artifact of artifacts) {
    const name = artifact.image.split('/')[1] as Deployable;
    const workspace = artifact.docker.buildArgs.WORKSPACE;
    expect(artifact.docker.dockerfile).toBe('deploy/Dockerfile');
    expect([workspace, existsSync(path.join(REPO, workspace, 'src/main.ts'))]).toEqual([workspace, true]);
    const pod = podSpecOf(deploymentOf(result, name));
    for (const container of allContainers(pod)) expect(container.image).toBe(`registry.local/vnmarket/${name}:0123abcd`);
  }

  // The skaffold dev loop: the dev profile starts on `skaffold dev`, forwards the gateway's Service, and
  // every synced path lands on a writable source folder the pod runs under `tsx watch`.
  const devProfile = skaffold.profiles.find((profile: any) => profile.name === 'dev');
  expect(devProfile.activation).toEqual([{ command: 'dev' }]);
  expect(devProfile.deploy.helm.releases[0].valuesFiles).toEqual([DEV]);
  const dev = rendered('skaffold dev');
  const forward = devProfile.portForward[0];
  const gatewayService = find(dev, 'Service', forward.resourceName);
  expect([forward.resourceType, forward.port, forward.localPort]).toEqual(['service', gatewayService.spec.ports[0].port, 8080]);
  expect(existsSync(path.join(REPO, 'node_modules/tsx/dist/cli.mjs'))).toBe(true);
  // skaffold dev builds the Dockerfile's `dev` target (sources and tsx) of the same images with the same args.
  const devArtifacts = devProfile.build.artifacts as Array<(typeof artifacts)[number] & { docker: { target?: string } }>;
  expect(devArtifacts.map((artifact) => [artifact.image, artifact.docker.target, artifact.docker.buildArgs])).toEqual(
    artifacts.map((artifact) => [artifact.image, 'dev', artifact.docker.buildArgs]),
  );
  for (const artifact of devArtifacts) {
    const name = artifact.image.split('/')[1] as Deployable;
    const container = mainContainer(deploymentOf(dev, name));
    expect(container.command).toEqual(['node', '/app/node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/main.ts']);
    const mounts = (container.volumeMounts as Array<{ mountPath: string }>).map((mount) => mount.mountPath);
    for (const rule of artifact.sync!.manual) {
      const folder = rule.src.replace(/\/\*\*.*$/, '');
      expect([rule.src, existsSync(path.join(REPO, folder))]).toEqual([rule.src, true]);
      expect([rule.src, mounts]).toEqual([rule.src, expect.arrayContaining([path.posix.join(rule.dest, folder)])]);
    }
  }
}, 60_000);

test('the deploy hook writes an ES256 pair the services accept', () => {
  const privateKey = readFileSync(keyFiles['secrets.jwtPrivateKey']!, 'utf8');
  const publicKey = readFileSync(keyFiles['secrets.jwtPublicKey']!, 'utf8');
  expect(publicKey).toContain('BEGIN PUBLIC KEY');
  expect(privateKey).toContain('PRIVATE KEY');
  const signature = sign('sha256', Buffer.from('token'), { key: createPrivateKey(privateKey), dsaEncoding: 'ieee-p1363' });
  expect(verify('sha256', Buffer.from('token'), { key: createPublicKey(publicKey), dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
});

test('every Service port is its container port, the port the process listens on and the port its probes use', () => {
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const values = mergedValues(scenario.options) as any;
    for (const name of DEPLOYABLES) {
      const service = find(result, 'Service', `${RELEASE}-${name}`);
      const selected = workloads(result).filter(
        (workload) => labelsMatch({ matchLabels: service.spec.selector }, podLabelsOf(workload)) && workload.kind !== 'Job',
      );
      expect([scenario.name, name, selected.map((workload) => workload.metadata.name)]).toEqual([scenario.name, name, [`${RELEASE}-${name}`]]);
      const container = mainContainer(selected[0]!);
      const ports = Object.fromEntries((container.ports as Array<{ name: string; containerPort: number }>).map((port) => [port.name, port.containerPort]));
      // The metrics port: on the deployable's Service, or for a gateway behind a LoadBalancer on a ClusterIP
      // Service of its own, so the load balancer never carries it.
      const metricsPort = { name: 'metrics', port: values.metrics.port, targetPort: 'metrics', protocol: 'TCP' };
      const publicGateway = name === 'gateway' && service.spec.type !== 'ClusterIP';
      const httpPort = { name: 'http', port: PORTS[name], targetPort: 'http', protocol: 'TCP' };
      expect([scenario.name, name, service.spec.ports]).toEqual([scenario.name, name, publicGateway ? [httpPort] : [httpPort, metricsPort]]);
      if (publicGateway) {
        const metricsService = find(result, 'Service', `${RELEASE}-gateway-metrics`);
        expect([metricsService.spec.type, metricsService.spec.selector, metricsService.spec.ports]).toEqual([
          'ClusterIP',
          service.spec.selector,
          [metricsPort],
        ]);
      }
      expect(ports.http).toBe(PORTS[name]);
      const env = containerEnv(result, container);
      expect(Number(env[name === 'gateway' ? 'GATEWAY_PORT' : 'PORT'])).toBe(PORTS[name]);
      expect([scenario.name, name, ports.metrics, Number(env.METRICS_PORT)]).toEqual([scenario.name, name, values.metrics.port, values.metrics.port]);
      const [live, ready] = ['/livez', '/readyz'];
      expect([container.startupProbe.httpGet, container.livenessProbe.httpGet, container.readinessProbe.httpGet]).toEqual([
        { path: live, port: 'http' },
        { path: live, port: 'http' },
        { path: ready, port: 'http' },
      ]);
      if (name === 'gateway') {
        for (const upstream of SERVICES) {
          const target = find(result, 'Service', `${RELEASE}-${upstream}`);
          expect(env[`${upstream.toUpperCase()}_URL`]).toBe(`http://${target.metadata.name}:${target.spec.ports[0].port}`);
        }
      }
    }
  }
});

test('every Secret key and secret file a workload reads exists', () => {
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const secrets = new Map(result.objects.filter((object) => object.kind === 'Secret').map((secret) => [secret.metadata.name, decodeSecret(secret)]));
    if (scenario.secretFrom) {
      // An existing Secret must hold what the chart's own Secret would hold with the same settings.
      const managed = rendered(scenario.secretFrom).objects.find((object) => object.kind === 'Secret' && object.metadata.name === `${RELEASE}-secrets`)!;
      expect(secrets.has('vnmarket-secrets')).toBe(false);
      secrets.set('vnmarket-secrets', decodeSecret(managed));
    }
    for (const workload of workloads(result)) {
      const pod = podSpecOf(workload);
      const mounted = new Map<string, string[]>(); // volume name -> files
      for (const volume of pod.volumes ?? []) {
        const sources = volume.projected?.sources ?? (volume.secret ? [{ secret: { name: volume.secret.secretName, items: volume.secret.items } }] : []);
        for (const source of sources) {
          if (!source.secret) continue;
          const data = secrets.get(source.secret.name);
          expect([scenario.name, workload.metadata.name, source.secret.name, Boolean(data)]).toEqual([
            scenario.name,
            workload.metadata.name,
            source.secret.name,
            true,
          ]);
          for (const item of source.secret.items) {
            expect([scenario.name, workload.metadata.name, item.key, Boolean(data![item.key])]).toEqual([
              scenario.name,
              workload.metadata.name,
              item.key,
              true,
            ]);
            mounted.set(volume.name, [...(mounted.get(volume.name) ?? []), item.path]);
          }
        }
      }
      for (const container of allContainers(pod)) {
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (ref) expect([scenario.name, ref.name, ref.key, Boolean(secrets.get(ref.name)?.[ref.key])]).toEqual([scenario.name, ref.name, ref.key, true]);
        }
        const files = new Set<string>();
        for (const mount of container.volumeMounts ?? []) for (const file of mounted.get(mount.name) ?? []) files.add(path.posix.join(mount.mountPath, file));
        for (const [variable, value] of Object.entries(containerEnv(result, container))) {
          if (variable.endsWith('_FILE'))
            expect([scenario.name, container.name, variable, files.has(value)]).toEqual([scenario.name, container.name, variable, true]);
        }
      }
    }
  }
  // Least privilege: only auth's pods get the signing key.
  for (const name of DEPLOYABLES) {
    const files = (podSpecOf(deploymentOf(rendered('default values'), name)).volumes as any[]).flatMap(
      (volume) => volume.projected?.sources.flatMap((source: any) => source.secret.items.map((item: any) => item.key)) ?? [],
    );
    expect([name, files.includes('jwt-private-key')]).toEqual([name, name === 'auth']);
  }
});

test("every service's own config schema accepts the environment the chart gives it (and it sets nothing unknown)", () => {
  const secretDir = path.join(workDir, 'secrets');
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const secretName = scenario.secretFrom ? undefined : `${RELEASE}-secrets`;
    const secret = decodeSecret(find(secretName ? result : rendered(scenario.secretFrom!), 'Secret', `${RELEASE}-secrets`));
    for (const workload of workloads(result)) {
      const name = (workload.metadata.labels?.['app.kubernetes.io/component'] ?? '').replace(/-migrate$/, '') as Deployable;
      if (!DEPLOYABLES.includes(name)) continue;
      for (const container of allContainers(podSpecOf(workload))) {
        if (container.name === 'sources') continue;
        const env = containerEnv(result, container);
        const known = variableNames(CONFIG_SCHEMAS[name]);
        const unknown = Object.keys(env).filter((variable) => !known.has(variable.replace(/_FILE$/, '')) && !variable.startsWith('OTEL_'));
        expect([scenario.name, workload.metadata.name, unknown]).toEqual([scenario.name, workload.metadata.name, []]);
        // The secret files, where the pod would see them, read through the services' NAME_FILE support.
        const local: Record<string, string> = {};
        for (const [variable, value] of Object.entries(env)) {
          if (variable.endsWith('_FILE') && value.startsWith(`${SECRET_MOUNT}/`)) {
            const key = value.slice(SECRET_MOUNT.length + 1);
            mkdirSync(secretDir, { recursive: true });
            const file = path.join(secretDir, key);
            writeFileSync(file, secret[key] ?? '');
            local[variable] = file;
          }
        }
        let problem = '';
        try {
          loadConfig(CONFIG_SCHEMAS[name], { ...env, ...local });
        } catch (error) {
          problem = (error as Error).message;
        }
        expect([scenario.name, workload.metadata.name, container.name, problem]).toEqual([scenario.name, workload.metadata.name, container.name, '']);
      }
    }
  }
});

test('graceful shutdown: the grace period covers the preStop pause and the drain', () => {
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const values = mergedValues(scenario.options) as any;
    for (const name of DEPLOYABLES) {
      const deployment = deploymentOf(result, name);
      const container = mainContainer(deployment);
      const drainSeconds = Number(containerEnv(result, container).SHUTDOWN_TIMEOUT_MS) / 1000;
      const pause = Number(container.lifecycle.preStop.exec.command[1]);
      expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
      expect([drainSeconds, pause]).toEqual([values.shutdown.timeoutSeconds, values.shutdown.preStopSeconds]);
      expect(podSpecOf(deployment).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + drainSeconds + 1);
    }
  }
});

test('pods run non-root, on a read-only root file system, without capabilities, with a writable /tmp', () => {
  for (const scenario of scenarios) {
    for (const workload of workloads(rendered(scenario.name))) {
      const pod = podSpecOf(workload);
      const where = `${scenario.name}: ${workload.kind}/${workload.metadata.name}`;
      expect([where, pod.securityContext.runAsNonRoot, pod.securityContext.runAsUser > 0, pod.automountServiceAccountToken]).toEqual([
        where,
        true,
        true,
        false,
      ]);
      for (const container of allContainers(pod)) {
        const context = container.securityContext;
        expect([where, container.name, context.readOnlyRootFilesystem, context.allowPrivilegeEscalation, context.capabilities.drop]).toEqual([
          where,
          container.name,
          true,
          false,
          ['ALL'],
        ]);
        // The deployables write only to /tmp (and media to its object volume).
        const component = (workload.metadata.labels?.['app.kubernetes.io/component'] ?? '').replace(/-migrate$/, '');
        if (DEPLOYABLES.includes(component as Deployable) && container.name !== 'sources') {
          expect([where, container.name, (container.volumeMounts ?? []).some((mount: any) => mount.mountPath === '/tmp')]).toEqual([
            where,
            container.name,
            true,
          ]);
        }
      }
    }
  }
});

test('autoscaling: listings and messaging by default, each deployable its own replicas and disruption budget', () => {
  const defaults = rendered('default values');
  const autoscaled = defaults.objects.filter((object) => object.kind === 'HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name);
  expect(autoscaled.sort()).toEqual([`${RELEASE}-listings`, `${RELEASE}-messaging`]);
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const values = mergedValues(scenario.options) as any;
    for (const name of DEPLOYABLES) {
      const deployment = deploymentOf(result, name);
      // Either the chart's HorizontalPodAutoscaler or KEDA's ScaledObject (which makes its own).
      const scaler = result.objects.find(
        (object) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(object.kind) && object.spec.scaleTargetRef.name === deployment.metadata.name,
      );
      expect([scenario.name, name, Boolean(scaler)]).toEqual([scenario.name, name, values[name].autoscaling.enabled]);
      // With an autoscaler the Deployment leaves replicas to it (helm upgrade would otherwise reset them).
      expect([scenario.name, name, deployment.spec.replicas]).toEqual([scenario.name, name, scaler ? undefined : values[name].replicaCount]);
      if (scaler?.kind === 'HorizontalPodAutoscaler')
        expect([scaler.spec.minReplicas, scaler.spec.maxReplicas]).toEqual([values[name].autoscaling.minReplicas, values[name].autoscaling.maxReplicas]);
      if (scaler?.kind === 'ScaledObject')
        expect([scaler.spec.minReplicaCount, scaler.spec.maxReplicaCount]).toEqual([
          values[name].autoscaling.minReplicas,
          values[name].autoscaling.maxReplicas,
        ]);
      const pdb = result.objects.find((object) => object.kind === 'PodDisruptionBudget' && labelsMatch(object.spec.selector, podLabelsOf(deployment)));
      expect([scenario.name, name, Boolean(pdb)]).toEqual([scenario.name, name, values[name].pdb.enabled]);
    }
  }
  // Scaling chat apart from browsing, as the README says.
  const scaled = render(renderer, {
    valuesFiles: [localOrigin],
    setFile: keyFiles,
    set: { 'messaging.autoscaling.enabled': false, 'messaging.replicaCount': 5 },
  });
  expect(deploymentOf(scaled, 'messaging').spec.replicas).toBe(5);
  expect(deploymentOf(scaled, 'listings').spec.replicas).toBeUndefined();
});

test('NetworkPolicies: only the gateway reaches the services, only the services reach the data stores', () => {
  const pods = (result: Rendered) =>
    new Map(
      workloads(result).map((workload) => [workload.metadata.name, { namespace: 'marketplace', labels: podLabelsOf(workload), ports: namedPorts(workload) }]),
    );
  const outsider = (namespace: string): Peer => ({ namespace, labels: { app: 'something-else' }, ports: {} });
  const external: Peer = { namespace: undefined, labels: {}, ports: {} };

  const defaults = rendered('default values');
  const net = policies(defaults);
  const pod = pods(defaults);
  const at = (name: string) => pod.get(`${RELEASE}-${name}`)!;
  const allowed = (from: Peer, to: Peer, port: number) => isAllowed(net, from, to, port);
  expect(allowed(outsider('ingress-nginx'), at('gateway'), 8080)).toBe(true);
  for (const service of SERVICES) {
    expect([service, allowed(at('gateway'), at(service), PORTS[service])]).toEqual([service, true]);
    expect([service, allowed(outsider('marketplace'), at(service), PORTS[service])]).toEqual([service, false]);
    for (const other of SERVICES.filter((name) => name !== service))
      expect([other, service, allowed(at(other), at(service), PORTS[service])]).toEqual([other, service, false]);
    for (const [store, port] of [
      ['postgresql', 5432],
      ['redis', 6379],
      ['rabbitmq', 5672],
    ] as const) {
      expect([service, store, allowed(at(service), at(store), port)]).toEqual([service, store, true]);
    }
  }
  for (const [store, port] of [
    ['postgresql', 5432],
    ['redis', 6379],
    ['rabbitmq', 5672],
  ] as const) {
    expect([store, allowed(at('gateway'), at(store), port)]).toEqual([store, false]);
    expect([store, allowed(outsider('marketplace'), at(store), port)]).toEqual([store, false]);
  }
  // Production: managed stores outside the cluster; the gateway's egress stops it from reaching them, and
  // only the ingress controller's namespace reaches the gateway.
  const production = rendered('production');
  const productionNet = policies(production);
  const productionPods = pods(production);
  const gateway = productionPods.get(`${RELEASE}-gateway`)!;
  expect(isAllowed(productionNet, gateway, external, 5432)).toBe(false);
  expect(isAllowed(productionNet, gateway, external, 53)).toBe(true);
  expect(isAllowed(productionNet, productionPods.get(`${RELEASE}-listings`)!, external, 5432)).toBe(true);
  expect(isAllowed(productionNet, outsider('ingress-nginx'), gateway, 8080)).toBe(true);
  expect(isAllowed(productionNet, outsider('default'), gateway, 8080)).toBe(false);
  for (const service of SERVICES) expect(isAllowed(productionNet, gateway, productionPods.get(`${RELEASE}-${service}`)!, PORTS[service])).toBe(true);
});

test('migrations: a pre-install/pre-upgrade Job per service in production, init containers with the in-cluster database', () => {
  for (const scenarioName of ['production', 'production, chart-managed Secret']) {
    const result = rendered(scenarioName);
    for (const service of SERVICES) {
      const job = find(result, 'Job', `${RELEASE}-${service}-migrate`);
      expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '0' });
      const container = podSpecOf(job).containers[0];
      expect([container.image, container.command]).toEqual([
        mainContainer(deploymentOf(result, service)).image,
        ['node', '--enable-source-maps', 'dist/migrate.js'],
      ]);
      expect(existsSync(path.join(REPO, 'services', service, 'src/migrate.ts'))).toBe(true);
      // Hooks run before the release's own objects exist: the Job needs no ConfigMap, and its Secret is
      // either the operator's or a hook created before it.
      expect(container.envFrom).toBeUndefined();
      const secretName = podSpecOf(job).volumes.find((volume: any) => volume.name === 'secrets').projected.sources[0].secret.name;
      if (scenarioName === 'production') expect(secretName).toBe('vnmarket-secrets');
      else {
        const hookSecret = find(result, 'Secret', secretName);
        expect(hookSecret.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade' });
        expect(Number(hookSecret.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(Number(job.metadata.annotations!['helm.sh/hook-weight']));
        expect(decodeSecret(hookSecret)).toEqual(decodeSecret(find(result, 'Secret', `${RELEASE}-secrets`)));
      }
    }
  }
  const defaults = rendered('default values');
  expect(defaults.objects.filter((object) => object.kind === 'Job')).toEqual([]);
  for (const service of SERVICES) {
    const init = podSpecOf(deploymentOf(defaults, service)).initContainers.find((container: any) => container.name === 'migrate');
    expect(init.command).toEqual(['node', '--enable-source-maps', 'dist/migrate.js']);
  }
});

test('the Ingress sends everything to the gateway and keeps WebSockets open', () => {
  const ingress = find(rendered('production'), 'Ingress', `${RELEASE}-gateway`);
  const annotations = ingress.metadata.annotations!;
  expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
  expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
  expect(annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('12m');
  expect(annotations['cert-manager.io/cluster-issuer']).toBe('letsencrypt');
  expect(ingress.spec.ingressClassName).toBe('nginx');
  expect(ingress.spec.tls).toEqual([{ hosts: ['market.example.org'], secretName: 'vnmarket-tls' }]);
  expect(ingress.spec.rules[0].http.paths).toEqual([
    { path: '/', pathType: 'Prefix', backend: { service: { name: `${RELEASE}-gateway`, port: { name: 'http' } } } },
  ]);
  // Behind the Ingress the gateway trusts one X-Forwarded-For hop; without it, none.
  expect(containerEnv(rendered('production'), mainContainer(deploymentOf(rendered('production'), 'gateway'))).TRUST_PROXY_HOPS).toBe('1');
  expect(containerEnv(rendered('default values'), mainContainer(deploymentOf(rendered('default values'), 'gateway'))).TRUST_PROXY_HOPS).toBe('0');
  expect(rendered('default values').objects.some((object) => object.kind === 'Ingress')).toBe(false);
});

test('missing required values stop the render with a message that says what to set', () => {
  expect(() => render(renderer, {})).toThrow(/publicOrigins is required: the site's URL, e\.g\. publicOrigins: \[https:\/\/market\.example\.org\]/);
  expect(() => render(renderer, { valuesFiles: [localOrigin] })).toThrow(/secrets\.jwtPublicKey is required \(--set-file secrets\.jwtPublicKey=/);
  expect(() => render(renderer, { valuesFiles: [PRODUCTION], setFile: keyFiles, setString: { 'secrets.existingSecret': '' } })).toThrow(
    /secrets\.databaseUrl is required/,
  );
  expect(() => render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, setString: { 'verification.sms.provider': 'twilio' } })).toThrow(
    /secrets\.twilioAccountSid is required|fromNumber or verification\.sms\.messagingServiceSid/,
  );
  expect(() => render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, set: { 'media.s3.enabled': true } })).toThrow(/media\.s3\.bucket is required/);
});

// ---------------------------------------------------------------------------------------------------
// Operations: metrics, alerts, dashboard, traces, identities, the HTTPRoute, scaling, data stores

/** Every metric the services export: the shared registry (services/shared/src/metrics.ts) with Node's defaults. */
async function exportedMetrics(): Promise<{ names: Set<string>; histograms: Set<string> }> {
  const metrics = await metricsRegistry.getMetricsAsJSON();
  return {
    names: new Set(metrics.map((metric) => metric.name)),
    histograms: new Set(metrics.filter((metric) => String(metric.type) === 'histogram').map((metric) => metric.name)),
  };
}

const PROMQL_WORDS = new Set(
  'sum max min avg count rate irate increase delta deriv histogram_quantile by without and or unless on ignoring group_left group_right bool offset clamp_min clamp_max abs topk bottomk time vector scalar label_values'.split(
    ' ',
  ),
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

  const result = rendered('every option on');
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
    render(renderer, {
      valuesFiles: [path.join(workDir, 'operations-values.yaml')],
      setFile: keyFiles,
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
  expect(['default values', 'production'].map((name) => rendered(name).objects.some((object) => object.source.endsWith('monitoring.yaml')))).toEqual([
    false,
    true,
  ]);
});

test('the ServiceMonitor scrapes every deployable on its metrics port, as the job the alerts select', () => {
  for (const scenarioName of ['every option on', 'KEDA, LoadBalancer gateway, ephemeral data stores']) {
    const result = rendered(scenarioName);
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

test('the metrics port is reachable from the monitoring namespace only, and no public route leads to it', () => {
  const pods = (result: Rendered) =>
    new Map(
      workloads(result).map((workload) => [workload.metadata.name, { namespace: 'marketplace', labels: podLabelsOf(workload), ports: namedPorts(workload) }]),
    );
  const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' }, ports: {} };
  const ingressController: Peer = { namespace: 'ingress-nginx', labels: { app: 'ingress-nginx' }, ports: {} };
  for (const scenarioName of ['default values', 'production', 'every option on']) {
    const result = rendered(scenarioName);
    const net = policies(result);
    const pod = pods(result);
    for (const name of DEPLOYABLES) {
      const target = pod.get(`${RELEASE}-${name}`)!;
      expect([scenarioName, name, isAllowed(net, prometheus, target, 9464)]).toEqual([scenarioName, name, true]);
      expect([scenarioName, name, isAllowed(net, ingressController, target, 9464)]).toEqual([scenarioName, name, false]);
      if (name !== 'gateway') {
        expect([scenarioName, name, isAllowed(net, pod.get(`${RELEASE}-gateway`)!, target, 9464)]).toEqual([scenarioName, name, false]);
        expect([scenarioName, name, isAllowed(net, prometheus, target, PORTS[name])]).toEqual([scenarioName, name, false]);
      }
    }
  }
  // The Ingress and the HTTPRoute send the public to the gateway's http port, never to its metrics port.
  const result = rendered('every option on');
  const gatewayService = find(result, 'Service', `${RELEASE}-gateway`);
  const ingressBackends = (find(result, 'Ingress', `${RELEASE}-gateway`).spec.rules as any[]).flatMap((rule) =>
    rule.http.paths.map((entry: any) => entry.backend.service),
  );
  expect(ingressBackends).toEqual([{ name: `${RELEASE}-gateway`, port: { name: 'http' } }]);
  const routeBackends = (find(result, 'HTTPRoute', `${RELEASE}-gateway`).spec.rules as any[]).flatMap((rule) => rule.backendRefs);
  const httpPort = gatewayService.spec.ports.find((port: any) => port.name === 'http').port;
  expect(routeBackends.map((backend) => [backend.name, backend.port])).toEqual([
    [`${RELEASE}-gateway`, httpPort],
    [`${RELEASE}-gateway`, httpPort],
  ]);
});

test('traces: with an OTLP endpoint every deployable exports to it and the gateway may reach it', () => {
  const collector: Peer = { namespace: 'observability', labels: { app: 'otel-collector' }, ports: {} };
  const on = rendered('every option on');
  for (const name of DEPLOYABLES)
    expect([name, containerEnv(on, mainContainer(deploymentOf(on, name))).OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([
      name,
      'http://otel-collector.observability:4318',
    ]);
  const gateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(on, 'gateway')), ports: namedPorts(deploymentOf(on, 'gateway')) };
  expect(isAllowed(policies(on), gateway, collector, 4318)).toBe(true);
  expect(isAllowed(policies(on), gateway, { ...collector, namespace: 'default' }, 4318)).toBe(false); // otel.to narrows it
  expect(isAllowed(policies(on), gateway, collector, 5432)).toBe(false);
  const off = rendered('default values');
  const offGateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(off, 'gateway')), ports: {} };
  expect(isAllowed(policies(off), offGateway, collector, 4318)).toBe(false);
  expect(containerEnv(off, mainContainer(deploymentOf(off, 'gateway'))).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  // Without otel.to: the endpoint's port (the scheme's default when the URL has none) to any address.
  const open = render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, setString: { 'otel.endpoint': 'https://otlp.example.com' } });
  const openGateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(open, 'gateway')), ports: {} };
  expect(isAllowed(policies(open), openGateway, { namespace: undefined, labels: {}, ports: {} }, 443)).toBe(true);
  expect(isAllowed(policies(open), openGateway, { namespace: undefined, labels: {}, ports: {} }, 5432)).toBe(false);
});

test('every deployable runs as its own ServiceAccount, without an API token, with the annotations from values', () => {
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const values = mergedValues(scenario.options) as any;
    for (const name of DEPLOYABLES) {
      const account = find(result, 'ServiceAccount', `${RELEASE}-${name}`);
      const pod = podSpecOf(deploymentOf(result, name));
      expect([scenario.name, name, account.automountServiceAccountToken, pod.serviceAccountName, pod.automountServiceAccountToken]).toEqual([
        scenario.name,
        name,
        false,
        account.metadata.name,
        false,
      ]);
      expect(account.metadata.annotations ?? {}).toEqual(values[name].serviceAccount.annotations);
    }
    // Migration hooks run before the release's ServiceAccounts exist: they use the namespace's default.
    for (const job of result.objects.filter((object) => object.kind === 'Job' && object.metadata.annotations?.['helm.sh/hook']?.includes('pre-install')))
      expect([job.metadata.name, podSpecOf(job).serviceAccountName]).toEqual([job.metadata.name, undefined]);
  }
  expect(find(rendered('every option on'), 'ServiceAccount', `${RELEASE}-media`).metadata.annotations).toEqual({
    'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/vnmarket-media',
  });
});

test('secrets: the data stores Secret is kept on uninstall; a rotated existing Secret rolls the pods through its checksum value', () => {
  const stores = find(rendered('default values'), 'Secret', `${RELEASE}-datastores`);
  expect(stores.metadata.annotations).toEqual({ 'helm.sh/resource-policy': 'keep' });
  expect(find(rendered('default values'), 'Secret', `${RELEASE}-secrets`).metadata.annotations?.['helm.sh/resource-policy']).toBeUndefined();
  const annotationsWith = (checksum: string) => {
    const result = render(renderer, { valuesFiles: [PRODUCTION], setString: { 'secrets.existingSecretChecksum': checksum } });
    return Object.fromEntries(DEPLOYABLES.map((name) => [name, podTemplateAnnotations(deploymentOf(result, name))]));
  };
  const before = annotationsWith('');
  const same = annotationsWith('');
  const rotated = annotationsWith('9c1e5a0f3b7d2e48');
  for (const name of DEPLOYABLES) {
    expect(same[name]).toEqual(before[name]);
    expect([name, rotated[name]!['checksum/secrets'] === before[name]!['checksum/secrets']]).toEqual([name, false]);
    expect(rotated[name]!['checksum/config']).toBe(before[name]!['checksum/config']);
  }
});

test('scale-in removes at most one pod or 10% a minute, KEDA or prometheus-adapter can add open sockets, and autoscaling never resets the count', () => {
  // What the HorizontalPodAutoscaler's controller does with the policies (selectPolicy Min: the fewer pods).
  const removablePerMinute = (behavior: any, replicas: number) => {
    const { scaleDown } = behavior;
    expect(scaleDown.selectPolicy).toBe('Min');
    const floors = (scaleDown.policies as any[]).map((policy) => {
      expect(policy.periodSeconds).toBe(60);
      return policy.type === 'Pods' ? replicas - policy.value : Math.trunc(replicas * (1 - policy.value / 100));
    });
    return replicas - Math.max(...floors);
  };
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    for (const scaler of result.objects.filter((object) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(object.kind))) {
      const behavior = scaler.kind === 'ScaledObject' ? scaler.spec.advanced.horizontalPodAutoscalerConfig.behavior : scaler.spec.behavior;
      const where = `${scenario.name}: ${scaler.kind}/${scaler.metadata.name}`;
      expect([where, behavior.scaleDown.stabilizationWindowSeconds]).toEqual([where, 300]);
      expect([where, removablePerMinute(behavior, 20), removablePerMinute(behavior, 3)]).toEqual([where, 1, 1]);
    }
  }

  // prometheus-adapter: a Pods metric beside CPU in the chart's own autoscaler.
  const adapter = rendered('every option on');
  const messagingHpa = find(adapter, 'HorizontalPodAutoscaler', `${RELEASE}-messaging`);
  expect(messagingHpa.spec.metrics).toContainEqual({
    type: 'Pods',
    pods: { metric: { name: 'messaging_open_websockets' }, target: { type: 'AverageValue', averageValue: '2000' } },
  });
  expect(find(adapter, 'HorizontalPodAutoscaler', `${RELEASE}-listings`).spec.metrics.map((metric: any) => metric.type)).toEqual(['Resource']);
  // KEDA: a ScaledObject (KEDA makes the autoscaler), CPU plus the sockets query, and no second autoscaler.
  const keda = rendered('KEDA, LoadBalancer gateway, ephemeral data stores');
  expect(keda.objects.some((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec.scaleTargetRef.name === `${RELEASE}-messaging`)).toBe(false);
  const scaled = find(keda, 'ScaledObject', `${RELEASE}-messaging`);
  const [cpu, sockets] = scaled.spec.triggers;
  expect(cpu).toEqual({ type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } });
  expect(sockets.type).toBe('prometheus');
  expect(sockets.metadata).toEqual({
    serverAddress: 'http://prometheus-operated.monitoring.svc:9090',
    query: `sum(messaging_open_websockets{namespace="marketplace",job="${RELEASE}",service="messaging"})`,
    threshold: '2000',
  });

  // Autoscaled Deployments leave replicas out; on the upgrade that turns autoscaling on, the live count is
  // carried over instead of Helm deleting the field (which Kubernetes would default to 1 pod).
  for (const name of ['listings', 'messaging'] as const) expect(deploymentOf(rendered('default values'), name).spec.replicas).toBeUndefined();
  const live = (replicas: number): K8sObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: `${RELEASE}-messaging`, namespace: 'marketplace' },
    spec: { replicas },
  });
  expect(deploymentOf(render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, upgrade: true, live: [live(7)] }), 'messaging').spec.replicas).toBe(7);
  expect(
    deploymentOf(render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, upgrade: true, live: [live(7)] }), 'listings').spec.replicas,
  ).toBeUndefined();
  const fixed = render(renderer, {
    valuesFiles: [localOrigin],
    setFile: keyFiles,
    upgrade: true,
    live: [live(7)],
    set: { 'messaging.autoscaling.enabled': false, 'messaging.replicaCount': 3 },
  });
  expect(deploymentOf(fixed, 'messaging').spec.replicas).toBe(3);
}, 60_000);

test('dev data stores: StatefulSets on PersistentVolumeClaims whose pods a chart bump does not touch; RabbitMQ 4', () => {
  const STORES = { postgresql: '/var/lib/postgresql/data', redis: '/data', rabbitmq: '/var/lib/rabbitmq', minio: '/data' } as const;
  for (const scenario of scenarios) {
    const result = rendered(scenario.name);
    const values = mergedValues(scenario.options) as any;
    for (const [store, dataPath] of Object.entries(STORES)) {
      if (!values[store].enabled) continue;
      const where = `${scenario.name}: ${store}`;
      expect([where, result.objects.some((object) => object.kind === 'Deployment' && object.metadata.name === `${RELEASE}-${store}`)]).toEqual([where, false]);
      const set = find(result, 'StatefulSet', `${RELEASE}-${store}`);
      expect([where, set.spec.serviceName]).toEqual([where, find(result, 'Service', `${RELEASE}-${store}`).metadata.name]);
      const pod = podSpecOf(set);
      expect([where, pod.containers[0].volumeMounts.find((mount: any) => mount.name === 'data')?.mountPath]).toEqual([where, dataPath]);
      const emptyDir = pod.volumes.find((volume: any) => volume.name === 'data');
      const { persistence } = values[store];
      if (persistence.enabled) {
        expect([where, emptyDir]).toEqual([where, undefined]);
        const [claim] = set.spec.volumeClaimTemplates;
        expect([where, claim.metadata.name, claim.spec.resources.requests.storage, claim.spec.storageClassName]).toEqual([
          where,
          'data',
          persistence.size,
          persistence.storageClass || undefined,
        ]);
      } else {
        expect([where, emptyDir, set.spec.volumeClaimTemplates]).toEqual([where, { name: 'data', emptyDir: {} }, undefined]);
      }
    }
  }
  const defaults = rendered('default values');
  expect(['postgresql', 'rabbitmq', 'redis'].map((store) => Boolean(find(defaults, 'StatefulSet', `${RELEASE}-${store}`).spec.volumeClaimTemplates))).toEqual([
    true,
    true,
    false,
  ]);
  const classed = render(renderer, {
    valuesFiles: [localOrigin],
    setFile: keyFiles,
    setString: { 'rabbitmq.persistence.storageClass': 'fast-ssd', 'rabbitmq.persistence.size': '5Gi' },
  });
  expect(find(classed, 'StatefulSet', `${RELEASE}-rabbitmq`).spec.volumeClaimTemplates[0].spec).toMatchObject({
    storageClassName: 'fast-ssd',
    resources: { requests: { storage: '5Gi' } },
  });
  const rabbit = podSpecOf(find(defaults, 'StatefulSet', `${RELEASE}-rabbitmq`)).containers[0];
  expect(Number(/rabbitmq:(\d+)\./.exec(rabbit.image)?.[1])).toBeGreaterThanOrEqual(4);

  // A chart (and app) version bump: the data stores' selectors and pod templates stay byte for byte the
  // same, so nothing restarts them; the deployables' pods do roll (their labels carry the version).
  const bumpedChart = path.join(workDir, 'bumped-chart');
  cpSync(CHART_DIR, bumpedChart, { recursive: true });
  const chartYaml = path.join(bumpedChart, 'Chart.yaml');
  writeFileSync(
    chartYaml,
    readFileSync(chartYaml, 'utf8')
      .replace(/^version: .*$/m, 'version: 9.9.9')
      .replace(/^appVersion: .*$/m, 'appVersion: "9.9.9"'),
  );
  const options = { valuesFiles: [localOrigin], setFile: keyFiles, set: { 'minio.enabled': true, 'redis.persistence.enabled': true } };
  const [before, after] = [render(renderer, options), render(renderer, options, bumpedChart)];
  for (const store of Object.keys(STORES)) {
    const [old, bumped] = [find(before, 'StatefulSet', `${RELEASE}-${store}`), find(after, 'StatefulSet', `${RELEASE}-${store}`)];
    expect([store, bumped.spec.selector, bumped.spec.template, bumped.spec.volumeClaimTemplates]).toEqual([
      store,
      old.spec.selector,
      old.spec.template,
      old.spec.volumeClaimTemplates,
    ]);
    expect(bumped.metadata.labels!['helm.sh/chart']).toBe('marketplace-9.9.9');
  }
  expect(podLabelsOf(deploymentOf(after, 'auth'))['app.kubernetes.io/version']).toBe('9.9.9');
});

test('MinIO: the browser uploads to its endpoint, which the CSP connect-src allows and media signs for', () => {
  for (const [scenarioName, endpoint] of [
    ['every option on', `http://${RELEASE}-minio:9000`],
    ['KEDA, LoadBalancer gateway, ephemeral data stores', 'http://minio.127.0.0.1.nip.io:9000'],
  ] as const) {
    const result = rendered(scenarioName);
    const media = containerEnv(result, mainContainer(deploymentOf(result, 'media')));
    const gateway = containerEnv(result, mainContainer(deploymentOf(result, 'gateway')));
    expect([scenarioName, media.S3_ENDPOINT]).toEqual([scenarioName, endpoint]);
    const connect = gatewayConfigSchema.parse(gateway).CSP_CONNECT_SOURCES;
    expect([scenarioName, connect]).toEqual([scenarioName, [new URL(endpoint).origin]]);
  }
  expect(containerEnv(rendered('default values'), mainContainer(deploymentOf(rendered('default values'), 'gateway'))).CSP_CONNECT_SOURCES).toBeUndefined();
});

test("the gateway names its pages by the site's own URL, the first of publicOrigins, as the services know it", () => {
  for (const scenarioName of ['default values', 'production']) {
    const result = rendered(scenarioName);
    const gateway = gatewayConfigSchema.parse(containerEnv(result, mainContainer(deploymentOf(result, 'gateway'))));
    const auth = containerEnv(result, mainContainer(deploymentOf(result, 'auth')));
    expect([scenarioName, gateway.PUBLIC_ORIGINS.join(',')]).toEqual([scenarioName, auth.PUBLIC_ORIGINS]);
  }
  expect(
    gatewayConfigSchema.parse(containerEnv(rendered('production'), mainContainer(deploymentOf(rendered('production'), 'gateway')))).PUBLIC_ORIGINS[0],
  ).toMatch(/^https:\/\//);
});

test('the HTTPRoute attaches to the configured Gateways, sends everything to the gateway and keeps WebSockets open', () => {
  const route = find(rendered('every option on'), 'HTTPRoute', `${RELEASE}-gateway`);
  expect(route.spec.parentRefs).toEqual(OPERATIONS_VALUES.httpRoute.parentRefs);
  expect(route.spec.hostnames).toEqual(['market.example.org']);
  const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1]);
  const [ws, rest] = route.spec.rules;
  expect(ws.matches).toEqual([{ path: { type: 'PathPrefix', value: '/ws' } }]);
  expect(seconds(ws.timeouts.request)).toBeGreaterThanOrEqual(3600);
  expect(seconds(ws.timeouts.backendRequest)).toBeGreaterThanOrEqual(3600);
  expect(rest.matches).toEqual([{ path: { type: 'PathPrefix', value: '/' } }]);
  expect(seconds(rest.timeouts.request) * 1000).toBeGreaterThan(
    Number(containerEnv(rendered('every option on'), mainContainer(deploymentOf(rendered('every option on'), 'gateway'))).UPSTREAM_TIMEOUT_MS),
  );
  // Behind the route the gateway trusts one proxy hop, as behind the Ingress.
  const routeOnly = render(renderer, { valuesFiles: [path.join(workDir, 'operations-values.yaml')], setFile: keyFiles });
  expect(routeOnly.objects.some((object) => object.kind === 'Ingress')).toBe(false);
  expect(containerEnv(routeOnly, mainContainer(deploymentOf(routeOnly, 'gateway'))).TRUST_PROXY_HOPS).toBe('1');
  expect(() => render(renderer, { valuesFiles: [localOrigin], setFile: keyFiles, set: { 'httpRoute.enabled': true } })).toThrow(
    /httpRoute\.parentRefs is required/,
  );
});

test('values-loadtest.yaml raises the limits it names and nothing else', () => {
  if (!existsSync(path.join(REPO, LOADTEST))) {
    console.warn(`${LOADTEST} does not exist yet: its render is not checked`);
    return;
  }
  const loadtest = YAML.parse(readFileSync(path.join(REPO, LOADTEST), 'utf8')) as Record<string, { env?: Record<string, string> }>;
  expect(Object.keys(loadtest).every((key) => DEPLOYABLES.includes(key as Deployable))).toBe(true);
  for (const [base, withLoadtest] of [
    ['default values', 'load test'],
    ['production', 'production, load test'],
  ] as const) {
    for (const name of DEPLOYABLES) {
      const before = containerEnv(rendered(base), mainContainer(deploymentOf(rendered(base), name)));
      const after = containerEnv(rendered(withLoadtest), mainContainer(deploymentOf(rendered(withLoadtest), name)));
      expect([withLoadtest, name, after]).toEqual([withLoadtest, name, { ...before, ...(loadtest[name]?.env ?? {}) }]);
    }
  }
});

// ---------------------------------------------------------------------------------------------------

function listTemplates(dir: string, prefix = 'marketplace/templates'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return listTemplates(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (entry.name.startsWith('_') || entry.name === 'NOTES.txt') return [];
    return [`${prefix}/${entry.name}`];
  });
}

/** The variables a config schema reads (through .extend(), .superRefine() and .transform()). */
function variableNames(schema: z.ZodType): Set<string> {
  let current: any = schema;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    if (current.shape) return new Set(Object.keys(current.shape));
    current = current.def?.in ?? current.def?.schema;
  }
  throw new Error('cannot find the object schema');
}

function podTemplateAnnotations(workload: K8sObject): Record<string, string> {
  return workload.spec?.template?.metadata?.annotations ?? {};
}

function namedPorts(workload: K8sObject): Record<string, number> {
  return Object.fromEntries(
    allContainers(podSpecOf(workload)).flatMap((container) => (container.ports ?? []).map((port: any) => [port.name, port.containerPort])),
  );
}

interface Peer {
  namespace: string | undefined; // undefined: outside the cluster
  labels: Record<string, string>;
  ports: Record<string, number>;
}

function policies(result: Rendered): K8sObject[] {
  return result.objects.filter((object) => object.kind === 'NetworkPolicy');
}

/** NetworkPolicy semantics for one connection: allowed by the destination's ingress and the source's egress. */
function isAllowed(net: K8sObject[], from: Peer, to: Peer, port: number): boolean {
  const releaseNamespace = 'marketplace';
  const peerMatches = (peer: any, candidate: Peer) => {
    if (candidate.namespace === undefined) return Boolean(peer.ipBlock);
    if (peer.ipBlock) return false;
    const namespaceOk = peer.namespaceSelector
      ? labelsMatch(peer.namespaceSelector, { 'kubernetes.io/metadata.name': candidate.namespace })
      : candidate.namespace === releaseNamespace;
    return namespaceOk && (peer.podSelector ? labelsMatch(peer.podSelector, candidate.labels) : true);
  };
  const portMatches = (rulePorts: any[] | undefined, destination: Peer) =>
    !rulePorts ||
    rulePorts.length === 0 ||
    rulePorts.some((rule) => (typeof rule.port === 'string' ? destination.ports[rule.port] === port : rule.port === undefined || rule.port === port));
  const side = (pod: Peer, type: 'Ingress' | 'Egress', other: Peer) => {
    if (pod.namespace !== releaseNamespace) return true;
    const applying = net.filter((policy) => policy.spec.policyTypes.includes(type) && labelsMatch(policy.spec.podSelector, pod.labels));
    if (applying.length === 0) return true;
    return applying.some((policy) =>
      (policy.spec[type === 'Ingress' ? 'ingress' : 'egress'] ?? []).some((rule: any) => {
        const peers = rule[type === 'Ingress' ? 'from' : 'to'];
        return (!peers || peers.length === 0 || peers.some((peer: any) => peerMatches(peer, other))) && portMatches(rule.ports, to);
      }),
    );
  };
  return side(to, 'Ingress', from) && side(from, 'Egress', to);
}

test('the in-cluster Redis asks for a generated password, and the services connect with it', () => {
  const result = rendered('default values');
  const decode = (secret: any, key: string) => Buffer.from(secret.data[key], 'base64').toString('utf8');
  const password = decode(find(result, 'Secret', `${RELEASE}-datastores`), 'redis-password');
  expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(decode(find(result, 'Secret', `${RELEASE}-secrets`), 'redis-url')).toBe(`redis://:${password}@${RELEASE}-redis:6379`);
  const redis = podSpecOf(find(result, 'StatefulSet', `${RELEASE}-redis`)).containers[0];
  expect(redis.args.slice(-2)).toEqual(['--requirepass', '$(REDIS_PASSWORD)']);
  const fromStores = (name: string) => redis.env.find((variable: any) => variable.name === name)?.valueFrom?.secretKeyRef;
  expect(fromStores('REDIS_PASSWORD')).toEqual({ name: `${RELEASE}-datastores`, key: 'redis-password' });
  // The readiness probe's redis-cli authenticates from REDISCLI_AUTH.
  expect(fromStores('REDISCLI_AUTH')).toEqual({ name: `${RELEASE}-datastores`, key: 'redis-password' });
  expect(redis.readinessProbe.exec.command).toEqual(['redis-cli', 'ping']);
});
