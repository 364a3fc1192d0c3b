/**
 * The chart's data that survives: the database backup CronJob, and the production data tier on operators
 * (CloudNativePG with its Barman Cloud plugin; the RabbitMQ Cluster Operator) wired into the services. The
 * operators' objects are checked against their documented APIs (support/operator-apis.json): every field the
 * chart sets is one the API has, of its type.
 */
import { containerEnv, find, podSpecOf, type RenderOptions } from './support/chart';
import { chartFixture, DEV, PRODUCTION, RELEASE, SERVICES } from './support/chart-fixture';
import { schemaErrors } from './support/k8s-schemas';
import { apiProblems, OPERATOR_APIS } from './support/operator-apis';

const chart = chartFixture();

/** Production values with media on S3, and the given switches. */
function production(set: RenderOptions['set'] = {}, setString: Record<string, string> = {}): RenderOptions {
  return {
    valuesFiles: [PRODUCTION],
    set: { 'media.s3.enabled': true, 'migrations.strategy': 'auto', ...set },
    setString: { 'media.s3.bucket': 'cho-photos', 'media.s3.region': 'us-west-2', ...setString },
  };
}

const OPERATORS = { 'postgresql.enabled': false, 'rabbitmq.enabled': false, 'cloudnativepg.enabled': true, 'rabbitmqCluster.enabled': true };

/** A projected volume's sources: the Secret and key behind each path. */
function projectedFiles(podSpec: any, volume = 'secrets'): Record<string, string> {
  const sources = podSpec.volumes.find((item: { name: string }) => item.name === volume).projected.sources as {
    secret: { name: string; items: { key: string; path: string }[] };
  }[];
  return Object.fromEntries(sources.flatMap(({ secret }) => secret.items.map((item) => [item.path, `${secret.name}:${item.key}`])));
}

describe('the production data tier on operators', () => {
  it('renders a CloudNativePG Cluster of 3 with WAL archiving and base backups to S3, and a RabbitmqCluster of 3, as their APIs document them', () => {
    const rendered = chart.render(production(OPERATORS));
    const cluster = find(rendered, 'Cluster', `${RELEASE}-db`);
    const store = find(rendered, 'ObjectStore', `${RELEASE}-db-backups`);
    const scheduled = find(rendered, 'ScheduledBackup', `${RELEASE}-db-daily`);
    const broker = find(rendered, 'RabbitmqCluster', `${RELEASE}-broker`);
    expect(apiProblems(cluster, OPERATOR_APIS.CNPG_CLUSTER)).toEqual([]);
    expect(apiProblems(store, OPERATOR_APIS.BARMAN_OBJECT_STORE)).toEqual([]);
    expect(apiProblems(scheduled, OPERATOR_APIS.CNPG_SCHEDULED_BACKUP)).toEqual([]);
    expect(apiProblems(broker, OPERATOR_APIS.RABBITMQ_CLUSTER)).toEqual([]);

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
    const rendered = chart.render(production(OPERATORS));
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
    expect(() => chart.render(production({ ...OPERATORS, 'postgresql.enabled': true }))).toThrow('set postgresql.enabled=false');
    expect(() => chart.render(production({ ...OPERATORS, 'rabbitmq.enabled': true }))).toThrow('set rabbitmq.enabled=false');
    expect(() => chart.render(production({ ...OPERATORS, 'migrations.strategy': 'hook' }))).toThrow('migrations.strategy must be auto or initContainer');
  });

  it('renders none of it by default', () => {
    const rendered = chart.render({ valuesFiles: [DEV], setFile: chart.keyFiles });
    const kinds = rendered.objects.map((object) => object.kind);
    for (const kind of ['Cluster', 'ScheduledBackup', 'ObjectStore', 'RabbitmqCluster', 'CronJob']) expect(kinds).not.toContain(kind);
  });
});

describe('the database backup CronJob', () => {
  it("dumps the whole database on the schedule and copies it to media's S3 bucket, deleting copies past the retention", () => {
    const rendered = chart.render(production({ 'backup.enabled': true, 'backup.retentionDays': 30 }, { 'backup.schedule': '15 4 * * *' }));
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
    const rendered = chart.render(production({ ...OPERATORS, 'backup.enabled': true }));
    expect(projectedFiles(find(rendered, 'CronJob', `${RELEASE}-db-backup`).spec.jobTemplate.spec.template.spec)['database-url']).toBe(`${RELEASE}-db-app:uri`);
    expect(() => chart.render(production({ 'backup.enabled': true, 'media.s3.credentialsFromSecret': false }))).toThrow('media.s3.credentialsFromSecret');
    expect(() => chart.render({ valuesFiles: [DEV], setFile: chart.keyFiles, set: { 'backup.enabled': true, 'minio.enabled': false } })).toThrow(
      "backups go to media's S3 bucket",
    );
  });
});
