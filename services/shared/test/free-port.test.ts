import { createServer } from 'node:net';
import { ephemeralPortsFrom, freePort } from '@vnmarket/testkit/core';

it('gives ports below the ephemeral range (out of reach of outgoing connections) that a server can listen on', async () => {
  const below = ephemeralPortsFrom();
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(below);
  }
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ports[0], '127.0.0.1', resolve);
  });
  await new Promise((resolve) => server.close(resolve));
});
