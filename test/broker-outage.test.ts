import { listingBody, registered, startStack, type Stack, createTcpFaultProxy, eventually, throughProxy, type TcpFaultProxy } from '@vnmarket/testkit';

/**
 * RabbitMQ down is not the site down: readiness needs only the database and Redis, writes are kept in
 * the outbox, and their events go out when the broker is back. The broker is cut for listings and
 * auth only (a proxy in front of the shared one), so other test files are not disturbed.
 */
// Messaging's read copies show the events going out afterwards.
let stack: Stack<'auth' | 'listings' | 'messaging'>;
let proxy: TcpFaultProxy;

beforeAll(async () => {
  const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  proxy = await createTcpFaultProxy({ host: new URL(amqpUrl).hostname, port: Number(new URL(amqpUrl).port || 5672) });
  const viaProxy = { AMQP_URL: throughProxy(amqpUrl, proxy) };
  stack = await startStack('broker-outage', { only: ['auth', 'listings', 'messaging'], overrides: { listings: viaProxy, auth: viaProxy } });
}, 60_000);
afterAll(async () => {
  proxy.restore();
  await stack.stop();
  await proxy.close();
});

it('with the broker unreachable, services stay ready, sign-in, browsing and posting work, and events go out afterwards', async () => {
  const seller = await registered(stack);
  proxy.cut();
  await eventually(async () => expect(stack.listings.infrastructure.bus.isConnected).toBe(false));

  for (const service of [stack.listings, stack.auth]) {
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
  }
  const metrics = await (await fetch(`${stack.listings.metricsUrl}/metrics`)).text();
  expect(metrics).toMatch(/event_bus_connected\{connection="listings-test"\} 0/);

  const buyer = await registered(stack);
  expect((await buyer.client.post('/api/login', { identifier: buyer.phone, password: buyer.password })).status).toBe(200);
  const created = await seller.client.post('/api/listings', listingBody({ title: 'Xe đạp cũ' }));
  expect(created.status).toBe(201);
  expect((await buyer.client.get('/api/listings?search=xe%20dap')).body.map((listing: { id: string }) => listing.id)).toContain(created.body.id);
  expect(await stack.listings.infrastructure.db('outbox_events').whereNull('published_at').where({ type: 'listing.created' })).toHaveLength(1);

  proxy.restore();
  // The outbox relays listing.created once the broker is back: messaging's copy then knows the listing,
  // and the buyer registered during the outage reaches messaging too.
  await eventually(async () => {
    expect(await stack.messaging.infrastructure.db('listings').where({ id: created.body.id })).toHaveLength(1);
    expect(await stack.messaging.infrastructure.db('users').where({ id: buyer.user.id })).toHaveLength(1);
  }, 30_000);
  // The relay marks a row published when the broker confirms it, which can come after a consumer has applied it.
  await eventually(async () => expect(await stack.listings.infrastructure.db('outbox_events').whereNull('published_at')).toHaveLength(0), 20_000);
}, 60_000);
