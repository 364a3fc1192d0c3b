import { spawn } from 'node:child_process';
import path from 'node:path';
import { spawnGateway } from './process';

const root = path.resolve(__dirname, '../..');

/** In production the gateway names its pages, and lets writes through, by PUBLIC_ORIGINS: no default there. */
it('stops at once in production without PUBLIC_ORIGINS, saying what to set', async () => {
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_ORIGINS: '',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      GATEWAY_PORT: '0',
      METRICS_PORT: '0',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("gateway: Invalid configuration:\n  - PUBLIC_ORIGINS: is required in production: the site's own URL first");
}, 30_000);

it('starts in production with PUBLIC_ORIGINS set', async () => {
  const gateway = await spawnGateway({ NODE_ENV: 'production', PUBLIC_ORIGINS: 'https://market.example.org' });
  try {
    expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
  } finally {
    gateway.child.kill('SIGKILL');
  }
}, 40_000);
