import { registered, startStack, type Stack, eventually, uniquePhone, type TestClient } from '@vnmarket/testkit';
import { MESSAGES } from '../src/routes/phone';
import { lastCodeSentTo, readOutbox, sameSession } from './support';

/**
 * Throttling against SMS pumping, with small limits. Requests go straight to the service (which trusts
 * one proxy hop) so each test can come from its own client address in X-Forwarded-For.
 */
// Long enough that an immediate second request is always "too soon", even on a busy machine: the tests end
// an interval early (endInterval) rather than wait it out.
const INTERVAL_SECONDS = 60;
let stack: Stack<'auth' | 'verification'>;
let outbox: string;
let address = 0;

beforeAll(async () => {
  stack = await startStack('verification-limits', {
    only: ['auth', 'verification'],
    overrides: {
      verification: {
        VERIFICATION_SEND_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
        VERIFICATION_MAX_PER_USER_PER_HOUR: '3',
        VERIFICATION_MAX_PER_PHONE_PER_HOUR: '2',
        VERIFICATION_MAX_PER_IP_PER_HOUR: '4',
      },
    },
  });
  outbox = stack.verification.config.SMS_OUTBOX;
});
afterAll(() => stack.stop());

/** A client address of its own (TEST-NET-3), so one test's sends never count against another's. */
const newAddress = () => `203.0.113.${++address}`;
/**
 * Ends the user's resend interval now, as its running out would: the interval is a window kept in Redis
 * (rate-limiter-flexible's key under the limit's name, with the interval as its time to live), and its key
 * expires. It must be there: the user was sent a code within the interval.
 */
async function endInterval(userId: string): Promise<void> {
  expect(await stack.verification.infrastructure.redis.pexpire(`rl:verification-user-interval:${userId}`, 0)).toBe(1);
}

async function knownUser(overrides: Record<string, unknown> = {}) {
  const user = await registered(stack, overrides);
  await eventually(async () => expect(await stack.verification.infrastructure.db('contacts').where({ user_id: user.user.id }).first()).toBeDefined());
  return { ...user, direct: sameSession(stack.verification.url, user.client) };
}

const send = (client: TestClient, from: string) => client.post('/api/phone/send-verification', {}, { 'x-forwarded-for': from });
const sentTo = async (phone: string) => (await readOutbox(outbox)).filter((sms) => sms.to === phone).length;

function expectTooMany(response: { status: number; body: any; headers: Headers }, message: string, maxRetryAfter: number) {
  expect({ status: response.status, message: response.body.message }).toEqual({ status: 429, message });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

it('allows one code per interval per user, and a new code supersedes the old one', async () => {
  const from = newAddress();
  const user = await knownUser();
  expect((await send(user.direct, from)).status).toBe(200);
  const first = await lastCodeSentTo(outbox, user.user.phone);
  expectTooMany(await send(user.direct, from), `Please wait ${INTERVAL_SECONDS} seconds before requesting another code`, INTERVAL_SECONDS);
  expect(await sentTo(user.user.phone)).toBe(1);

  await endInterval(user.user.id);
  expect((await send(user.direct, from)).status).toBe(200);
  const second = await lastCodeSentTo(outbox, user.user.phone);
  const codes = await stack.verification.infrastructure.db('verification_codes').where({ user_id: user.user.id }).orderBy('created_at');
  expect(codes.map((code) => code.dead_reason)).toEqual(['superseded', null]);
  if (first !== second) {
    const old = await user.direct.post('/api/phone/verify-code', { code: first });
    expect(old.body.message).toBe('Invalid verification code');
  }
  expect((await user.direct.post('/api/phone/verify-code', { code: second })).status).toBe(200);
});

it('caps codes per user per hour (refused requests do not count), across phone numbers', async () => {
  const from = newAddress();
  const user = await knownUser();
  expect((await send(user.direct, from)).status).toBe(200);
  expect((await send(user.direct, from)).status).toBe(429); // too soon: not counted against the hour
  await endInterval(user.user.id);
  expect((await send(user.direct, from)).status).toBe(200);

  // The phone's budget (2) is now spent; a new number on the profile gets codes again, up to the user's.
  const changed = await user.client.patch('/api/users/profile', { phone: uniquePhone() });
  await eventually(async () =>
    expect((await stack.verification.infrastructure.db('contacts').where({ user_id: user.user.id }).first()).phone).toBe(changed.body.phone),
  );
  await endInterval(user.user.id);
  expect((await send(user.direct, from)).status).toBe(200);
  expect(await sentTo(changed.body.phone)).toBe(1);

  await endInterval(user.user.id);
  expectTooMany(await send(user.direct, from), MESSAGES.tooManyForUser, 3600);
});

it('caps codes per phone number per hour, whichever account asks', async () => {
  const from = newAddress();
  const phone = uniquePhone();
  const first = await knownUser({ phone });
  expect((await send(first.direct, from)).status).toBe(200);
  await endInterval(first.user.id);
  expect((await send(first.direct, from)).status).toBe(200);
  await endInterval(first.user.id);
  expectTooMany(await send(first.direct, from), MESSAGES.tooManyForPhone, 3600);

  // Pumping with fresh accounts: delete, sign up again with the same number, ask again.
  expect((await first.client.request('DELETE', '/api/users/profile', { json: { password: first.password } })).status).toBe(200);
  await eventually(async () =>
    expect(await stack.verification.infrastructure.db('contacts').where({ user_id: first.user.id, deleted: false })).toHaveLength(0),
  );
  const second = await knownUser({ phone });
  expectTooMany(await send(second.direct, newAddress()), MESSAGES.tooManyForPhone, 3600);
  expect(await sentTo(first.user.phone)).toBe(2);
});

it('caps codes per client address per hour', async () => {
  const from = newAddress();
  for (let i = 0; i < 4; i += 1) {
    const user = await knownUser();
    expect((await send(user.direct, from)).status).toBe(200);
  }
  const fifth = await knownUser();
  expectTooMany(await send(fifth.direct, from), MESSAGES.tooManyFromNetwork, 3600);
  expect(await sentTo(fifth.user.phone)).toBe(0);
  // The same user from another network is not affected.
  expect((await send(fifth.direct, newAddress())).status).toBe(200);
});

it('throttles through the gateway too', async () => {
  const user = await knownUser();
  expect((await user.client.post('/api/phone/send-verification')).status).toBe(200);
  const second = await user.client.post('/api/phone/send-verification');
  expectTooMany(second, `Please wait ${INTERVAL_SECONDS} seconds before requesting another code`, INTERVAL_SECONDS);
});
