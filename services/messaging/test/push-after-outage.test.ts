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
  const teardown = (async () => {
    await isolated.stop();
    await stack.stop();
  })();
  // Closing the replica that reconnected through the proxy has hung past a minute beside the whole suite on a
  // slow VM (not alone: 3 s). Not yet explained, so it is bounded and said, not hidden: after 20 s the proxy's
  // connections are dropped, which ends any broker call still waiting on them.
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([teardown.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 20_000)))]);
  clearTimeout(timer);
  if (!finished) console.warn('push-after-outage: the teardown was still running after 20 s; dropping the proxy’s connections');
  await proxy.close();
  await Promise.race([teardown, new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
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
