import { registered, startStack, type Stack, eventually, type TestClient } from '@vnmarket/testkit';
import { MESSAGES } from '../src/routes/phone';
import { readOutbox, sameSession } from './support';

/** SMS go only where this marketplace's people are, within a deployment-wide hourly budget. */
let stack: Stack<'auth' | 'verification'>;
let outbox: string;
beforeAll(async () => {
  stack = await startStack('sms-pumping', {
    only: ['auth', 'verification'],
    overrides: { verification: { SMS_MAX_PER_HOUR: '3', SMS_ALLOWED_COUNTRY_CODES: '1,84', VERIFICATION_MAX_PER_IP_PER_HOUR: '1000' } },
  });
  outbox = stack.verification.config.SMS_OUTBOX;
});
afterAll(() => stack.stop());

let address = 0;
async function knownUser(overrides: Record<string, unknown> = {}) {
  const user = await registered(stack, overrides);
  await eventually(async () => expect(await stack.verification.infrastructure.db('contacts').where({ user_id: user.user.id }).first()).toBeDefined());
  return { ...user, direct: sameSession(stack.verification.url, user.client) };
}
const send = (client: TestClient) => client.post('/api/phone/send-verification', {}, { 'x-forwarded-for': `198.51.100.${++address}` });

it('refuses numbers outside the allowed country codes, without sending anything', async () => {
  const user = await knownUser({ phone: '+44 20 7946 0958' });
  const refused = await send(user.direct);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('We can send verification codes only to numbers starting with +1 or +84');
  expect((await readOutbox(outbox)).filter((sms) => sms.to === user.user.phone)).toHaveLength(0);
});

it('refuses a number another account has verified', async () => {
  const owner = await knownUser();
  await stack.verification.infrastructure.db('contacts').where({ user_id: owner.user.id }).update({ phone_verified: true });
  const squatter = await knownUser({ phone: owner.phone });
  const refused = await send(squatter.direct);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(MESSAGES.numberTaken);
});

it('stops all SMS once the hourly budget of the whole deployment is spent', async () => {
  const users = [await knownUser({ phone: '+84 90 123 4567' }), await knownUser(), await knownUser(), await knownUser()];
  const statuses = [];
  for (const user of users) statuses.push(await send(user.direct));
  const sentBefore = statuses.filter((response) => response.status === 200).length;
  expect(sentBefore).toBeLessThanOrEqual(3);
  const last = statuses[statuses.length - 1]!;
  expect(last.status).toBe(429);
  expect(last.body.message).toBe(MESSAGES.smsBudgetSpent);
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
});
