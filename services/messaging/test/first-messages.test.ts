import { registered, startStack, type RegisteredUser, type Stack } from '@vnmarket/testkit';
import { knownToMessaging } from './support';

// Auth publishes the users messaging copies; 3 new conversations an hour per member here.
let stack: Stack<'auth' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('first-messages', { only: ['auth', 'messaging'], overrides: { messaging: { FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: '3' } } });
});
afterAll(() => stack.stop());

async function members(count: number): Promise<RegisteredUser[]> {
  const made: RegisteredUser[] = [];
  for (let index = 0; index < count; index += 1) made.push(await registered(stack));
  await knownToMessaging(stack, made);
  return made;
}

it('FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: the 4th new conversation of an hour is refused with 429; replies and threads go on', async () => {
  const [sender, ...others] = await members(6);
  const send = (from: RegisteredUser, to: RegisteredUser, content = 'Chào anh, món này còn không?') =>
    from.client.post('/api/messages', { receiverId: to.user.id, content });
  for (const receiver of others.slice(0, 3)) expect((await send(sender!, receiver)).status).toBe(201);
  // More in a conversation that exists is no new conversation.
  expect((await send(sender!, others[0]!, 'Em ở San Jose')).status).toBe(201);
  const refused = await send(sender!, others[3]!);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ message: 'You have started as many new conversations as allowed this hour. Please try again later.', code: 'rate_limited' });
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(await stack.messaging.infrastructure.db('messages').where({ sender_id: sender!.user.id, receiver_id: others[3]!.user.id })).toHaveLength(0);
  // Someone who writes to the sender opens it: the sender's answer is a reply, not counted.
  expect((await send(others[4]!, sender!)).status).toBe(201);
  expect((await send(sender!, others[4]!, 'Dạ còn anh')).status).toBe(201);
  // Another member's allowance is their own.
  expect((await send(others[3]!, others[2]!)).status).toBe(201);
});
