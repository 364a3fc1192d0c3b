/**
 * Two checks of rendered objects against the Kubernetes API, both from the kubernetes-models packages (the
 * core one, and @kubernetes-models/{prometheus-operator,gateway-api,keda} for the custom resources):
 *   - schemaErrors: its validators (JSON schemas generated from Kubernetes' OpenAPI spec: types, required
 *     fields, enums, formats), run in a child node process because the package is ESM-only;
 *   - unknownFieldErrors: its TypeScript interfaces, with each object written as a typed object literal and
 *     type-checked, so a field the API does not have (a typo such as `readinessprobe`) is an error, as it is
 *     for `kubectl apply --validate=strict`. The JSON schemas alone accept unknown fields.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';
import { REPO, type K8sObject } from './chart';
import { modelModule } from './k8s-model-modules';

export interface ObjectProblem {
  kind: string;
  name: string;
  error: string;
}

function plain(object: K8sObject): Record<string, unknown> {
  const { source: _source, ...rest } = object as K8sObject & { source?: string };
  return rest;
}

export function schemaErrors(objects: K8sObject[]): ObjectProblem[] {
  // validate-k8s.mjs imports k8s-model-modules.ts through node's type stripping (hence the warning's silence).
  const result = spawnSync(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', path.join(__dirname, 'validate-k8s.mjs')], {
    cwd: REPO,
    input: JSON.stringify(objects.map(plain)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) throw new Error(`validate-k8s.mjs failed: ${result.stderr}`);
  const problems = JSON.parse(result.stdout) as Array<ObjectProblem & { index: number }>;
  return problems.map(({ index, ...problem }) => ({ ...problem, error: `${(objects[index] as { source?: string }).source ?? ''} ${problem.error}`.trim() }));
}

export function unknownFieldErrors(objects: K8sObject[]): ObjectProblem[] {
  const fileName = path.join(REPO, 'deploy/test/support/__rendered_objects__.ts');
  const imports = new Map<string, string>();
  const lines: string[] = [];
  objects.forEach((object, index) => {
    const alias = `T_${object.apiVersion.replace(/[^A-Za-z0-9]/g, '_')}_${object.kind}`;
    imports.set(alias, `import type { I${object.kind} as ${alias} } from '${modelModule(object.apiVersion, object.kind)}';`);
    lines.push(`export const object${index}: ${alias} = ${JSON.stringify(plain(object))};`);
  });
  const header = [...imports.values()];
  const text = [...header, ...lines].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) =>
    name === fileName ? ts.createSourceFile(name, text, languageVersion, true) : getSourceFile(name, languageVersion, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  const program = ts.createProgram([fileName], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.file.fileName !== fileName || diagnostic.start === undefined) return { kind: '?', name: '?', error: message };
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line - header.length;
    const object = objects[line] as (K8sObject & { source?: string }) | undefined;
    const near = text.slice(diagnostic.start, diagnostic.start + 60);
    return { kind: object?.kind ?? '?', name: object?.metadata.name ?? '?', error: `${object?.source ?? ''} ${message} (at ${near})`.trim() };
  });
}
