// Validates Kubernetes objects against the API schemas of the kubernetes-models packages (generated from
// Kubernetes' OpenAPI spec, and from the CRDs of the Prometheus Operator, the Gateway API and KEDA). An ES
// module run as its own node process, because kubernetes-models exports only `import` entry points. Reads a
// JSON array of objects on stdin; prints a JSON array of {index, kind, name, error} (empty when every
// object is valid).
import { modelModule } from './k8s-model-modules.ts';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const objects = JSON.parse(globalThis.Buffer.concat(chunks).toString('utf8'));

const problems = [];
for (const [index, object] of objects.entries()) {
  const { apiVersion, kind } = object;
  const name = object.metadata?.name;
  let Model;
  try {
    Model = (await import(modelModule(apiVersion, kind)))[kind];
  } catch (error) {
    problems.push({ index, kind, name, error: `unknown API ${apiVersion} ${kind} (${error.code ?? error.message})` });
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push({ index, kind, name, error: error.message });
  }
}
process.stdout.write(JSON.stringify(problems));
