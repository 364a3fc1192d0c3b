import { eventually, faultProxyFor, startMessaging, startStack, throughProxy } from '@vnmarket/testkit';
import type { RunningMessaging, Stack, TcpFaultProxy, TestSocket } from '@vnmarket/testkit';
import { knownPair, socketOpener } from './support';

/**
 * The live push: a stored message reaches the sockets on every replica at once (Redis pub/sub), without
 * waiting for the outbox relay; the outbox event that follows through RabbitMQ is the durable copy, pushed
 * only where the live push did not arrive. A client sees each message once.
 */
let stack: Stack<'auth' | 'messaging'>;
/** A second replica on the same database, Redis and broker. */
let replicaB: RunningMessaging;
/** A third replica whose Redis connections go through a proxy the test can cut. */
let replicaC: RunningMessaging;
let redisProxy: TcpFaultProxy;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startStack('live-push', { only: ['auth', 'messaging'] });
  const redisUrl = stack.messaging.config.REDIS_URL;
  redisProxy = await faultProxyFor(redisUrl);
  [replicaB, replicaC] = await Promise.all([
    startMessaging('live-push-b', {}, stack.environment),
    startMessaging('live-push-c', { REDIS_URL: throughProxy(redisUrl, redisProxy) }, stack.environment),
  ]);
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  redisProxy.restore();
  await Promise.all([replicaB.stop(), replicaC.stop()]);
  await stack.stop();
  await redisProxy.close();
});

const pair = () => knownPair(stack, { firstName: 'Alice' }, { firstName: 'Bảo' });
const socketFor = socketOpener(sockets);

const outboxRow = (messageId: string) => stack.messaging.infrastructure.db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [messageId]).first();
const pushesOf = (socket: TestSocket, messageId: string) =>
  socket.received.filter((message) => message.type === 'new_message' && message.message.id === messageId);
const replicas = () => [stack.messaging, replicaB, replicaC];

it('pushes to every socket of both users on every replica before the outbox relay has sent the event, and once only when the event follows', async () => {
  const { alice, bob } = await pair();
  // No relay runs: the outbox event stays unsent until the relays start again below.
  await Promise.all(replicas().map((replica) => replica.service.outbox.stop()));
  const bobOnA = await socketFor(stack.messaging.url, bob.client);
  const bobOnB = await socketFor(replicaB.url, bob.client);
  const aliceOnA = await socketFor(stack.messaging.url, alice.client);
  const aliceOnB = await socketFor(replicaB.url, alice.client);
  const relayRepeats = replicas().map((replica) => replica.service.livePush.counts.relay.repeats);

  const sent = await alice.client.request('POST', `${replicaB.url}/api/messages`, { json: { receiverId: bob.user.id, content: 'Nhanh lên' } });
  expect(sent.status).toBe(201);
  for (const socket of [bobOnA, bobOnB, aliceOnA, aliceOnB]) {
    const pushed = await socket.next((message) => message.type === 'new_message' && message.message.id === sent.body.id);
    expect(pushed.message).toEqual(sent.body);
  }
  expect((await outboxRow(sent.body.id)).published_at).toBeNull();

  // The durable copy: relayed now, it reaches every replica, which finds the message pushed already.
  for (const replica of replicas()) replica.service.outbox.start();
  await eventually(async () => expect((await outboxRow(sent.body.id)).published_at).not.toBeNull());
  await eventually(async () =>
    expect(replicas().map((replica) => replica.service.livePush.counts.relay.repeats)).toEqual(relayRepeats.map((count) => count + 1)),
  );
  for (const socket of [bobOnA, bobOnB, aliceOnA, aliceOnB]) {
    await socket.flush();
    expect(pushesOf(socket, sent.body.id)).toHaveLength(1);
  }
});

it('a replica cut off from Redis still pushes the message, from the outbox event, once', async () => {
  const { alice, bob } = await pair();
  const bobOnC = await socketFor(replicaC.url, bob.client);
  const bobOnA = await socketFor(stack.messaging.url, bob.client);
  const relayPushed = replicaC.service.livePush.counts.relay.pushed;
  redisProxy.cut();

  const sent = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Redis đâu rồi?' });
  expect(sent.status).toBe(201);
  await bobOnA.next((message) => message.type === 'new_message' && message.message.id === sent.body.id);
  const pushed = await bobOnC.next((message) => message.type === 'new_message' && message.message.id === sent.body.id, 10_000);
  expect(pushed.message).toEqual(sent.body);
  expect(replicaC.service.livePush.counts.relay.pushed).toBe(relayPushed + 1);

  redisProxy.restore();
  await bobOnC.flush();
  expect(pushesOf(bobOnC, sent.body.id)).toHaveLength(1);
}, 30_000);
