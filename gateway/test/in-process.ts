import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger, listen, loadConfig, type Logger, type RunningServer } from '@vnmarket/shared';
import { precompressFolder } from '../../web/build/precompress';
import { createGateway, type Gateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';

/** A built web app in a temp folder (paths relative to it), precompressed as the build does; returns the folder and how many files got .br/.gz copies. */
export function writeWebDist(files: Record<string, string>): { dist: string; precompressed: number } {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  return { dist, precompressed: precompressFolder(dist) };
}

export interface InProcessGateway {
  gateway: Gateway;
  /** Its front door attached (Gateway.attach), as main.ts runs it. */
  server: RunningServer;
  /** Drains the server (in-flight requests get up to `drainMs`), then closes the gateway. */
  stop(drainMs?: number): Promise<void>;
}

/** The gateway in this process with these settings (silent and without a web app unless they say), on a free port. */
export async function startGatewayWith(env: Record<string, string>, logger: Logger = createLogger('gateway', 'silent')): Promise<InProcessGateway> {
  const gateway = createGateway(loadConfig(gatewayConfigSchema, { LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env }), logger);
  const server = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    gateway,
    server,
    async stop(drainMs = 1000) {
      await server.drain(drainMs);
      gateway.close();
    },
  };
}

/** The gateway in this process, every service at `upstreamUrl` (a closed port when none should answer). */
export function startInProcessGateway(upstreamUrl: string, dist: string): Promise<InProcessGateway> {
  return startGatewayWith({
    AUTH_URL: upstreamUrl,
    LISTINGS_URL: upstreamUrl,
    MESSAGING_URL: upstreamUrl,
    MEDIA_URL: upstreamUrl,
    VERIFICATION_URL: upstreamUrl,
    WEB_DIST: dist,
  });
}

/** A stand-in service on a free port: 200 to the gateway's /readyz polls, every other request to `handle`. */
export async function startUpstream(handle: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(200).end();
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
