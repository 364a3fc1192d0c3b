/** NetworkPolicy semantics for the chart tests: which pod may open a connection to which, on which port. */
import { allContainers, labelsMatch, podLabelsOf, podSpecOf, type K8sObject, type Rendered } from './chart';
import { workloads } from './chart-fixture';

export interface Peer {
  namespace: string | undefined; // undefined: outside the cluster
  labels: Record<string, string>;
  ports: Record<string, number>;
}

export function namedPorts(workload: K8sObject): Record<string, number> {
  return Object.fromEntries(
    allContainers(podSpecOf(workload)).flatMap((container) => (container.ports ?? []).map((port: any) => [port.name, port.containerPort])),
  );
}

/** Each workload of a render as a peer in the release's namespace, by name. */
export function podPeers(result: Rendered): Map<string, Peer> {
  return new Map(
    workloads(result).map((workload) => [workload.metadata.name, { namespace: 'marketplace', labels: podLabelsOf(workload), ports: namedPorts(workload) }]),
  );
}

export function policies(result: Rendered): K8sObject[] {
  return result.objects.filter((object) => object.kind === 'NetworkPolicy');
}

/** One connection is allowed by the destination's ingress and the source's egress. */
export function isAllowed(net: K8sObject[], from: Peer, to: Peer, port: number): boolean {
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
