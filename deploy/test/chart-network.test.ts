/**
 * Who reaches what in the rendered chart: the NetworkPolicies (only the gateway reaches the services, only the
 * services the data stores, only the monitoring namespace the metrics ports), the Ingress and the HTTPRoute in
 * front of the gateway, and the way out to a traces collector.
 */
import { containerEnv, find, podLabelsOf } from './support/chart';
import { chartFixture, DEPLOYABLES, deploymentOf, mainContainer, OPERATIONS_VALUES, PORTS, RELEASE, SERVICES } from './support/chart-fixture';
import { isAllowed, namedPorts, podPeers, policies, type Peer } from './support/network-policy';

const chart = chartFixture();
/** The in-cluster data stores and their ports. */
const STORES = [
  ['postgresql', 5432],
  ['redis', 6379],
  ['rabbitmq', 5672],
] as const;

test('NetworkPolicies: only the gateway reaches the services, only the services reach the data stores', () => {
  const outsider = (namespace: string): Peer => ({ namespace, labels: { app: 'something-else' }, ports: {} });
  const external: Peer = { namespace: undefined, labels: {}, ports: {} };

  const defaults = chart.rendered('default values');
  const net = policies(defaults);
  const pod = podPeers(defaults);
  const at = (name: string) => pod.get(`${RELEASE}-${name}`)!;
  const allowed = (from: Peer, to: Peer, port: number) => isAllowed(net, from, to, port);
  expect(allowed(outsider('ingress-nginx'), at('gateway'), 8080)).toBe(true);
  for (const service of SERVICES) {
    expect([service, allowed(at('gateway'), at(service), PORTS[service])]).toEqual([service, true]);
    expect([service, allowed(outsider('marketplace'), at(service), PORTS[service])]).toEqual([service, false]);
    for (const other of SERVICES.filter((name) => name !== service))
      expect([other, service, allowed(at(other), at(service), PORTS[service])]).toEqual([other, service, false]);
    for (const [store, port] of STORES) expect([service, store, allowed(at(service), at(store), port)]).toEqual([service, store, true]);
  }
  for (const [store, port] of STORES) {
    expect([store, allowed(at('gateway'), at(store), port)]).toEqual([store, false]);
    expect([store, allowed(outsider('marketplace'), at(store), port)]).toEqual([store, false]);
  }
  // Production: managed stores outside the cluster; the gateway's egress stops it from reaching them, and
  // only the ingress controller's namespace reaches the gateway.
  const production = chart.rendered('production');
  const productionNet = policies(production);
  const productionPods = podPeers(production);
  const gateway = productionPods.get(`${RELEASE}-gateway`)!;
  expect(isAllowed(productionNet, gateway, external, 5432)).toBe(false);
  expect(isAllowed(productionNet, gateway, external, 53)).toBe(true);
  expect(isAllowed(productionNet, productionPods.get(`${RELEASE}-listings`)!, external, 5432)).toBe(true);
  expect(isAllowed(productionNet, outsider('ingress-nginx'), gateway, 8080)).toBe(true);
  expect(isAllowed(productionNet, outsider('default'), gateway, 8080)).toBe(false);
  for (const service of SERVICES) expect(isAllowed(productionNet, gateway, productionPods.get(`${RELEASE}-${service}`)!, PORTS[service])).toBe(true);
});

test('the Ingress sends everything to the gateway and keeps WebSockets open', () => {
  const ingress = find(chart.rendered('production'), 'Ingress', `${RELEASE}-gateway`);
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
  expect(containerEnv(chart.rendered('production'), mainContainer(deploymentOf(chart.rendered('production'), 'gateway'))).TRUST_PROXY_HOPS).toBe('1');
  expect(containerEnv(chart.rendered('default values'), mainContainer(deploymentOf(chart.rendered('default values'), 'gateway'))).TRUST_PROXY_HOPS).toBe('0');
  expect(chart.rendered('default values').objects.some((object) => object.kind === 'Ingress')).toBe(false);
});

test('the HTTPRoute attaches to the configured Gateways, sends everything to the gateway and keeps WebSockets open', () => {
  const route = find(chart.rendered('every option on'), 'HTTPRoute', `${RELEASE}-gateway`);
  expect(route.spec.parentRefs).toEqual(OPERATIONS_VALUES.httpRoute.parentRefs);
  expect(route.spec.hostnames).toEqual(['market.example.org']);
  const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1]);
  const [ws, rest] = route.spec.rules;
  expect(ws.matches).toEqual([{ path: { type: 'PathPrefix', value: '/ws' } }]);
  expect(seconds(ws.timeouts.request)).toBeGreaterThanOrEqual(3600);
  expect(seconds(ws.timeouts.backendRequest)).toBeGreaterThanOrEqual(3600);
  expect(rest.matches).toEqual([{ path: { type: 'PathPrefix', value: '/' } }]);
  expect(seconds(rest.timeouts.request) * 1000).toBeGreaterThan(
    Number(containerEnv(chart.rendered('every option on'), mainContainer(deploymentOf(chart.rendered('every option on'), 'gateway'))).UPSTREAM_TIMEOUT_MS),
  );
  // Behind the route the gateway trusts one proxy hop, as behind the Ingress.
  const routeOnly = chart.render({ valuesFiles: [chart.operationsFile], setFile: chart.keyFiles });
  expect(routeOnly.objects.some((object) => object.kind === 'Ingress')).toBe(false);
  expect(containerEnv(routeOnly, mainContainer(deploymentOf(routeOnly, 'gateway'))).TRUST_PROXY_HOPS).toBe('1');
  expect(() => chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, set: { 'httpRoute.enabled': true } })).toThrow(
    /httpRoute\.parentRefs is required/,
  );
});

test('the metrics port is reachable from the monitoring namespace only, and no public route leads to it', () => {
  const prometheus: Peer = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' }, ports: {} };
  const ingressController: Peer = { namespace: 'ingress-nginx', labels: { app: 'ingress-nginx' }, ports: {} };
  for (const scenarioName of ['default values', 'production', 'every option on']) {
    const result = chart.rendered(scenarioName);
    const net = policies(result);
    const pod = podPeers(result);
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
  const result = chart.rendered('every option on');
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
  const on = chart.rendered('every option on');
  for (const name of DEPLOYABLES)
    expect([name, containerEnv(on, mainContainer(deploymentOf(on, name))).OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([
      name,
      'http://otel-collector.observability:4318',
    ]);
  const gateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(on, 'gateway')), ports: namedPorts(deploymentOf(on, 'gateway')) };
  expect(isAllowed(policies(on), gateway, collector, 4318)).toBe(true);
  expect(isAllowed(policies(on), gateway, { ...collector, namespace: 'default' }, 4318)).toBe(false); // otel.to narrows it
  expect(isAllowed(policies(on), gateway, collector, 5432)).toBe(false);
  const off = chart.rendered('default values');
  const offGateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(off, 'gateway')), ports: {} };
  expect(isAllowed(policies(off), offGateway, collector, 4318)).toBe(false);
  expect(containerEnv(off, mainContainer(deploymentOf(off, 'gateway'))).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  // Without otel.to: the endpoint's port (the scheme's default when the URL has none) to any address.
  const open = chart.render({ valuesFiles: [chart.localOrigin], setFile: chart.keyFiles, setString: { 'otel.endpoint': 'https://otlp.example.com' } });
  const openGateway = { namespace: 'marketplace', labels: podLabelsOf(deploymentOf(open, 'gateway')), ports: {} };
  expect(isAllowed(policies(open), openGateway, { namespace: undefined, labels: {}, ports: {} }, 443)).toBe(true);
  expect(isAllowed(policies(open), openGateway, { namespace: undefined, labels: {}, ports: {} }, 5432)).toBe(false);
});
