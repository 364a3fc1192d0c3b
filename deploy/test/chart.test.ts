/**
 * charts/marketplace and skaffold.yaml, proved without helm or a cluster: every template is rendered with
 * Go's text/template + sprig (Helm's engine, deploy/chart-render) in strict mode for the default values,
 * the skaffold dev values and the production values; the values are checked against values.schema.json;
 * every object against the Kubernetes API schemas (kubernetes-models) including unknown fields; and the
 * wiring that only shows up in a running cluster is checked on the rendered objects: images, ports, probes,
 * Secret keys, each service's own config schema, graceful shutdown, security contexts, autoscaling,
 * NetworkPolicies, migrations and the Ingress.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import YAML from 'yaml';
import type { z } from 'zod';
import { loadConfig } from '@vnmarket/shared';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { authConfigSchema } from '../../services/auth/src/config';
import { listingsConfigSchema } from '../../services/listings/src/config';
import { mediaConfigSchema } from '../../services/media/src/config';
import { messagingConfigSchema } from '../../services/messaging/src/config';
import { verificationConfigSchema } from '../../services/verification/src/config';
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
const SECRET_MOUNT = '/var/run/secrets/vnmarket';

let renderer: Renderer;
let workDir: string;
let keyFiles: Record<string, string>;
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
  scenarios = [
    { name: 'default values', options: { setFile: keyFiles } },
    { name: 'skaffold dev', options: { valuesFiles: [DEV], setFile: keyFiles } },
    { name: 'production', options: { valuesFiles: [PRODUCTION] }, secretFrom: 'production, chart-managed Secret' },
    { name: 'production, chart-managed Secret', options: { valuesFiles: [PRODUCTION], setFile: keyFiles, setString: productionSecretValues() } },
    {
      name: 'every option on',
      options: {
        setFile: keyFiles,
        set: {
          'ingress.enabled': true,
          'ingress.tls.enabled': true,
          'minio.enabled': true,
          'postgresql.persistence.enabled': true,
          'verification.sms.provider': 'twilio',
          'gateway.autoscaling.enabled': true,
        },
        setString: {
          'ingress.host': 'market.example.org',
          'ingress.tls.secretName': 'market-tls',
          'verification.sms.fromNumber': '+14085550123',
          'secrets.twilioAccountSid': 'AC00000000000000000000000000000000',
          'secrets.twilioAuthToken': 'token',
          'otel.endpoint': 'http://otel-collector:4318',
          'migrations.strategy': 'hook',
        },
      },
    },
  ];
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
  const result = render(renderer, { setFile: keyFiles, setString: images });
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
  for (const artifact of artifacts) {
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
    for (const name of DEPLOYABLES) {
      const service = find(result, 'Service', `${RELEASE}-${name}`);
      const selected = workloads(result).filter(
        (workload) => labelsMatch({ matchLabels: service.spec.selector }, podLabelsOf(workload)) && workload.kind !== 'Job',
      );
      expect([scenario.name, name, selected.map((workload) => workload.metadata.name)]).toEqual([scenario.name, name, [`${RELEASE}-${name}`]]);
      const container = mainContainer(selected[0]!);
      const ports = Object.fromEntries((container.ports as Array<{ name: string; containerPort: number }>).map((port) => [port.name, port.containerPort]));
      expect(service.spec.ports).toEqual([{ name: 'http', port: PORTS[name], targetPort: 'http', protocol: 'TCP' }]);
      expect(ports.http).toBe(PORTS[name]);
      const env = containerEnv(result, container);
      expect(Number(env[name === 'gateway' ? 'GATEWAY_PORT' : 'PORT'])).toBe(PORTS[name]);
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
      const hpa = result.objects.find((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec.scaleTargetRef.name === deployment.metadata.name);
      expect([scenario.name, name, Boolean(hpa)]).toEqual([scenario.name, name, values[name].autoscaling.enabled]);
      // With an autoscaler the Deployment leaves replicas to it (helm upgrade would otherwise reset them).
      expect([scenario.name, name, deployment.spec.replicas]).toEqual([scenario.name, name, hpa ? undefined : values[name].replicaCount]);
      if (hpa) expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([values[name].autoscaling.minReplicas, values[name].autoscaling.maxReplicas]);
      const pdb = result.objects.find((object) => object.kind === 'PodDisruptionBudget' && labelsMatch(object.spec.selector, podLabelsOf(deployment)));
      expect([scenario.name, name, Boolean(pdb)]).toEqual([scenario.name, name, values[name].pdb.enabled]);
    }
  }
  // Scaling chat apart from browsing, as the README says.
  const scaled = render(renderer, { setFile: keyFiles, set: { 'messaging.autoscaling.enabled': false, 'messaging.replicaCount': 5 } });
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
      expect([container.image, container.command]).toEqual([mainContainer(deploymentOf(result, service)).image, ['node', '--import', 'tsx', 'src/migrate.ts']]);
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
    expect(init.command).toEqual(['node', '--import', 'tsx', 'src/migrate.ts']);
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
  expect(() => render(renderer, {})).toThrow(/secrets\.jwtPublicKey is required \(--set-file secrets\.jwtPublicKey=/);
  expect(() => render(renderer, { valuesFiles: [PRODUCTION], setFile: keyFiles, setString: { 'secrets.existingSecret': '' } })).toThrow(
    /secrets\.databaseUrl is required/,
  );
  expect(() => render(renderer, { setFile: keyFiles, setString: { 'verification.sms.provider': 'twilio' } })).toThrow(
    /secrets\.twilioAccountSid is required|fromNumber or verification\.sms\.messagingServiceSid/,
  );
  expect(() => render(renderer, { setFile: keyFiles, set: { 'media.s3.enabled': true } })).toThrow(/media\.s3\.bucket is required/);
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
