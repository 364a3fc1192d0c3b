import http from 'node:http';
import type net from 'node:net';
import { eventually } from '@vnmarket/testkit';
import { spawnGateway } from './process';

/** The lines of a stream that a JSON log pipeline could not parse. */
const notJson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });

it('writes JSON lines only: the deprecation http-proxy triggers on the first proxied request (DEP0060) is logged as a warning, not printed as text', async () => {
  const upstream = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const gateway = await spawnGateway({ LISTINGS_URL: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`, LOG_LEVEL: 'info' });
  try {
    expect((await fetch(`${gateway.url}/api/listings?limit=1`)).status).toBe(200);
    await eventually(async () => expect(gateway.output().stdout).toContain('DEP0060'), 10_000, 50);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    const { stdout, stderr } = gateway.output();
    expect({ stdout: notJson(stdout), stderr: notJson(stderr) }).toEqual({ stdout: [], stderr: [] });
    const warnings = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string })
      .filter((entry) => entry.msg === 'process warning');
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, service: 'gateway', warning: expect.objectContaining({ name: 'DeprecationWarning', code: 'DEP0060' }) }),
    ]);
  } finally {
    gateway.child.kill('SIGKILL');
    upstream.close();
  }
}, 60_000);
