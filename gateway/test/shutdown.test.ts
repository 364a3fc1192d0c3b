import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { eventually } from '@vnmarket/shared/testing';

const root = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

it('SIGTERM with WebSockets open: the gateway ends them and exits 0 promptly, not after the drain timeout', async () => {
  // A stand-in upstream for /ws: the gateway only relays bytes, so any WebSocket server shows the behaviour.
  const upstream = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => upstream.once('listening', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
  const port = await freePort();
  // node itself with tsx's loader: the signal reaches the gateway, not a wrapper.
  const gateway = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      MESSAGING_URL: upstreamUrl,
      WEB_DIST: '/nonexistent',
      SHUTDOWN_TIMEOUT_MS: '15000',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => gateway.on('exit', (code) => resolve(code)));
  try {
    await eventually(async () => {
      if ((await fetch(`http://127.0.0.1:${port}/livez`)).status !== 200) throw new Error('not yet');
    }, 30_000, 100);
    const sockets = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const closed = Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve))));
    const started = Date.now();
    gateway.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await closed;
  } finally {
    gateway.kill('SIGKILL');
    upstream.close();
  }
}, 60_000);
