/**
 * Which kubernetes-models package holds the model of an apiVersion and kind: the core package for
 * Kubernetes' own APIs, the @kubernetes-models/* packages for the custom resources the chart renders.
 * Plain erasable TypeScript: validate-k8s.mjs imports it with node's type stripping.
 */
const CRD_PACKAGES: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'keda.sh': '@kubernetes-models/keda',
};

/** The module specifier of a kind's model, e.g. @kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject. */
export function modelModule(apiVersion: string, kind: string): string {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0]! : '';
  return `${CRD_PACKAGES[group] ?? 'kubernetes-models'}/${apiVersion}/${kind}`;
}
