/**
 * charts/marketplace, proved without helm or a cluster: every template is rendered with Go's text/template +
 * sprig (Helm's engine, deploy/chart-render) in strict mode for each values set; the values are checked against
 * values.schema.json, and every object against the Kubernetes API schemas (kubernetes-models, custom resources
 * against their CRDs) including unknown fields; and the wiring that only shows in a running cluster is checked
 * on the rendered objects: ports and probes, Secret keys and files, each service's own config schema.
 * The other chart-*.test.ts files check the pods, the network, monitoring, skaffold, the public entry and the
 * data tier.
 */
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import YAML from 'yaml';
import type { z } from 'zod';
import { loadConfig } from '@vnmarket/shared';
import { DEPLOYABLES as CONFIG_SCHEMAS } from '../../scripts/config-reference';
import {
  allContainers,
  containerEnv,
  decodeSecret,
  find,
  labelsMatch,
  mergedValues,
  podLabelsOf,
  podSpecOf,
  type K8sObject,
  type RenderOptions,
} from './support/chart';
import {
  CHART_DIR,
  chartFixture,
  DEPLOYABLES,
  deployableOf,
  deploymentOf,
  LOADTEST,
  mainContainer,
  PORTS,
  PRODUCTION,
  RELEASE,
  REPO,
  SECRET_MOUNT,
  SERVICES,
  workloads,
} from './support/chart-fixture';
import { schemaErrors, unknownFieldErrors } from './support/k8s-schemas';

const chart = chartFixture({ renderAll: true });

test('every template renders (strict: a missing value is an error) for each values set', () => {
  const templates = listTemplates(path.join(CHART_DIR, 'templates'));
  const sources = new Set(chart.scenarios.flatMap((scenario) => chart.rendered(scenario.name).objects.map((object) => object.source)));
  // The operators' data tier and the backup CronJob: checked against the operators' APIs in chart-data-tier.test.ts.
  const dataTier = chart.render({
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
  for (const scenario of chart.scenarios) {
    const kinds = new Set(chart.rendered(scenario.name).objects.map((object) => object.kind));
    for (const kind of ['ConfigMap', 'Service', 'Deployment', 'NetworkPolicy']) expect([scenario.name, kinds.has(kind)]).toEqual([scenario.name, true]);
  }
  // Helm renders NOTES.txt too; the renderer executes it (and drops its text) without error above.
});

test('the values files pass values.schema.json, and typos or wrong types do not', () => {
  const schema = JSON.parse(readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  for (const scenario of chart.scenarios) {
    const valid = validate(mergedValues(scenario.options));
    expect([scenario.name, valid ? [] : validate.errors]).toEqual([scenario.name, []]);
  }
  const rejected = (options: RenderOptions) => !validate(mergedValues({ setFile: chart.keyFiles, ...options }));
  expect(rejected({ set: { 'messaging.replicas': 4 } })).toBe(true); // the key is replicaCount
  expect(rejected({ setString: { 'messaging.replicaCount': 'four' } })).toBe(true);
  expect(rejected({ setString: { 'verification.sms.provider': 'carrier-pigeon' } })).toBe(true);
  expect(rejected({ setString: { 'secrets.databaseUrl': 'mysql://db' } })).toBe(true);
  expect(rejected({ setString: { 'publicOrigins.0': 'not a url' } })).toBe(true);
  expect(rejected({ set: { 'messaging.replicaCount': 4 } })).toBe(false);
});

test('every rendered object is valid against the Kubernetes API schemas, with no unknown field', () => {
  const all = chart.scenarios.flatMap((scenario) =>
    chart.rendered(scenario.name).objects.map((object) => ({ ...object, source: `${scenario.name}: ${object.source}` })),
  );
  expect(schemaErrors(all)).toEqual([]);
  expect(unknownFieldErrors(all)).toEqual([]);
  // The checks do catch mistakes.
  const wrongType = structuredClone(deploymentOf(chart.rendered('default values'), 'auth'));
  podSpecOf(wrongType).containers[0].ports[0].containerPort = '4001';
  expect(
    schemaErrors([wrongType])
      .map((problem) => problem.error)
      .join(),
  ).toMatch(/containerPort must be integer/);
  const typo = structuredClone(deploymentOf(chart.rendered('default values'), 'auth'));
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
  const route = structuredClone(find(chart.rendered('every option on'), 'HTTPRoute', `${RELEASE}-gateway`));
  route.spec.rules[0].timeouts.request = '1 hour';
  expect(schemaErrors([route]).map((problem) => problem.error)).toEqual([expect.stringMatching(/timeouts\/request must match pattern/)]);
  const monitor = structuredClone(find(chart.rendered('every option on'), 'ServiceMonitor', RELEASE));
  monitor.spec.endpoints[0].honourLabels = true;
  expect(unknownFieldErrors([monitor]).map((problem) => problem.error)).toEqual([expect.stringMatching(/'"honourLabels"' does not exist/)]);
  const scaled = structuredClone(find(chart.rendered('KEDA, LoadBalancer gateway, ephemeral data stores'), 'ScaledObject', `${RELEASE}-messaging`));
  scaled.spec.minReplicaCount = 'two';
  expect(schemaErrors([scaled]).map((problem) => problem.error)).toEqual([expect.stringMatching(/minReplicaCount must be integer/)]);
}, 120_000);

test('every Service port is its container port, the port the process listens on and the port its probes use', () => {
  for (const { scenario, result, values } of chart.renders()) {
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
  for (const { scenario, result } of chart.renders()) {
    const secrets = new Map(result.objects.filter((object) => object.kind === 'Secret').map((secret) => [secret.metadata.name, decodeSecret(secret)]));
    if (scenario.secretFrom) {
      // An existing Secret must hold what the chart's own Secret would hold with the same settings.
      const managed = chart.rendered(scenario.secretFrom).objects.find((object) => object.kind === 'Secret' && object.metadata.name === `${RELEASE}-secrets`)!;
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
    const files = (podSpecOf(deploymentOf(chart.rendered('default values'), name)).volumes as any[]).flatMap(
      (volume) => volume.projected?.sources.flatMap((source: any) => source.secret.items.map((item: any) => item.key)) ?? [],
    );
    expect([name, files.includes('jwt-private-key')]).toEqual([name, name === 'auth']);
  }
});

test("every service's own config schema accepts the environment the chart gives it (and it sets nothing unknown)", () => {
  const secretDir = path.join(chart.workDir, 'secrets');
  for (const { scenario, result } of chart.renders()) {
    const secretName = scenario.secretFrom ? undefined : `${RELEASE}-secrets`;
    const secret = decodeSecret(find(secretName ? result : chart.rendered(scenario.secretFrom!), 'Secret', `${RELEASE}-secrets`));
    for (const workload of workloads(result)) {
      const name = deployableOf(workload);
      if (!name) continue;
      for (const container of allContainers(podSpecOf(workload))) {
        if (container.name === 'sources') continue;
        const env = containerEnv(result, container);
        const known = variableNames(CONFIG_SCHEMAS[name]!);
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
          loadConfig(CONFIG_SCHEMAS[name]!, { ...env, ...local });
        } catch (error) {
          problem = (error as Error).message;
        }
        expect([scenario.name, workload.metadata.name, container.name, problem]).toEqual([scenario.name, workload.metadata.name, container.name, '']);
      }
    }
  }
});

test('secrets: the data stores Secret is kept on uninstall; a rotated existing Secret rolls the pods through its checksum value', () => {
  const stores = find(chart.rendered('default values'), 'Secret', `${RELEASE}-datastores`);
  expect(stores.metadata.annotations).toEqual({ 'helm.sh/resource-policy': 'keep' });
  expect(find(chart.rendered('default values'), 'Secret', `${RELEASE}-secrets`).metadata.annotations?.['helm.sh/resource-policy']).toBeUndefined();
  const annotationsWith = (checksum: string) => {
    const result = chart.render({ valuesFiles: [PRODUCTION], setString: { 'secrets.existingSecretChecksum': checksum } });
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

test('the in-cluster Redis asks for a generated password, and the services connect with it', () => {
  const result = chart.rendered('default values');
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

test('missing required values stop the render with a message that says what to set', () => {
  expect(() => chart.render({})).toThrow(/publicOrigins is required: the site's URL, e\.g\. publicOrigins: \[https:\/\/market\.example\.org\]/);
  expect(() => chart.render({ valuesFiles: [chart.localOrigin] })).toThrow(/secrets\.jwtPublicKey is required \(--set-file secrets\.jwtPublicKey=/);
  expect(() => chart.render({ valuesFiles: [PRODUCTION], setFile: chart.keyFiles, setString: { 'secrets.existingSecret': '' } })).toThrow(
    /secrets\.databaseUrl is required/,
  );
  expect(() => chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, setString: { 'verification.sms.provider': 'twilio' } })).toThrow(
    /secrets\.twilioAccountSid is required|fromNumber or verification\.sms\.messagingServiceSid/,
  );
  expect(() => chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, set: { 'media.s3.enabled': true } })).toThrow(
    /media\.s3\.bucket is required/,
  );
});

test('values-loadtest.yaml raises the limits it names and nothing else', () => {
  if (!existsSync(path.join(REPO, LOADTEST))) {
    console.warn(`${LOADTEST} is missing: its render is not checked`);
    return;
  }
  const loadtest = YAML.parse(readFileSync(path.join(REPO, LOADTEST), 'utf8')) as Record<string, { env?: Record<string, string> }>;
  expect(Object.keys(loadtest).every((key) => (DEPLOYABLES as readonly string[]).includes(key))).toBe(true);
  for (const [base, withLoadtest] of [
    ['default values', 'load test'],
    ['production', 'production, load test'],
  ] as const) {
    for (const name of DEPLOYABLES) {
      const before = containerEnv(chart.rendered(base), mainContainer(deploymentOf(chart.rendered(base), name)));
      const after = containerEnv(chart.rendered(withLoadtest), mainContainer(deploymentOf(chart.rendered(withLoadtest), name)));
      expect([withLoadtest, name, after]).toEqual([withLoadtest, name, { ...before, ...(loadtest[name]?.env ?? {}) }]);
    }
  }
});

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
