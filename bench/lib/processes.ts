/**
 * The child processes a benchmark starts, always stopped again: at the end, on an error, on Ctrl-C, when a
 * run overshoots its time limit. runBench is the whole of a benchmark's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { forEachLine } from '../../scripts/lib/local';
import { root, sleep } from './settings';

/** The package.json of each workspace package whose processes the benchmarks run. */
const PACKAGE_FILES = {
  auth: () => require.resolve('@vnmarket/auth/package.json'),
  gateway: () => require.resolve('@vnmarket/gateway/package.json'),
  listings: () => require.resolve('@vnmarket/listings/package.json'),
  messaging: () => require.resolve('@vnmarket/messaging/package.json'),
};

/**
 * A workspace package's entry point, found by the package's name (path relative to the repository's root, where the
 * children run): `main` its server (src/main.ts), `migrate` its migrations (src/migrate.ts).
 */
export function entryOf(name: keyof typeof PACKAGE_FILES, entry: 'main' | 'migrate'): string {
  return path.relative(root, path.join(path.dirname(PACKAGE_FILES[name]()), 'src', `${entry}.ts`));
}

/** A TypeScript entry point run on this Node (the pinned one) through the tsx loader, as `make start` does. */
const tsxCommand = (script: string): [string, string[]] => [process.execPath, ['--import', 'tsx', script]];

// ---------------------------------------------------------------------------------------------------
// Failure: a child that dies, the time limit or a signal ends the run through one promise.

let rejectFailure: (error: Error) => void = () => {};
const failure = new Promise<never>((_resolve, reject) => {
  rejectFailure = reject;
});
failure.catch(() => {});

/** Ends the run with this error (the first one wins). */
function fail(error: Error): void {
  rejectFailure(error);
}

/** From now on the run may take at most this long. */
export function limitRunTime(seconds: number): void {
  setTimeout(() => fail(new Error(`the benchmark exceeded its time limit of ${seconds} s`)), seconds * 1000).unref();
}

// ---------------------------------------------------------------------------------------------------
// Child processes: started here, always stopped here.

export interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines of its output, shown when it fails. */
  tail: string[];
  /** Called when the child had to be SIGKILLed (e.g. to kill an nginx master's workers too). */
  onForceKill?: () => void;
}

const children: Child[] = [];
let stopping = false;
const stopHooks: (() => void)[] = [];

/** Called first when the run stops (the load generator's run in flight). */
export function onStopAll(hook: () => void): void {
  stopHooks.push(hook);
}

/**
 * A gateway's warning for each request still in flight when a load generator ends its run (wrk and autocannon stop
 * mid-request): expected at the end of every measurement, about one a connection, so many that they would bury the
 * log. Kept in the child's tail, counted, and not shown.
 */
export const isLoadEndWarning = (line: string) => line.includes('"msg":"client left before the answer was sent"');
let loadEndWarnings = 0;

function relayOutput(child: Child, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  forEachLine(stream, (line) => {
    child.tail.push(line);
    if (child.tail.length > 40) child.tail.shift();
    if (isLoadEndWarning(line)) loadEndWarnings += 1;
    else process.stderr.write(`    [${child.name}] ${line}\n`);
  });
}

/** Starts a server for the length of the run; its dying on its own fails the run. */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, onForceKill?: () => void): Child {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, process: proc, tail: [], onForceKill };
  relayOutput(child, proc.stdout);
  relayOutput(child, proc.stderr);
  proc.on('error', (error) => {
    if (!stopping) fail(new Error(`${name} could not be started: ${error.message}`));
  });
  proc.on('exit', (code, signal) => {
    if (!stopping) fail(new Error(`${name} exited unexpectedly (${signal ?? `code ${code}`})\n${child.tail.join('\n')}`));
  });
  children.push(child);
  return child;
}

/** Starts a TypeScript entry point of this repository (a service or the gateway). */
export function startScript(name: string, script: string, env: NodeJS.ProcessEnv): Child {
  const [command, args] = tsxCommand(script);
  return startChild(name, command, args, env);
}

const isRunning = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

export function killPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

/** SIGTERM to every child, SIGKILL to those still there after 5 s; resolves when they are gone (8 s at most). */
async function stopAll(): Promise<void> {
  stopping = true;
  for (const hook of stopHooks) hook();
  if (loadEndWarnings > 0) {
    console.log(`  (not shown: ${loadEndWarnings} gateway warnings "client left before the answer was sent", from load generators ending their runs)`);
  }
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!isRunning(child)) return resolve();
          const done = setTimeout(resolve, 8_000);
          child.process.once('exit', () => {
            clearTimeout(done);
            resolve();
          });
          child.process.kill('SIGTERM');
          setTimeout(() => {
            if (!isRunning(child)) return;
            child.process.kill('SIGKILL');
            child.onForceKill?.();
          }, 5_000).unref();
        }),
    ),
  );
}

/** Last resort if we exit without stopAll (e.g. an exception in a callback). */
process.on('exit', () => {
  for (const child of children) if (isRunning(child)) child.process.kill('SIGKILL');
});

/** Runs a command to its end with a time limit; resolves with its exit code (null if killed) and output. */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000} s)`;
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}\n${error.message}` });
    });
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs a TypeScript script of this repository to its end (migrations); throws with its output if it fails. */
export async function runScript(what: string, script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  const [command, args] = tsxCommand(script);
  const result = await runToEnd(command, args, env, timeoutMs);
  if (result.code !== 0) throw new Error(`${what} failed:\n${result.output}`);
}

/** Polls a URL until it answers 2xx. */
export async function waitUntilOk(url: string, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${what} not ready within ${timeoutMs / 1000} s (${url}: ${last})`);
}

/**
 * The whole of a benchmark's process: runs main until it ends, fails, a child dies, the time limit
 * passes or Ctrl-C; then stops every child, cleans up and exits (1 on any failure).
 */
export async function runBench(main: () => Promise<void>, options: { stopping: string; cleanup?: () => void | Promise<void> }): Promise<never> {
  const onSignal = (signal: string) => fail(new Error(`interrupted (${signal})`));
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  let exitCode = 0;
  try {
    await Promise.race([main(), failure]);
  } catch (error) {
    exitCode = 1;
    console.error(`\nbench FAILED: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.log(`\n  stopping ${options.stopping} …`);
    await stopAll();
    try {
      await options.cleanup?.();
    } catch (error) {
      console.error(`  cleanup failed: ${(error as Error).message}`);
    }
  }
  process.exit(exitCode);
}
