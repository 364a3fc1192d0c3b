import { randomUUID } from 'node:crypto';
import { conversationIdFor, replyTimeSchema } from '@vnmarket/proto';
import { registered, startStack, type RegisteredUser, type Stack } from '@vnmarket/testkit';
import { knownToMessaging } from './support';

/** GET /api/users/{id}/reply-time: the median delay from a received message to the user's reply, from messaging's own tables. */
let stack: Stack<'auth' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('reply-times', { only: ['auth', 'messaging'] });
});
afterAll(() => stack.stop());

async function members(count: number): Promise<RegisteredUser[]> {
  const users = await Promise.all(Array.from({ length: count }, () => registered(stack)));
  await knownToMessaging(stack, users);
  return users;
}

/** Messages as if sent at these minutes past a start a day ago: [sender, receiver, minute]. */
async function conversation(lines: [RegisteredUser, RegisteredUser, number][]): Promise<void> {
  const start = Date.now() - 86_400_000;
  await stack.messaging.infrastructure.db('messages').insert(
    lines.map(([sender, receiver, minute]) => ({
      id: randomUUID(),
      conversation_id: conversationIdFor(sender.user.id, receiver.user.id),
      sender_id: sender.user.id,
      receiver_id: receiver.user.id,
      content: 'Còn không ạ?',
      created_at: new Date(start + minute * 60_000),
    })),
  );
}

const replyTime = async (userId: string) => {
  const response = await stack.client().get(`/api/users/${userId}/reply-time`);
  expect(response.status).toBe(200);
  return replyTimeSchema.parse(response.body);
};

it('is the median over the replies; a run of messages counts from its first, an unanswered one not at all', async () => {
  const [seller, first, second, third, ignored] = await members(5);
  // Asked twice, answered 10 minutes after the first question.
  await conversation([
    [first!, seller!, 0],
    [first!, seller!, 1],
    [seller!, first!, 10],
  ]);
  await conversation([
    [second!, seller!, 0],
    [seller!, second!, 30],
  ]);
  // Two replies in one conversation: 60 minutes, then 5.
  await conversation([
    [third!, seller!, 0],
    [seller!, third!, 60],
    [third!, seller!, 70],
    [seller!, third!, 75],
  ]);
  await conversation([[ignored!, seller!, 0]]);
  // Replies 5, 10, 30, 60: the median is 20 minutes.
  expect(await replyTime(seller!.user.id)).toEqual({ userId: seller!.user.id, typicalReplyMinutes: 20, replies: 4 });
  // The buyers: `third` replied once (10 minutes after the seller's answer), too few to say.
  expect(await replyTime(third!.user.id)).toEqual({ userId: third!.user.id, typicalReplyMinutes: null, replies: 1 });
  expect(await replyTime(ignored!.user.id)).toEqual({ userId: ignored!.user.id, typicalReplyMinutes: null, replies: 0 });
});

it('answers 404 for an unknown or malformed id, to visitors as to members', async () => {
  for (const id of [randomUUID(), 'nobody']) {
    const response = await stack.client().get(`/api/users/${id}/reply-time`);
    expect([response.status, response.body.message]).toEqual([404, 'User not found']);
  }
});
