/**
 * The operators' documented APIs, as far as the chart uses them (operator-apis.json, written from the operators'
 * API references: no CRD copied in), and the check of a rendered object against one of them.
 */
import type { K8sObject } from './chart';
import apis from './operator-apis.json';

/**
 * A field's type: a JSON type, 'quantity' (Kubernetes resource.Quantity: a string like 20Gi), 'object' (a
 * Kubernetes type checked elsewhere), 'map' (string to string), a list of allowed strings, or `T[]`.
 */
type FieldType = 'string' | 'integer' | 'boolean' | 'quantity' | 'object' | 'map' | 'string[]' | readonly string[];
interface Api {
  apiVersion: string;
  kind: string;
  /** Dotted paths under spec; `[]` steps into each item of a list. */
  fields: Record<string, FieldType>;
  required: string[];
}

/** CloudNativePG's Cluster and ScheduledBackup, the Barman Cloud plugin's ObjectStore, the RabbitMQ Cluster Operator's RabbitmqCluster. */
export const OPERATOR_APIS = apis as Record<keyof typeof apis, Api>;

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
export function apiProblems(object: K8sObject, api: Api): string[] {
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
