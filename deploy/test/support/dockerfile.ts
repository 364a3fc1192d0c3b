/**
 * Runs a Dockerfile's build steps without Docker: a small interpreter for the instructions deploy/Dockerfile
 * uses (ARG, FROM <image or earlier stage> AS, WORKDIR, ENV, COPY [--from], RUN [--mount], USER, CMD). Each
 * stage gets its own directory standing for its root file system (a stage built FROM an earlier one starts
 * as a hard-linked copy of it); absolute paths in FROM/WORKDIR/COPY map into it, and RUN runs `sh -c` in the
 * mapped WORKDIR with the stage's ENV and ARGs and this machine's Node 24 first on PATH (the base image's
 * toolchain). RUN commands must use relative paths, which is checked. As BuildKit does, only the stages the
 * target needs are built. The build context is a directory already filtered through .dockerignore (see
 * contextFiles); copiedSources lists what an image reads from it, the way skaffold computes an artifact's
 * dependencies.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface Instruction {
  op: string;
  flags: Record<string, string>;
  args: string;
  line: number;
}

interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  globalArgs: Record<string, string | undefined>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const logical: Array<{ text: string; line: number }> = [];
  let buffer = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (buffer === '' && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (buffer !== '' && trimmed.startsWith('#')) return; // comments inside a continued instruction
    if (buffer === '') startLine = index + 1;
    if (trimmed.endsWith('\\')) {
      buffer += `${trimmed.slice(0, -1)} `;
      return;
    }
    buffer += trimmed;
    logical.push({ text: buffer, line: startLine });
    buffer = '';
  });
  const globalArgs: Record<string, string | undefined> = {};
  const stages: Stage[] = [];
  for (const { text: instruction, line } of logical) {
    const match = /^(\w+)\s+([\s\S]*)$/.exec(instruction);
    if (!match) throw new Error(`Dockerfile line ${line}: cannot parse "${instruction}"`);
    const op = match[1]!.toUpperCase();
    let rest = match[2]!;
    const flags: Record<string, string> = {};
    while (/^--[\w-]+=\S+/.test(rest)) {
      const flag = /^--([\w-]+)=(\S+)\s*/.exec(rest)!;
      flags[flag[1]!] = flag[2]!;
      rest = rest.slice(flag[0].length);
    }
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest.trim());
      if (!from) throw new Error(`Dockerfile line ${line}: FROM ${rest}`);
      stages.push({ name: from[2] ?? `stage-${stages.length}`, image: from[1]!, instructions: [] });
    } else if (stages.length === 0) {
      if (op !== 'ARG') throw new Error(`Dockerfile line ${line}: ${op} before the first FROM`);
      const [name, value] = rest.trim().split(/=(.*)/s);
      globalArgs[name!] = value;
    } else {
      stages[stages.length - 1]!.instructions.push({ op, flags, args: rest.trim(), line });
    }
  }
  return { globalArgs, stages };
}

/** ${NAME} and $NAME from vars (unknown ones become empty, as in Docker). */
function substitute(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_all, braced: string | undefined, bare: string | undefined) => vars[(braced ?? bare)!] ?? '');
}

export interface BuiltStage {
  name: string;
  image: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  /** Every instruction executed, with variables substituted, for reports. */
  steps: string[];
}

export interface BuildOptions {
  context: string;
  buildArgs: Record<string, string>;
  /** Where stage roots are created. */
  workDir: string;
  /** Stages already built, by a key of their name and the build args they declare (shared across builds). */
  cache: Map<string, BuiltStage>;
  /** PATH entries placed first for RUN (the toolchain of the base image: Node 24). */
  toolPath: string[];
  log?: (line: string) => void;
  runTimeoutMs?: number;
  /** The stage to build (docker build --target); the last one by default. */
  target?: string;
}

/** The earlier stages a stage is built from: its FROM and its COPY --from sources. */
function stageDependencies(stage: Stage, dockerfile: Dockerfile): string[] {
  const names = new Set(dockerfile.stages.map((candidate) => candidate.name));
  const used = [stage.image, ...stage.instructions.filter((instruction) => instruction.op === 'COPY').map((instruction) => instruction.flags.from ?? '')];
  return [...new Set(used.filter((name) => names.has(name)))];
}

/** The stages building `target` needs, itself included (BuildKit skips the others). */
export function stagesFor(dockerfile: Dockerfile, target: string): Set<string> {
  const needed = new Set<string>();
  const visit = (name: string) => {
    if (needed.has(name)) return;
    const stage = dockerfile.stages.find((candidate) => candidate.name === name);
    if (!stage) throw new Error(`no stage named ${name}`);
    needed.add(name);
    for (const dependency of stageDependencies(stage, dockerfile)) visit(dependency);
  };
  visit(target);
  return needed;
}

/**
 * The build-context paths an image copies, as skaffold reads them to decide which file edits rebuild an
 * artifact: every COPY without --from, in every stage whatever the target, with the build args substituted
 * (declared defaults, then the artifact's values).
 */
export function copiedSources(dockerfile: Dockerfile, buildArgs: Record<string, string>): string[] {
  const sources = new Set<string>();
  for (const stage of dockerfile.stages) {
    const args: Record<string, string | undefined> = {};
    for (const instruction of stage.instructions) {
      if (instruction.op === 'ARG') {
        const [name, fallback] = instruction.args.split(/=(.*)/s);
        args[name!] = buildArgs[name!] ?? dockerfile.globalArgs[name!] ?? fallback;
      } else if (instruction.op === 'COPY' && !instruction.flags.from) {
        const parts = substitute(instruction.args, args).split(/\s+/);
        parts.pop();
        for (const source of parts) sources.add(path.posix.normalize(source).replace(/\/$/, ''));
      }
    }
  }
  return [...sources].sort();
}

/** Builds the stages the target needs, in order, and returns the target's (the image). */
export function build(dockerfile: Dockerfile, options: BuildOptions): { image: BuiltStage; stages: Map<string, BuiltStage> } {
  const stages = new Map<string, BuiltStage>();
  const keys = new Map<string, string>();
  const globals: Record<string, string | undefined> = { ...dockerfile.globalArgs };
  for (const [name, value] of Object.entries(options.buildArgs)) if (name in globals) globals[name] = value;
  const target = options.target ?? dockerfile.stages[dockerfile.stages.length - 1]!.name;
  const needed = stagesFor(dockerfile, target);
  for (const stage of dockerfile.stages) {
    if (!needed.has(stage.name)) continue;
    // A stage is the same build when its own args and the stages it is built from are the same.
    const declared = stage.instructions.filter((instruction) => instruction.op === 'ARG').map((instruction) => instruction.args.split('=')[0]!);
    const key = [
      stage.name,
      ...declared.map((name) => `${name}=${options.buildArgs[name] ?? ''}`),
      ...stageDependencies(stage, dockerfile).map((name) => `<${keys.get(name)}>`),
    ].join('|');
    keys.set(stage.name, key);
    const built = options.cache.get(key) ?? buildStage(stage, stages, globals, options, key);
    options.cache.set(key, built);
    stages.set(stage.name, built);
  }
  return { image: stages.get(target)!, stages };
}

function buildStage(stage: Stage, built: Map<string, BuiltStage>, globals: Record<string, string | undefined>, options: BuildOptions, key: string): BuiltStage {
  const root = path.join(options.workDir, `stage-${stage.name}-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`);
  mkdirSync(root, { recursive: true });
  const image = substitute(stage.image, globals);
  const result: BuiltStage = { name: stage.name, image, root, workdir: '/', env: {}, steps: [] };
  const parent = built.get(image);
  if (parent) {
    // FROM an earlier stage: its file system (hard links: RUN steps add files, they do not rewrite inherited ones), WORKDIR, ENV, USER and CMD.
    execFileSync('cp', ['-al', `${parent.root}/.`, `${root}/`]);
    Object.assign(result, { workdir: parent.workdir, env: { ...parent.env }, user: parent.user, cmd: parent.cmd });
  }
  const args: Record<string, string | undefined> = {};
  const vars = () => ({ ...args, ...result.env });
  const inStage = (containerPath: string) => path.join(root, path.posix.resolve(result.workdir, containerPath));
  for (const instruction of stage.instructions) {
    const text = instruction.op === 'RUN' ? instruction.args : substitute(instruction.args, vars());
    result.steps.push(`${instruction.op} ${text}`);
    options.log?.(`[${stage.name}] ${instruction.op} ${text.slice(0, 160)}`);
    switch (instruction.op) {
      case 'ARG': {
        const [name, fallback] = text.split(/=(.*)/s);
        args[name!] = options.buildArgs[name!] ?? globals[name!] ?? fallback;
        break;
      }
      case 'ENV':
        for (const assignment of text.match(/\w+=("[^"]*"|\S*)/g) ?? []) {
          const [name, value] = assignment.split(/=(.*)/s);
          result.env[name!] = value!.replace(/^"|"$/g, '');
        }
        break;
      case 'WORKDIR':
        result.workdir = path.posix.resolve(result.workdir, text);
        mkdirSync(inStage('.'), { recursive: true });
        break;
      case 'USER':
        result.user = text;
        break;
      case 'CMD':
        result.cmd = JSON.parse(text) as string[];
        break;
      case 'COPY': {
        const parts = text.split(/\s+/);
        const destination = parts.pop()!;
        const from = instruction.flags.from;
        const sourceRoot = from ? built.get(from)?.root : options.context;
        if (!sourceRoot) throw new Error(`Dockerfile line ${instruction.line}: COPY --from=${from}: no such stage`);
        for (const source of parts)
          copy(path.join(sourceRoot, from ? source : path.posix.normalize(source)), inStage(destination), destination.endsWith('/'), instruction.line);
        break;
      }
      case 'RUN': {
        const absolute = /(^|[\s;&|(=])\/(src|app|manifests|out|root|home)\b/.exec(text);
        if (absolute) throw new Error(`Dockerfile line ${instruction.line}: RUN uses an absolute path (${absolute[0].trim()}); use paths relative to WORKDIR`);
        // The shell expands $VARS itself: build args and ENV are in its environment, as in Docker.
        const run = spawnSync('sh', ['-c', text], {
          cwd: inStage('.'),
          // npm's download cache stands in for BuildKit's cache mount: reuse it without revalidating.
          env: {
            PATH: [...options.toolPath, process.env.PATH].join(path.delimiter),
            HOME: process.env.HOME ?? '/root',
            npm_config_prefer_offline: 'true',
            ...trustedCertificates(),
            ...stringEnv(args),
            ...result.env,
          },
          encoding: 'utf8',
          timeout: options.runTimeoutMs ?? 600_000,
          maxBuffer: 64 * 1024 * 1024,
        });
        if (run.status !== 0) {
          throw new Error(
            `Dockerfile line ${instruction.line} (stage ${stage.name}): RUN exited ${run.status ?? run.signal}\n` +
              `${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
          );
        }
        break;
      }
      default:
        throw new Error(`Dockerfile line ${instruction.line}: ${instruction.op} is not supported by this interpreter`);
    }
  }
  return result;
}

function stringEnv(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * Docker COPY: a directory's contents go into the destination; a file goes to the destination path, or into
 * it when it ends with "/" or is a directory. Hard links (cp -l) keep it fast; symlinks stay symlinks.
 */
function copy(source: string, destination: string, intoDirectory: boolean, line: number): void {
  if (!existsSync(source)) throw new Error(`Dockerfile line ${line}: COPY source ${source} does not exist`);
  if (statSync(source).isDirectory()) {
    mkdirSync(destination, { recursive: true });
    execFileSync('cp', ['-al', '--remove-destination', `${source}/.`, `${destination}/`]);
    return;
  }
  const target =
    intoDirectory || (existsSync(destination) && statSync(destination).isDirectory()) ? path.join(destination, path.basename(source)) : destination;
  mkdirSync(path.dirname(target), { recursive: true });
  execFileSync('cp', ['-al', '--remove-destination', source, target]);
}

// ---------------------------------------------------------------------------------------------------
// Build context

/** .dockerignore as Docker reads it: a path is left out when it or a parent folder matches a pattern. */
function dockerignoreMatcher(text: string): (relativePath: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = path.posix.normalize((negate ? line.slice(1) : line).replace(/^\/+/, ''));
      const regex = pattern
        .split('/')
        .map((segment) =>
          segment === '**'
            ? '\uE000'
            : segment
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\uE000\//g, '(?:.*/)?')
        .replace(/\/\uE000/g, '(?:/.*)?')
        .replace(/\uE000/g, '.*');
      return { negate, regex: new RegExp(`^${regex}$`) };
    });
  return (relativePath) => {
    const segments = relativePath.split('/');
    let excluded = false;
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const candidate = segments.slice(0, depth).join('/');
      for (const rule of rules) if (rule.regex.test(candidate)) excluded = !rule.negate;
      if (excluded) return true;
    }
    return excluded;
  };
}

/**
 * The files a clean clone would have, as the working tree has them now (tracked and untracked-but-not-ignored,
 * so work not yet committed is included), less what .dockerignore leaves out.
 */
export function contextFiles(sourceDir: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: sourceDir, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const ignored = dockerignoreMatcher(existsSync(path.join(sourceDir, '.dockerignore')) ? readFileSync(path.join(sourceDir, '.dockerignore'), 'utf8') : '');
  return [...new Set(listed)]
    .filter((file) => !ignored(file) && existsSync(path.join(sourceDir, file)) && statSync(path.join(sourceDir, file)).isFile())
    .sort();
}

export function copyContext(sourceDir: string, files: string[], destination: string): void {
  for (const file of files) {
    const target = path.join(destination, file);
    mkdirSync(path.dirname(target), { recursive: true });
    // Copies, not links: build steps must never write through to the working tree.
    copyFileSync(path.join(sourceDir, file), target);
  }
}

/**
 * The machine's extra certificate authorities (a TLS-inspecting proxy in front of the registry), as a
 * build behind such a proxy is given them: an `npm ci` that must fetch a package would fail without.
 */
function trustedCertificates(): Record<string, string> {
  const names = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'npm_config_cafile'];
  return Object.fromEntries(names.filter((name) => process.env[name]).map((name) => [name, process.env[name]!]));
}
