import { randomUUID } from 'node:crypto';
import { conversationIdFor } from '@vnmarket/proto';
import { startStack, withRecordedStatements, type Stack } from '@vnmarket/testkit';
import { MessageWriter } from '../src/db/message-writer';
import type { MessageToStore } from '../src/db/messages';
import { knownPair as pairOf } from './support';

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
  const { alice, bob } = await pairOf(stack, {}, {});
  return { db: stack.messaging.infrastructure.db, aliceId: alice.user.id, bobId: bob.user.id };
}

/** How many of the statements are INSERTs into messages. */
const messageInserts = (statements: string[]) => statements.filter((sql) => /insert into messages/.test(sql)).length;

/** How many of these messages are stored, and how many of their outbox rows. */
async function stored(items: MessageToStore[]) {
  const db = stack.messaging.infrastructure.db;
  const messageIds = items.map((item) => item.message.id);
  const outboxIds = items.map((item) => item.outboxRow.id);
  return { messages: (await db('messages').whereIn('id', messageIds)).length, events: (await db('outbox_events').whereIn('id', outboxIds)).length };
}

/** Runs the stores at once; answers their outcomes and the INSERT statements they took. */
function storeAtOnce(writer: MessageWriter, items: MessageToStore[]) {
  return withRecordedStatements(stack.messaging.infrastructure.db, async (statements) => {
    const outcomes = await Promise.allSettled(items.map((item) => writer.store(item)));
    return { outcomes: outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused')), statements: messageInserts(statements) };
  });
}

it('stores concurrent sends with their outbox rows in one statement, each with its own answer', async () => {
  const { db, aliceId, bobId } = await knownPair();
  const items = [1, 2, 3, 4, 5].map((n) => toStore(aliceId, bobId, `tin ${n}`));
  const unknown = toStore(aliceId, randomUUID(), 'không ai nhận');
  const { outcomes, statements } = await storeAtOnce(new MessageWriter({ db }), [...items, unknown]);
  expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'stored', 'no_recipient']);
  expect(statements).toBe(1);
  expect(await stored([...items, unknown])).toEqual({ messages: 5, events: 5 });
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
  expect((await stored([...items, refused])).messages).toBe(2);
});

it('sends that arrive while a statement is in flight go together in the next one', async () => {
  const { db, aliceId, bobId } = await knownPair();
  const writer = new MessageWriter({ db, maxInFlight: 1 });
  const { outcomes, statements } = await withRecordedStatements(db, async (recorded) => {
    const first = writer.store(toStore(aliceId, bobId, 'đầu tiên'));
    // The first statement is under way (taken on the next turn of the event loop); these queue behind it.
    await new Promise((resolve) => setImmediate(resolve));
    const rest = await Promise.all([1, 2, 3, 4].map((n) => writer.store(toStore(aliceId, bobId, `sau ${n}`))));
    return { outcomes: [await first, ...rest], statements: messageInserts(recorded) };
  });
  expect(outcomes).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
  expect(statements).toBe(2);
});

it('a message between two members of whom one blocked the other is not stored, either way, nor its event', async () => {
  const { db, aliceId, bobId } = await knownPair();
  await db('blocks').insert({ blocker_id: aliceId, blocked_id: bobId });
  const items = [toStore(bobId, aliceId, 'từ người bị chặn'), toStore(aliceId, bobId, 'từ người chặn')];
  const { outcomes } = await storeAtOnce(new MessageWriter({ db }), items);
  expect(outcomes).toEqual(['blocked', 'blocked']);
  expect(await stored(items)).toEqual({ messages: 0, events: 0 });
});
