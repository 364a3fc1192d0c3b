/**
 * Compiles deployables to the JavaScript their images run (deploy/Dockerfile runs it after `tsc --noEmit`):
 *
 *   tsx scripts/build.ts services/auth [gateway ...]     (npm run build -- services/auth)
 *
 * esbuild bundles each entry point into <workspace>/dist/<name>.js with a source map (run them with
 * `node --enable-source-maps`): src/main.ts, and for a service src/migrate.ts, the dead-letter tool and (auth)
 * the moderator command. The
 * workspace packages it imports (@vnmarket/*) are inlined; every npm package stays external, loaded from the
 * node_modules the image installs. The output is CommonJS, as tsx ran these sources (the packages have no
 * "type": "module"), so modules load in import order: instrument.ts still starts OpenTelemetry before
 * express, pg, ioredis and amqplib are required.
 *
 * An import of an npm package that the workspace does not declare (itself, or through the workspace
 * packages it uses) fails the build: `npm ci --omit=dev --workspace` would not install it in the image.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const root = path.resolve(__dirname, '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  workspaces?: string[];
}

const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;

/** Workspace package name (@vnmarket/shared) → its folder (services/shared). */
function workspaceFolders(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const folder of readManifest('.').workspaces ?? []) {
    if (existsSync(path.join(root, folder, 'package.json'))) folders.set(readManifest(folder).name, folder);
  }
  return folders;
}

/** The npm packages a workspace may import at run time: its dependencies and those of the workspaces it depends on. */
function declaredPackages(workspace: string, folders: Map<string, string>): Set<string> {
  const declared = new Set<string>();
  const visit = (folder: string, seen: Set<string>) => {
    if (seen.has(folder)) return;
    seen.add(folder);
    for (const name of Object.keys(readManifest(folder).dependencies ?? {})) {
      const dependencyFolder = folders.get(name);
      if (dependencyFolder) visit(dependencyFolder, seen);
      else declared.add(name);
    }
  };
  visit(workspace, new Set());
  return declared;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Bare imports stay external, except the workspace packages, which are bundled from their sources. */
const externalPackages = (workspacePackages: Set<string>): Plugin => ({
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (workspacePackages.has(packageName(args.path)) ? undefined : { path: args.path, external: true }));
  },
});

function entryPoints(workspace: string): Record<string, string> {
  const entries: Record<string, string> = { main: path.join(root, workspace, 'src/main.ts') };
  const migrate = path.join(root, workspace, 'src/migrate.ts');
  if (existsSync(migrate)) entries.migrate = migrate;
  // The dead-letter tool runs inside a service's pod (`kubectl exec ... node dist/dlq.js`).
  if (workspace.startsWith('services/')) entries.dlq = path.join(root, 'services/shared/src/bin/dlq.ts');
  // auth's moderator command, run in its pod (`npm run grant-moderator -w services/auth -- +1...`).
  const moderators = path.join(root, workspace, 'src/moderators.ts');
  if (existsSync(moderators)) entries.moderators = moderators;
  return entries;
}

function undeclaredImports(metafile: Metafile, declared: Set<string>): string[] {
  const problems = new Set<string>();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const imported of imports) {
      if (!imported.external || isBuiltin(imported.path) || imported.path.startsWith('<')) continue; // <runtime>: esbuild's helpers
      if (!declared.has(packageName(imported.path))) problems.add(`${input} imports ${imported.path}`);
    }
  }
  return [...problems].sort();
}

export async function buildWorkspace(workspace: string): Promise<string[]> {
  const folders = workspaceFolders();
  if (![...folders.values()].includes(workspace)) throw new Error(`${workspace} is not a workspace of package.json`);
  const outdir = path.join(root, workspace, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: entryPoints(workspace),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: 'linked',
    sourcesContent: false,
    // Bundling renames clashing top-level names; class and function names still read as in the sources.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages(new Set(folders.keys()))],
  });
  const undeclared = undeclaredImports(result.metafile, declaredPackages(workspace, folders));
  if (undeclared.length > 0) throw new Error(`${workspace} imports packages its package.json does not declare:\n  ${undeclared.join('\n  ')}`);
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
}

async function main(): Promise<void> {
  const workspaces = process.argv.slice(2);
  if (workspaces.length === 0) throw new Error('usage: tsx scripts/build.ts <workspace folder>... (e.g. services/auth gateway)');
  for (const workspace of workspaces) {
    const started = Date.now();
    const outputs = await buildWorkspace(workspace);
    const sizes = outputs.map((file) => `${path.relative(path.join(root, workspace), path.resolve(file))} ${Math.round(statSync(file).size / 1024)} kB`);
    process.stdout.write(`${workspace}: ${sizes.join(', ')} in ${Date.now() - started} ms\n`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
