/**
 * Renders charts/marketplace without helm: builds deploy/chart-render (Go text/template + sprig, Helm's own
 * engine, from Debian's golang-1.19 and golang-github-masterminds-sprig-dev) once into the temp folder, runs
 * it, and parses the YAML stream into objects.
 */
import { SERVICE_NAMES } from '@vnmarket/proto';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';

export const REPO = path.resolve(__dirname, '../../..');
export const CHART_DIR = path.join(REPO, 'charts/marketplace');
export const RELEASE = 'vnmarket';
export const SERVICES = SERVICE_NAMES;
export const DEPLOYABLES = ['gateway', ...SERVICE_NAMES] as const;
export type Deployable = (typeof DEPLOYABLES)[number];

/** The Go toolchain from Debian's golang-1.19 (or any go on PATH) and the GOPATH holding Debian's sprig. */
const GO_CANDIDATES = ['/usr/lib/go-1.19/bin/go', '/usr/lib/go/bin/go', 'go'];
const GOPATH = '/usr/share/gocode';
const SPRIG_DIR = path.join(GOPATH, 'src/github.com/Masterminds/sprig');
const YAML_V3_DIR = path.join(GOPATH, 'src/gopkg.in/yaml.v3');

function findGo(): string | undefined {
  for (const candidate of GO_CANDIDATES) {
    const probe = spawnSync(candidate, ['version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

export interface Renderer {
  binary: string;
  dir: string;
  cleanup(): void;
}

/**
 * go build deploy/chart-render (once for its source: test files share the binary in the temp folder) and a
 * scratch dir for the file; fails with what to install when the toolchain is missing.
 */
export function buildRenderer(): Renderer {
  const go = findGo();
  const missing = [
    !go && 'golang-1.19',
    !existsSync(SPRIG_DIR) && 'golang-github-masterminds-sprig-dev',
    !existsSync(YAML_V3_DIR) && 'golang-gopkg-yaml.v3-dev',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `the chart is rendered with Go's text/template and sprig (Helm's engine), but ${missing.join(', ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} not installed: ` +
        'apt-get install -y golang-1.19 golang-github-masterminds-sprig-dev golang-gopkg-yaml.v3-dev (.ci/run does this)',
    );
  }
  const source = createHash('sha256')
    .update(readFileSync(path.join(REPO, 'deploy/chart-render/main.go')))
    .digest('hex')
    .slice(0, 16);
  const binary = path.join(os.tmpdir(), `vnm-chart-render-${source}`);
  if (!existsSync(binary)) {
    const cache = path.join(os.tmpdir(), 'vnm-go-build-cache');
    mkdirSync(cache, { recursive: true });
    // Built under a name of its own, then renamed: test files building at once never run a half-written binary.
    const building = `${binary}.${process.pid}`;
    execFileSync(go!, ['build', '-o', building, './deploy/chart-render'], {
      cwd: REPO,
      env: { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE: cache, GOFLAGS: '', CGO_ENABLED: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    renameSync(building, binary);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vnm-chart-render-'));
  return { binary, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RenderOptions {
  valuesFiles?: string[];
  set?: Record<string, string | number | boolean>;
  setString?: Record<string, string>;
  setFile?: Record<string, string>;
  upgrade?: boolean;
  /** Objects `lookup` finds, as if they were live in the cluster (an upgrade of an existing release). */
  live?: K8sObject[];
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string>; [key: string]: unknown };
  [key: string]: any;
}

export interface Rendered {
  yaml: string;
  objects: Array<K8sObject & { source: string }>;
}

function renderArgs(options: RenderOptions, liveFile?: string): string[] {
  const args = ['-strict', '-name', RELEASE, '-namespace', 'marketplace'];
  if (options.upgrade) args.push('-upgrade');
  if (liveFile) args.push('-lookup', liveFile);
  for (const file of options.valuesFiles ?? []) args.push('-f', path.resolve(REPO, file));
  for (const [key, value] of Object.entries(options.set ?? {})) args.push('--set', `${key}=${value}`);
  for (const [key, value] of Object.entries(options.setString ?? {})) args.push('--set-string', `${key}=${value}`);
  for (const [key, file] of Object.entries(options.setFile ?? {})) args.push('--set-file', `${key}=${file}`);
  return [...args, CHART_DIR];
}

/** Renders (charts/marketplace, or a copy in chartDir), or throws with the renderer's error (a `required` message, a template error). */
export function render(renderer: Renderer, options: RenderOptions = {}, chartDir = CHART_DIR): Rendered {
  let liveFile: string | undefined;
  if (options.live) {
    liveFile = path.join(renderer.dir, `live-${process.hrtime.bigint()}.json`);
    writeFileSync(liveFile, JSON.stringify(options.live));
  }
  const args = renderArgs(options, liveFile);
  args[args.length - 1] = chartDir;
  const result = spawnSync(renderer.binary, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr.trim() || `chart-render exited ${result.status}`);
  const objects: Rendered['objects'] = [];
  for (const document of YAML.parseAllDocuments(result.stdout)) {
    if (document.errors.length > 0) throw new Error(`rendered YAML does not parse: ${document.errors.map((error) => error.message).join('; ')}`);
    const comments = `${document.commentBefore ?? ''}\n${(document.contents as { commentBefore?: string } | null)?.commentBefore ?? ''}`;
    const source = /Source: (\S+)/.exec(comments)?.[1] ?? '?';
    const object = document.toJS() as K8sObject | null;
    if (object) objects.push({ ...object, source });
  }
  return { yaml: result.stdout, objects };
}

/** Values as Helm merges them: values.yaml, each -f file, then --set paths (for values.schema.json). */
export function mergedValues(options: RenderOptions): Record<string, unknown> {
  let values = YAML.parse(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Record<string, unknown>;
  for (const file of options.valuesFiles ?? []) values = deepMerge(values, YAML.parse(readFileSync(path.resolve(REPO, file), 'utf8')) ?? {});
  const assign = (key: string, value: unknown) => {
    const parts = key.split('.');
    let current = values as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) current = (current[part] ??= {}) as Record<string, unknown>;
    current[parts[parts.length - 1]!] = value;
  };
  for (const [key, value] of Object.entries(options.set ?? {})) assign(key, typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
  for (const [key, value] of Object.entries(options.setString ?? {})) assign(key, value);
  for (const [key, file] of Object.entries(options.setFile ?? {})) assign(key, readFileSync(file, 'utf8'));
  return values;
}

function deepMerge(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = out[key];
    if (value === null) delete out[key];
    else if (isPlainObject(value) && isPlainObject(current)) out[key] = deepMerge(current, value);
    else out[key] = value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------------
// Reading rendered objects

export function find(rendered: Rendered, kind: string, name: string): K8sObject & { source: string } {
  const found = rendered.objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name} among ${rendered.objects.map((object) => `${object.kind}/${object.metadata.name}`).join(', ')}`);
  return found;
}

export function podSpecOf(object: K8sObject): any | undefined {
  if (['Deployment', 'StatefulSet', 'Job', 'DaemonSet', 'ReplicaSet'].includes(object.kind)) return object.spec?.template?.spec;
  if (object.kind === 'Pod') return object.spec;
  return undefined;
}

export function podLabelsOf(object: K8sObject): Record<string, string> {
  return object.spec?.template?.metadata?.labels ?? {};
}

export function allContainers(podSpec: any): any[] {
  return [...(podSpec.initContainers ?? []), ...(podSpec.containers ?? [])];
}

/** Environment a container sees: its envFrom ConfigMaps, then its env (values only; secretKeyRefs as refs). */
export function containerEnv(rendered: Rendered, container: any): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, find(rendered, 'ConfigMap', source.configMapRef.name).data ?? {});
  }
  for (const variable of container.env ?? []) if (typeof variable.value === 'string') env[variable.name] = variable.value;
  return env;
}

export function decodeSecret(secret: K8sObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries((secret.data ?? {}) as Record<string, string>).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
  );
}

export function labelsMatch(
  selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> } | undefined,
  labels: Record<string, string>,
): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const expression of selector.matchExpressions ?? []) {
    const present = expression.key in labels;
    const value = labels[expression.key];
    const ok =
      expression.operator === 'In'
        ? present && expression.values!.includes(value!)
        : expression.operator === 'NotIn'
          ? !present || !expression.values!.includes(value!)
          : expression.operator === 'Exists'
            ? present
            : expression.operator === 'DoesNotExist'
              ? !present
              : false;
    if (!ok) return false;
  }
  return true;
}

/** A fresh ES256 pair written by the same openssl commands skaffold's deploy hook runs. */
export function skaffoldHookCommand(skaffold: any): string {
  const hook = skaffold.deploy?.helm?.hooks?.before?.[0]?.host?.command;
  if (!Array.isArray(hook) || hook[0] !== 'sh') throw new Error('skaffold.yaml: deploy.helm.hooks.before[0].host.command is not an sh -c command');
  return hook[2] as string;
}
