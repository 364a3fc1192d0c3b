import express from 'express';
import { createApp, createLogger, finishApp, listen, type RunningServer } from '@vnmarket/shared';

/**
 * listen(): the server every service and the gateway run. A request without a body (no Content-Length nor
 * Transfer-Encoding: every GET) reaches its handler with its stream already ended, so Node emits no stream
 * events for it; a request with a body is read as before.
 */
let server: RunningServer;
beforeAll(async () => {
  const app = createApp({
    logger: createLogger('lifecycle-test', 'silent'),
    bodyLimit: '10kb',
    trustProxyHops: 0,
    publicOrigins: [],
    sessionCookieName: 's',
    readiness: {},
  });
  const seen = (req: express.Request) => ({ ended: req.readableEnded, body: req.body as unknown });
  app.use(
    express
      .Router()
      .get('/echo', (req, res) => {
        res.json(seen(req));
      })
      .post('/echo', (req, res) => {
        res.json(seen(req));
      }),
  );
  server = await listen(finishApp(app, createLogger('lifecycle-test', 'silent')), 0, '127.0.0.1');
});
afterAll(() => server.drain(500));

it('hands a bodiless request over already ended', async () => {
  const response = await fetch(`${server.url}/echo`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ended: true });
});

it('reads a request body as before, a chunked one too', async () => {
  const sized = await fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"phở"}' });
  expect(await sized.json()).toEqual({ ended: true, body: { name: 'phở' } });
  const chunks = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":'));
      controller.enqueue(new TextEncoder().encode('"bánh mì"}'));
      controller.close();
    },
  });
  const chunked = await fetch(`${server.url}/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: chunks,
    duplex: 'half',
  } as RequestInit);
  expect(await chunked.json()).toEqual({ ended: true, body: { name: 'bánh mì' } });
});
