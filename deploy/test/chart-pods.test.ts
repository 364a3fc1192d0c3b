/**
 * How the chart's pods run, for every values set: the grace period covers the drain, pods run non-root on a
 * read-only root with no capabilities or API token, each deployable has its own ServiceAccount, migrations run
 * before the services, autoscaling scales in gently without resetting the count, and the dev data stores keep
 * their data across chart bumps.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allContainers, containerEnv, decodeSecret, find, labelsMatch, podLabelsOf, podSpecOf, type K8sObject } from './support/chart';
import { CHART_DIR, chartFixture, DEPLOYABLES, deployableOf, deploymentOf, mainContainer, RELEASE, REPO, SERVICES, workloads } from './support/chart-fixture';

const chart = chartFixture({ renderAll: true });

test('graceful shutdown: the grace period covers the preStop pause and the drain', () => {
  for (const { result, values } of chart.renders()) {
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
  for (const scenario of chart.scenarios) {
    for (const workload of workloads(chart.rendered(scenario.name))) {
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
        if (deployableOf(workload) && container.name !== 'sources') {
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

test('every deployable runs as its own ServiceAccount, without an API token, with the annotations from values', () => {
  for (const { scenario, result, values } of chart.renders()) {
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
  expect(find(chart.rendered('every option on'), 'ServiceAccount', `${RELEASE}-media`).metadata.annotations).toEqual({
    'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/vnmarket-media',
  });
});

test('migrations: a pre-install/pre-upgrade Job per service in production, init containers with the in-cluster database', () => {
  for (const scenarioName of ['production', 'production, chart-managed Secret']) {
    const result = chart.rendered(scenarioName);
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
  const defaults = chart.rendered('default values');
  expect(defaults.objects.filter((object) => object.kind === 'Job')).toEqual([]);
  for (const service of SERVICES) {
    const init = podSpecOf(deploymentOf(defaults, service)).initContainers.find((container: any) => container.name === 'migrate');
    expect(init.command).toEqual(['node', '--enable-source-maps', 'dist/migrate.js']);
  }
});

test('autoscaling: listings and messaging by default, each deployable its own replicas and disruption budget', () => {
  const defaults = chart.rendered('default values');
  const autoscaled = defaults.objects.filter((object) => object.kind === 'HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name);
  expect(autoscaled.sort()).toEqual([`${RELEASE}-listings`, `${RELEASE}-messaging`]);
  for (const { scenario, result, values } of chart.renders()) {
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
  const scaled = chart.render({
    valuesFiles: [chart.localOrigin],
    setFile: chart.keyFiles,
    set: { 'messaging.autoscaling.enabled': false, 'messaging.replicaCount': 5 },
  });
  expect(deploymentOf(scaled, 'messaging').spec.replicas).toBe(5);
  expect(deploymentOf(scaled, 'listings').spec.replicas).toBeUndefined();
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
  for (const { scenario, result } of chart.renders()) {
    for (const scaler of result.objects.filter((object) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(object.kind))) {
      const behavior = scaler.kind === 'ScaledObject' ? scaler.spec.advanced.horizontalPodAutoscalerConfig.behavior : scaler.spec.behavior;
      const where = `${scenario.name}: ${scaler.kind}/${scaler.metadata.name}`;
      expect([where, behavior.scaleDown.stabilizationWindowSeconds]).toEqual([where, 300]);
      expect([where, removablePerMinute(behavior, 20), removablePerMinute(behavior, 3)]).toEqual([where, 1, 1]);
    }
  }

  // prometheus-adapter: a Pods metric beside CPU in the chart's own autoscaler.
  const adapter = chart.rendered('every option on');
  const messagingHpa = find(adapter, 'HorizontalPodAutoscaler', `${RELEASE}-messaging`);
  expect(messagingHpa.spec.metrics).toContainEqual({
    type: 'Pods',
    pods: { metric: { name: 'messaging_open_websockets' }, target: { type: 'AverageValue', averageValue: '2000' } },
  });
  expect(find(adapter, 'HorizontalPodAutoscaler', `${RELEASE}-listings`).spec.metrics.map((metric: any) => metric.type)).toEqual(['Resource']);
  // KEDA: a ScaledObject (KEDA makes the autoscaler), CPU plus the sockets query, and no second autoscaler.
  const keda = chart.rendered('KEDA, LoadBalancer gateway, ephemeral data stores');
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
  for (const name of ['listings', 'messaging'] as const) expect(deploymentOf(chart.rendered('default values'), name).spec.replicas).toBeUndefined();
  const live = (replicas: number): K8sObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: `${RELEASE}-messaging`, namespace: 'marketplace' },
    spec: { replicas },
  });
  expect(
    deploymentOf(chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, upgrade: true, live: [live(7)] }), 'messaging').spec.replicas,
  ).toBe(7);
  expect(
    deploymentOf(chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, upgrade: true, live: [live(7)] }), 'listings').spec.replicas,
  ).toBeUndefined();
  const fixed = chart.render({
    valuesFiles: [chart.localOrigin],
    setFile: chart.keyFiles,
    upgrade: true,
    live: [live(7)],
    set: { 'messaging.autoscaling.enabled': false, 'messaging.replicaCount': 3 },
  });
  expect(deploymentOf(fixed, 'messaging').spec.replicas).toBe(3);
}, 60_000);

test('dev data stores: StatefulSets on PersistentVolumeClaims whose pods a chart bump does not touch; RabbitMQ 4', () => {
  const STORES = { postgresql: '/var/lib/postgresql/data', redis: '/data', rabbitmq: '/var/lib/rabbitmq', minio: '/data' } as const;
  for (const { scenario, result, values } of chart.renders()) {
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
  const defaults = chart.rendered('default values');
  expect(['postgresql', 'rabbitmq', 'redis'].map((store) => Boolean(find(defaults, 'StatefulSet', `${RELEASE}-${store}`).spec.volumeClaimTemplates))).toEqual([
    true,
    true,
    false,
  ]);
  const classed = chart.render({
    valuesFiles: [chart.localOrigin],
    setFile: chart.keyFiles,
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
  const bumpedChart = path.join(chart.workDir, 'bumped-chart');
  cpSync(CHART_DIR, bumpedChart, { recursive: true });
  const chartYaml = path.join(bumpedChart, 'Chart.yaml');
  writeFileSync(
    chartYaml,
    readFileSync(chartYaml, 'utf8')
      .replace(/^version: .*$/m, 'version: 9.9.9')
      .replace(/^appVersion: .*$/m, 'appVersion: "9.9.9"'),
  );
  const options = { valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, set: { 'minio.enabled': true, 'redis.persistence.enabled': true } };
  const [before, after] = [chart.render(options), chart.render(options, bumpedChart)];
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
