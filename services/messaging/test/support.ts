import WebSocket from 'ws';

/** What an upgrade attempt gets back: the HTTP status when refused, 101 when accepted. */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
}
