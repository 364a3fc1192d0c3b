import type net from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { spawnGateway } from './process';

it('SIGTERM with WebSockets open: the gateway ends them and exits 0 promptly, not after the drain timeout', async () => {
  // A stand-in upstream for /ws: the gateway only relays bytes, so any WebSocket server shows the behaviour.
  const upstream = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => upstream.once('listening', resolve));
  const gateway = await spawnGateway({ MESSAGING_URL: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`, SHUTDOWN_TIMEOUT_MS: '15000' });
  try {
    const sockets = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${gateway.port}/ws`);
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    const closed = Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve))));
    const started = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await closed;
  } finally {
    gateway.child.kill('SIGKILL');
    upstream.close();
  }
}, 60_000);
