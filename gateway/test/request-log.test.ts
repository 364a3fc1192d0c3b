import { Writable } from 'node:stream';
import pino from 'pino';
import type { RunningServer } from '@vnmarket/shared';
import { freePort } from '@vnmarket/testkit';
import { startGatewayWith, startUpstream } from './in-process';

/** The gateway's request log: one line per request when its answer is done; at warn only what the edge alone sees. */
interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const WARN = 40;
const DEBUG = 20;

let upstream: Awaited<ReturnType<typeof startUpstream>>;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const status = req.url?.startsWith('/api/listings/broken') ? 500 : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
  });
});

afterAll(() => upstream.close());

/** Runs `check` against a gateway logging at `level` (the lines it writes collected in `lines`), then stops it. */
async function withGatewayLogging(
  level: 'warn' | 'debug',
  env: Record<string, string>,
  check: (lines: LogLine[], server: RunningServer) => Promise<void>,
): Promise<void> {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const edge = await startGatewayWith({ LOG_LEVEL: level, LISTINGS_URL: upstream.url, ...env }, pino({ level }, sink));
  try {
    await check(lines, edge.server);
  } finally {
    await edge.stop(500);
  }
}

/** Log lines are written when the response closes, just after the client has it. */
async function settled(lines: LogLine[], count: number): Promise<LogLine[]> {
  const deadline = Date.now() + 2000;
  while (lines.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return lines.filter((line) => line.url !== undefined);
}

it('logs an answer of 500 or above at warn, with the request id, method, URL, status and time; successes not at warn', () =>
  withGatewayLogging('warn', {}, async (lines, server) => {
    expect((await fetch(`${server.url}/api/listings?limit=2`)).status).toBe(200);
    const failed = await fetch(`${server.url}/api/listings/broken`, { headers: { 'x-request-id': 'edge-log-1' } });
    expect(failed.status).toBe(500);
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    const logged = await settled(lines, 1);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: WARN, msg: 'request failed', requestId: 'edge-log-1', method: 'GET', url: '/api/listings/broken', status: 500 });
    expect(typeof logged[0]!.ms).toBe('number');
  }));

it('logs every request but the probes at debug', () =>
  withGatewayLogging('debug', {}, async (lines, server) => {
    const response = await fetch(`${server.url}/api/listings?limit=2`);
    expect(response.status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const logged = await settled(lines, 1);
    expect(logged).toEqual([
      expect.objectContaining({
        level: DEBUG,
        msg: 'request completed',
        requestId: response.headers.get('x-request-id'),
        url: '/api/listings?limit=2',
        status: 200,
      }),
    ]);
  }));

it("logs why an upstream failed with the request's id, beside the request's own line", async () => {
  const closedPort = await freePort();
  await withGatewayLogging('warn', { MEDIA_URL: `http://127.0.0.1:${closedPort}` }, async (lines, server) => {
    const response = await fetch(`${server.url}/api/objects/upload`, { method: 'POST', headers: { 'x-request-id': 'edge-log-2', origin: server.url } });
    expect(response.status).toBe(503);
    const deadline = Date.now() + 2000;
    while (lines.filter((line) => line.requestId === 'edge-log-2').length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const messages = lines.filter((line) => line.requestId === 'edge-log-2').map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['upstream request failed', 'request failed']));
  });
});

it('keeps signing parameters out of the log: a signed upload link works for whoever reads it', () =>
  withGatewayLogging('debug', {}, async (lines, server) => {
    expect((await fetch(`${server.url}/api/listings?limit=2&expires=1796000000&signature=9f86d081884c7d65`)).status).toBe(200);
    const logged = await settled(lines, 1);
    expect(logged.map((line) => line.url)).toEqual(['/api/listings?limit=2&expires=1796000000&signature=[redacted]']);
  }));
