import { eventually, faultProxyFor, openSocket, startMessaging, startStack, throughProxy } from '@vnmarket/testkit';
import type { RunningMessaging, Stack, TcpFaultProxy } from '@vnmarket/testkit';
import { knownPair } from './support';

/**
 * A replica cut off from the broker still pushes the messages stored meanwhile once it is back: its
 * fan-out queue is its own and outlives the disconnection (an exclusive queue would have gone with it).
 * Its Redis is cut too, and stays cut: the fast path (the storing replica's push over Redis) would
 * otherwise deliver the message during the outage and this would test nothing of the broker's path.
 */
let stack: Stack<'auth' | 'messaging'>;
let brokerProxy: TcpFaultProxy;
let redisProxy: TcpFaultProxy;
let isolated: RunningMessaging;

beforeAll(async () => {
  stack = await startStack('push-after-outage', { only: ['auth', 'messaging'] });
  const { AMQP_URL, REDIS_URL } = stack.messaging.config;
  brokerProxy = await faultProxyFor(AMQP_URL);
  redisProxy = await faultProxyFor(REDIS_URL);
  isolated = await startMessaging(
    'push-after-outage-b',
    { AMQP_URL: throughProxy(AMQP_URL, brokerProxy), REDIS_URL: throughProxy(REDIS_URL, redisProxy) },
    stack.environment,
  );
}, 60_000);
afterAll(async () => {
  brokerProxy.restore();
  redisProxy.restore();
  await isolated.stop();
  await stack.stop();
  await Promise.all([brokerProxy.close(), redisProxy.close()]);
}, 60_000);

it('messages stored while a replica was cut off from the broker reach the sockets it holds after it reconnects', async () => {
  const { alice, bob } = await knownPair(stack, {}, {});
  const bobSocket = await openSocket(isolated.url, bob.client.cookieHeader());
  brokerProxy.cut();
  redisProxy.cut();
  await eventually(async () => expect(isolated.infrastructure.bus.isConnected).toBe(false));
  const sent = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'gửi lúc mất kết nối' });
  expect(sent.status).toBe(201);
  // Published by the other replica's relay while this one is away.
  await eventually(async () =>
    expect(
      await stack.messaging.infrastructure.db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [sent.body.id]).whereNotNull('published_at'),
    ).toHaveLength(1),
  );
  await bobSocket.flush();
  expect(bobSocket.received.filter((message) => message.type === 'new_message')).toEqual([]);
  brokerProxy.restore();
  // The bus retries with backoff (up to 15 s between attempts) while the broker is away: a slow run may wait that long.
  const pushed = await bobSocket.next((message) => message.type === 'new_message' && message.message.id === sent.body.id, 35_000);
  expect(pushed.message.content).toBe('gửi lúc mất kết nối');
  expect(isolated.infrastructure.bus.isConnected).toBe(true);
  bobSocket.ws.close();
}, 90_000);
