/**
 * The chart's data that survives, rendered as deploy/test/chart.test.ts renders it: the database backup
 * CronJob, and the production data tier on operators (CloudNativePG with its Barman Cloud plugin; the
 * RabbitMQ Cluster Operator) wired into the services. The operators' objects are checked against their
 * documented APIs, written here from the operators' API references (no CRD copied in): every field the
 * chart sets is one the API has, of its type.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSigningKeys } from '@vnmarket/testkit';
import { buildRenderer, containerEnv, find, podSpecOf, RELEASE, render, SERVICES, type K8sObject, type Renderer, type RenderOptions } from './support/chart';
import { schemaErrors } from './support/k8s-schemas';

let renderer: Renderer;
let workDir: string;
let keyFiles: Record<string, string>;
const PRODUCTION = 'charts/marketplace/values-production.yaml';
const DEV = 'charts/marketplace/values-dev.yaml';

beforeAll(() => {
  renderer = buildRenderer();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-chart-data-'));
  const { publicKey, privateKey } = generateSigningKeys();
  keyFiles = { 'secrets.jwtPublicKey': path.join(workDir, 'public.pem'), 'secrets.jwtPrivateKey': path.join(workDir, 'private.pem') };
  writeFileSync(keyFiles['secrets.jwtPublicKey']!, publicKey);
  writeFileSync(keyFiles['secrets.jwtPrivateKey']!, privateKey);
}, 120_000);

afterAll(() => {
  renderer?.cleanup();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Production values with media on S3, and the given switches. */
function production(set: RenderOptions['set'] = {}, setString: Record<string, string> = {}): RenderOptions {
  return {
    valuesFiles: [PRODUCTION],
    set: { 'media.s3.enabled': true, 'migrations.strategy': 'auto', ...set },
    setString: { 'media.s3.bucket': 'cho-photos', 'media.s3.region': 'us-west-2', ...setString },
  };
}

const OPERATORS = { 'postgresql.enabled': false, 'rabbitmq.enabled': false, 'cloudnativepg.enabled': true, 'rabbitmqCluster.enabled': true };

// ---- The operators' documented APIs, as far as the chart uses them ------------------------------------
// A field's type: a JSON type, 'quantity' (Kubernetes resource.Quantity: a string like 20Gi), 'object' (a
// Kubernetes type checked elsewhere), 'map' (string to string), a list of allowed strings, or `T[]`.
type FieldType = 'string' | 'integer' | 'boolean' | 'quantity' | 'object' | 'map' | 'string[]' | readonly string[];
interface Api {
  apiVersion: string;
  kind: string;
  /** Dotted paths under spec; `[]` steps into each item of a list. */
  fields: Record<string, FieldType>;
  required: string[];
}

/** CloudNativePG's postgresql.cnpg.io/v1 API reference: Cluster. */
const CNPG_CLUSTER: Api = {
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  fields: {
    instances: 'integer',
    imageName: 'string',
    primaryUpdateStrategy: ['unsupervised', 'supervised'],
    'bootstrap.initdb.database': 'string',
    'bootstrap.initdb.owner': 'string',
    'bootstrap.initdb.postInitApplicationSQL': 'string[]',
    'storage.size': 'quantity',
    'storage.storageClass': 'string',
    resources: 'object',
    'plugins[].name': 'string',
    'plugins[].isWALArchiver': 'boolean',
    'plugins[].parameters': 'map',
  },
  required: ['instances', 'storage.size'],
};

/** CloudNativePG's postgresql.cnpg.io/v1 API reference: ScheduledBackup (six-field cron, seconds first). */
const CNPG_SCHEDULED_BACKUP: Api = {
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'ScheduledBackup',
  fields: {
    schedule: 'string',
    immediate: 'boolean',
    backupOwnerReference: ['none', 'self', 'cluster'],
    'cluster.name': 'string',
    method: ['barmanObjectStore', 'volumeSnapshot', 'plugin'],
    'pluginConfiguration.name': 'string',
  },
  required: ['schedule', 'cluster.name'],
};

/** The Barman Cloud plugin's barmancloud.cnpg.io/v1 API reference: ObjectStore (configuration: barman-cloud's BarmanObjectStoreConfiguration). */
const BARMAN_OBJECT_STORE: Api = {
  apiVersion: 'barmancloud.cnpg.io/v1',
  kind: 'ObjectStore',
  fields: {
    retentionPolicy: 'string',
    'configuration.destinationPath': 'string',
    'configuration.endpointURL': 'string',
    'configuration.s3Credentials.accessKeyId.name': 'string',
    'configuration.s3Credentials.accessKeyId.key': 'string',
    'configuration.s3Credentials.secretAccessKey.name': 'string',
    'configuration.s3Credentials.secretAccessKey.key': 'string',
    'configuration.s3Credentials.inheritFromIAMRole': 'boolean',
    'configuration.wal.compression': ['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'],
    'configuration.data.compression': ['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'],
  },
  required: ['configuration.destinationPath'],
};

/** The RabbitMQ Cluster Operator's rabbitmq.com/v1beta1 API reference: RabbitmqCluster. */
const RABBITMQ_CLUSTER: Api = {
  apiVersion: 'rabbitmq.com/v1beta1',
  kind: 'RabbitmqCluster',
  fields: {
    replicas: 'integer',
    image: 'string',
    resources: 'object',
    'persistence.storage': 'quantity',
    'persistence.storageClassName': 'string',
    'rabbitmq.additionalConfig': 'string',
  },
  required: [],
};

function typeProblem(value: unknown, type: FieldType): string | undefined {
  if (Array.isArray(type)) return typeof value === 'string' && type.includes(value) ? undefined : `not one of ${type.join(', ')}`;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'not a string';
    case 'integer':
      return Number.isInteger(value) ? undefined : 'not an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'not a boolean';
    case 'quantity':
      return typeof value === 'string' && /^\d+(\.\d+)?([KMGTPE]i?|m)?$/.test(value) ? undefined : 'not a quantity';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'not an object';
    case 'map':
      return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string') ? undefined : 'not a string map';
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : 'not a list of strings';
  }
  return undefined;
}

/** Every problem of an object against an API: its apiVersion and kind, fields it lacks, fields it has that the API does not, wrong types. */
function apiProblems(object: K8sObject, api: Api): string[] {
  const problems: string[] = [];
  if (object.apiVersion !== api.apiVersion || object.kind !== api.kind)
    problems.push(`${object.apiVersion} ${object.kind} is not ${api.apiVersion} ${api.kind}`);
  const seen = new Set<string>();
  const walk = (value: unknown, at: string) => {
    const type = api.fields[at];
    if (type !== undefined) {
      seen.add(at);
      const problem = typeProblem(value, type);
      if (problem) problems.push(`spec.${at}: ${problem} (${JSON.stringify(value)})`);
      return;
    }
    if (Array.isArray(value)) return value.forEach((item) => walk(item, `${at}[]`));
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) walk(child, at ? `${at}.${key}` : key);
      return;
    }
    problems.push(`spec.${at}: not in the ${api.kind} API`);
  };
  walk(object.spec, '');
  for (const field of api.required) if (!seen.has(field)) problems.push(`spec.${field}: required`);
  return problems;
}

/** A projected volume's sources: the Secret and key behind each path. */
function projectedFiles(podSpec: any, volume = 'secrets'): Record<string, string> {
  const sources = podSpec.volumes.find((item: { name: string }) => item.name === volume).projected.sources as {
    secret: { name: string; items: { key: string; path: string }[] };
  }[];
  return Object.fromEntries(sources.flatMap(({ secret }) => secret.items.map((item) => [item.path, `${secret.name}:${item.key}`])));
}

describe('the production data tier on operators', () => {
  it('renders a CloudNativePG Cluster of 3 with WAL archiving and base backups to S3, and a RabbitmqCluster of 3, as their APIs document them', () => {
    const rendered = render(renderer, production(OPERATORS));
    const cluster = find(rendered, 'Cluster', `${RELEASE}-db`);
    const store = find(rendered, 'ObjectStore', `${RELEASE}-db-backups`);
    const scheduled = find(rendered, 'ScheduledBackup', `${RELEASE}-db-daily`);
    const broker = find(rendered, 'RabbitmqCluster', `${RELEASE}-broker`);
    expect(apiProblems(cluster, CNPG_CLUSTER)).toEqual([]);
    expect(apiProblems(store, BARMAN_OBJECT_STORE)).toEqual([]);
    expect(apiProblems(scheduled, CNPG_SCHEDULED_BACKUP)).toEqual([]);
    expect(apiProblems(broker, RABBITMQ_CLUSTER)).toEqual([]);

    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.bootstrap.initdb).toMatchObject({ database: 'vnmarket', owner: 'vnmarket' });
    // The WAL archiver is the Barman Cloud plugin, writing to the chart's ObjectStore.
    expect(cluster.spec.plugins).toEqual([
      { name: 'barman-cloud.cloudnative-pg.io', isWALArchiver: true, parameters: { barmanObjectName: store.metadata.name } },
    ]);
    expect(cluster.spec.backup).toBeUndefined();
    expect(store.spec.configuration.destinationPath).toBe('s3://cho-photos/cnpg');
    expect(store.spec.configuration.s3Credentials.accessKeyId).toEqual({ name: 'vnmarket-secrets', key: 's3-access-key-id' });
    expect(store.spec.retentionPolicy).toBe('30d');
    expect(scheduled.spec).toMatchObject({
      cluster: { name: cluster.metadata.name },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    });
    expect(scheduled.spec.schedule.split(' ')).toHaveLength(6);
    expect(broker.spec.replicas).toBe(3);
    // Neither development store is rendered beside them.
    expect(rendered.objects.filter((object) => object.kind === 'StatefulSet').map((object) => object.metadata.name)).toEqual([]);
  });

  it("wires the services and their migrations to the operators' Secrets: DATABASE_URL from <cluster>-app's uri, AMQP_URL from the default user", () => {
    const rendered = render(renderer, production(OPERATORS));
    for (const service of SERVICES) {
      const podSpec = podSpecOf(find(rendered, 'Deployment', `${RELEASE}-${service}`));
      const files = projectedFiles(podSpec);
      expect(files['database-url']).toBe(`${RELEASE}-db-app:uri`);
      expect(files['amqp-url']).toBeUndefined();
      // Migrations run as an init container once the Cluster (and so its Secret) exists: a pre-install hook would wait forever.
      const migrate = podSpec.initContainers.find((container: { name: string }) => container.name === 'migrate');
      expect(containerEnv(rendered, migrate).DATABASE_URL_FILE).toBe('/var/run/secrets/vnmarket/database-url');
      const main = podSpec.containers[0];
      const env = Object.fromEntries((main.env as { name: string; value?: string; valueFrom?: any }[]).map((item) => [item.name, item]));
      expect(env.RABBITMQ_DEFAULT_USERNAME!.valueFrom.secretKeyRef).toEqual({ name: `${RELEASE}-broker-default-user`, key: 'username' });
      expect(env.RABBITMQ_DEFAULT_PASSWORD!.valueFrom.secretKeyRef).toEqual({ name: `${RELEASE}-broker-default-user`, key: 'password' });
      expect(env.AMQP_URL!.value).toBe(`amqp://$(RABBITMQ_DEFAULT_USERNAME):$(RABBITMQ_DEFAULT_PASSWORD)@${RELEASE}-broker:5672`);
      // Listed before AMQP_URL: the kubelet expands only variables defined earlier.
      expect(main.env.map((item: { name: string }) => item.name).slice(-3)).toEqual(['RABBITMQ_DEFAULT_USERNAME', 'RABBITMQ_DEFAULT_PASSWORD', 'AMQP_URL']);
      expect(containerEnv(rendered, main).AMQP_URL_FILE).toBeUndefined();
    }
    expect(podSpecOf(find(rendered, 'Deployment', `${RELEASE}-gateway`)).containers[0].env).toBeUndefined();
    expect(schemaErrors(rendered.objects.filter((object) => object.kind === 'Deployment'))).toEqual([]);
  });

  it('refuses to run an operator beside the development store it replaces, and migrations as a hook before the Cluster exists', () => {
    expect(() => render(renderer, production({ ...OPERATORS, 'postgresql.enabled': true }))).toThrow('set postgresql.enabled=false');
    expect(() => render(renderer, production({ ...OPERATORS, 'rabbitmq.enabled': true }))).toThrow('set rabbitmq.enabled=false');
    expect(() => render(renderer, production({ ...OPERATORS, 'migrations.strategy': 'hook' }))).toThrow('migrations.strategy must be auto or initContainer');
  });

  it('renders none of it by default', () => {
    const rendered = render(renderer, { valuesFiles: [DEV], setFile: keyFiles });
    const kinds = rendered.objects.map((object) => object.kind);
    for (const kind of ['Cluster', 'ScheduledBackup', 'ObjectStore', 'RabbitmqCluster', 'CronJob']) expect(kinds).not.toContain(kind);
  });
});

describe('the database backup CronJob', () => {
  it("dumps the whole database on the schedule and copies it to media's S3 bucket, deleting copies past the retention", () => {
    const rendered = render(renderer, production({ 'backup.enabled': true, 'backup.retentionDays': 30 }, { 'backup.schedule': '15 4 * * *' }));
    const cronJob = find(rendered, 'CronJob', `${RELEASE}-db-backup`);
    expect(schemaErrors([cronJob])).toEqual([]);
    expect(cronJob.spec.schedule).toBe('15 4 * * *');
    expect(cronJob.spec.concurrencyPolicy).toBe('Forbid');
    const podSpec = cronJob.spec.jobTemplate.spec.template.spec;
    const [dump] = podSpec.initContainers;
    expect(dump.image).toMatch(/^postgres:17\./);
    expect(dump.command.join(' ')).toContain('pg_dump --format=custom');
    const [upload] = podSpec.containers;
    const env = Object.fromEntries(upload.env.map((item: { name: string; value: string }) => [item.name, item.value]));
    expect(env).toMatchObject({
      S3_BUCKET: 'cho-photos',
      S3_ENDPOINT: 'https://s3.us-west-2.amazonaws.com',
      BACKUP_PREFIX: 'database-backups',
      RETENTION_DAYS: '30',
    });
    expect(upload.command.join(' ')).toContain('mc rm --recursive --force --older-than "${RETENTION_DAYS}d"');
    expect(projectedFiles(podSpec)).toEqual({
      'database-url': 'vnmarket-secrets:database-url',
      's3-access-key-id': 'vnmarket-secrets:s3-access-key-id',
      's3-secret-access-key': 'vnmarket-secrets:s3-secret-access-key',
    });
    expect(podSpec.securityContext.runAsNonRoot).toBe(true);
  });

  it("reads the CloudNativePG Cluster's URI when that is the database, and needs S3 keys", () => {
    const rendered = render(renderer, production({ ...OPERATORS, 'backup.enabled': true }));
    expect(projectedFiles(find(rendered, 'CronJob', `${RELEASE}-db-backup`).spec.jobTemplate.spec.template.spec)['database-url']).toBe(`${RELEASE}-db-app:uri`);
    expect(() => render(renderer, production({ 'backup.enabled': true, 'media.s3.credentialsFromSecret': false }))).toThrow('media.s3.credentialsFromSecret');
    expect(() => render(renderer, { valuesFiles: [DEV], setFile: keyFiles, set: { 'backup.enabled': true, 'minio.enabled': false } })).toThrow(
      "backups go to media's S3 bucket",
    );
  });
});
