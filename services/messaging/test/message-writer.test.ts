import { randomUUID } from 'node:crypto';
import { conversationIdFor } from '@vnmarket/proto';
import { registered, startStack, type Stack, eventually } from '@vnmarket/testkit';
import { MessageWriter } from '../src/db/message-writer';
import type { MessageToStore } from '../src/db/messages';

/** Group commit: sends that arrive while a statement is in flight are stored together, each with its own answer. */
let stack: Stack<'auth' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('message-writer', { only: ['auth', 'messaging'] });
});
afterAll(() => stack.stop());

function toStore(senderId: string, receiverId: string, content: string): MessageToStore {
  const id = randomUUID();
  return {
    message: {
      id,
      conversation_id: conversationIdFor(senderId, receiverId),
      sender_id: senderId,
      receiver_id: receiverId,
      listing_id: null,
      content,
      created_at: new Date(),
      warning: null,
    },
    outboxRow: { id: randomUUID(), type: 'message.created', envelope: { id, content }, request_id: null },
  };
}

async function knownPair() {
  const alice = await registered(stack);
  const bob = await registered(stack);
  const db = stack.messaging.infrastructure.db;
  await eventually(async () => expect(await db('users').whereIn('id', [alice.user.id, bob.user.id])).toHaveLength(2));
  return { db, aliceId: alice.user.id, bobId: bob.user.id };
}

/** Runs the stores at once; answers their outcomes and the INSERT statements they took. */
async function storeAtOnce(writer: MessageWriter, items: MessageToStore[]) {
  const db = stack.messaging.infrastructure.db;
  const statements: string[] = [];
  const record = (query: { sql: string }) => {
    if (/insert into messages/.test(query.sql)) statements.push(query.sql);
  };
  db.on('query', record);
  const outcomes = await Promise.allSettled(items.map((item) => writer.store(item)));
  db.off('query', record);
  return { outcomes: outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused')), statements: statements.length };
}

it('stores concurrent sends with their outbox rows in one statement, each with its own answer', async () => {
  const { db, aliceId, bobId } = await knownPair();
  const items = [1, 2, 3, 4, 5].map((n) => toStore(aliceId, bobId, `tin ${n}`));
  const unknown = toStore(aliceId, randomUUID(), 'không ai nhận');
  const { outcomes, statements } = await storeAtOnce(new MessageWriter({ db }), [...items, unknown]);
  expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'stored', 'no_recipient']);
  expect(statements).toBe(1);
  expect(
    await db('messages').whereIn(
      'id',
      [...items, unknown].map((item) => item.message.id),
    ),
  ).toHaveLength(5);
  expect(
    await db('outbox_events').whereIn(
      'id',
      [...items, unknown].map((item) => item.outboxRow.id),
    ),
  ).toHaveLength(5);
});

it('a message the database refuses fails alone; those sent with it are stored', async () => {
  const { db, aliceId, bobId } = await knownPair();
  const items = [toStore(aliceId, bobId, 'một'), toStore(aliceId, bobId, 'hai')];
  // A lone surrogate: JSON keeps it as an escape that PostgreSQL's jsonb refuses.
  const refused = toStore(aliceId, bobId, 'hỏng \ud800');
  const { outcomes, statements } = await storeAtOnce(new MessageWriter({ db }), [items[0]!, refused, items[1]!]);
  expect(outcomes).toEqual(['stored', 'refused', 'stored']);
  // The batch, then each of its three alone.
  expect(statements).toBe(4);
  expect(
    await db('messages').whereIn(
      'id',
      [...items, refused].map((item) => item.message.id),
    ),
  ).toHaveLength(2);
});

it('sends that arrive while a statement is in flight go together in the next one', async () => {
  const { db, aliceId, bobId } = await knownPair();
  const writer = new MessageWriter({ db, maxInFlight: 1 });
  let statements = 0;
  const record = (query: { sql: string }) => {
    if (/insert into messages/.test(query.sql)) statements += 1;
  };
  db.on('query', record);
  const first = writer.store(toStore(aliceId, bobId, 'đầu tiên'));
  // The first statement is under way (taken on the next turn of the event loop); these queue behind it.
  await new Promise((resolve) => setImmediate(resolve));
  const rest = await Promise.all([1, 2, 3, 4].map((n) => writer.store(toStore(aliceId, bobId, `sau ${n}`))));
  db.off('query', record);
  expect([await first, ...rest]).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
  expect(statements).toBe(2);
});

it('a message between two members of whom one blocked the other is not stored, either way, nor its event', async () => {
  const { db, aliceId, bobId } = await knownPair();
  await db('blocks').insert({ blocker_id: aliceId, blocked_id: bobId });
  const items = [toStore(bobId, aliceId, 'từ người bị chặn'), toStore(aliceId, bobId, 'từ người chặn')];
  const { outcomes } = await storeAtOnce(new MessageWriter({ db }), items);
  expect(outcomes).toEqual(['blocked', 'blocked']);
  expect(
    await db('messages').whereIn(
      'id',
      items.map((item) => item.message.id),
    ),
  ).toHaveLength(0);
  expect(
    await db('outbox_events').whereIn(
      'id',
      items.map((item) => item.outboxRow.id),
    ),
  ).toHaveLength(0);
});
