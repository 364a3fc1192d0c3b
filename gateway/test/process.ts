import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually, freePort } from '@vnmarket/testkit';

const root = path.resolve(__dirname, '../..');

export interface GatewayProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** What it has written so far, each stream on its own. */
  output(): { stdout: string; stderr: string };
}

/**
 * The gateway as its own process (node itself with tsx's loader, so a signal or a kill reaches the
 * gateway, not a wrapper), listening on a free port, answering /livez before this resolves.
 */
export async function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: root,
    // METRICS_PORT 0: a free port each, so gateways started at once do not contend for 9464.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      WEB_DIST: '/nonexistent',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if ((await fetch(`${url}/livez`)).status !== 200) throw new Error('not yet');
    },
    30_000,
    100,
  );
  return { child, port, url, exited, output: () => ({ ...output }) };
}
