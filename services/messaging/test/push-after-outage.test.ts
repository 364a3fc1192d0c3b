import { createTcpFaultProxy, eventually, throughProxy, type TcpFaultProxy } from '@vnmarket/shared/testing';
import { openSocket, registered, startMessaging, startStack, type RunningMessaging, type Stack } from '@vnmarket/testkit';

/**
 * A replica cut off from the broker still pushes the messages stored meanwhile once it is back: its
 * fan-out queue is its own and outlives the disconnection (an exclusive queue would have gone with it).
 */
let stack: Stack<'auth' | 'messaging'>;
let proxy: TcpFaultProxy;
let isolated: RunningMessaging;

beforeAll(async () => {
  stack = await startStack('push-after-outage', { only: ['auth', 'messaging'] });
  const amqpUrl = stack.messaging.config.AMQP_URL;
  proxy = await createTcpFaultProxy({ host: new URL(amqpUrl).hostname, port: Number(new URL(amqpUrl).port || 5672) });
  isolated = await startMessaging('push-after-outage-b', { AMQP_URL: throughProxy(amqpUrl, proxy) }, stack.environment);
}, 60_000);
afterAll(async () => {
  proxy.restore();
  await isolated.stop();
  await stack.stop();
  await proxy.close();
  // As long as the setup may take: beside the whole suite on a slow VM, closing the replica that reconnected
  // through the proxy (its broker queues deleted, the connection closed) and the stack took over 30 s once.
}, 60_000);

it('messages stored while a replica was cut off from the broker reach the sockets it holds after it reconnects', async () => {
  const alice = await registered(stack);
  const bob = await registered(stack);
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').whereIn('id', [alice.user.id, bob.user.id])).toHaveLength(2));
  const bobSocket = await openSocket(isolated.url, bob.client.cookieHeader());
  proxy.cut();
  await eventually(async () => expect(isolated.infrastructure.bus.isConnected).toBe(false));
  const sent = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'gửi lúc mất kết nối' });
  expect(sent.status).toBe(201);
  // Published by the other replica's relay while this one is away.
  await eventually(async () =>
    expect(
      await stack.messaging.infrastructure.db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [sent.body.id]).whereNotNull('published_at'),
    ).toHaveLength(1),
  );
  proxy.restore();
  const pushed = await bobSocket.next((message) => message.type === 'new_message' && message.message.id === sent.body.id, 20_000);
  expect(pushed.message.content).toBe('gửi lúc mất kết nối');
  bobSocket.ws.close();
}, 60_000);
