import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, listen, loadConfig, type RunningServer } from '@vnmarket/shared';
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

/** The gateway in this process, every service at `upstreamUrl` (a closed port when none should answer). */
export async function startInProcessGateway(upstreamUrl: string, dist: string): Promise<{ gateway: Gateway; server: RunningServer; stop(): Promise<void> }> {
  const config = loadConfig(gatewayConfigSchema, {
    LOG_LEVEL: 'silent',
    AUTH_URL: upstreamUrl,
    LISTINGS_URL: upstreamUrl,
    MESSAGING_URL: upstreamUrl,
    MEDIA_URL: upstreamUrl,
    VERIFICATION_URL: upstreamUrl,
    WEB_DIST: dist,
  });
  const gateway = createGateway(config, createLogger('gateway', 'silent'));
  const server = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    gateway,
    server,
    async stop() {
      await server.drain(1000);
      gateway.close();
    },
  };
}
