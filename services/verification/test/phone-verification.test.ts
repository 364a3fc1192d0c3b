import { createHmac, randomUUID } from 'node:crypto';
import { buildEvent } from '@vnmarket/proto';
import {
  eventsHandled,
  newUser,
  queueOf,
  registered,
  startStack,
  startVerification,
  type RunningVerification,
  type Stack,
  eventually,
  uniquePhone,
  type TestClient,
} from '@vnmarket/testkit';
import { MESSAGES } from '../src/routes/phone';
import { lastCodeSentTo, readOutbox, sameSession, wrongCode } from './support';

// Starting services on a busy machine takes longer than jest's default 5 s.
jest.setTimeout(30_000);

let stack: Stack<'auth' | 'verification'>;
let outbox: string;

beforeAll(async () => {
  // Every request through the gateway comes from 127.0.0.1; the per-address cap has its own tests.
  stack = await startStack('phone-verification', {
    only: ['auth', 'verification'],
    overrides: { verification: { VERIFICATION_MAX_PER_IP_PER_HOUR: '10000' } },
  });
  outbox = stack.verification.config.SMS_OUTBOX;
});
afterAll(() => stack.stop());

const db = () => stack.verification.infrastructure.db;
const contactOf = (userId: string) => db()('contacts').where({ user_id: userId }).first();
const codesOf = (userId: string) => db()('verification_codes').where({ user_id: userId }).orderBy('created_at');

interface User {
  client: TestClient;
  user: { id: string; phone: string };
  password: string;
}

/** A signed-in user whose phone verification already knows (their user.registered has arrived). */
async function knownUser(overrides: Record<string, unknown> = {}): Promise<User> {
  const user = await registered(stack, overrides);
  await eventually(async () => expect(await contactOf(user.user.id)).toBeDefined());
  return user;
}

/** Sends a code and reads it from the SMS outbox, as the user would from their phone. */
async function sendCode(user: User): Promise<string> {
  const response = await user.client.post('/api/phone/send-verification');
  expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { message: MESSAGES.sent } });
  return lastCodeSentTo(outbox, user.user.phone);
}

const verify = (user: User, code: unknown) => user.client.post('/api/phone/verify-code', { code });

describe('the must-show, through the gateway with the real auth service', () => {
  it('register → send a code → read it from the SMS outbox → verify → the user is phone-verified', async () => {
    const client = stack.client();
    const body = newUser();
    const signUp = await client.post('/api/register', body);
    expect(signUp.status).toBe(201);
    expect(signUp.body.phoneVerified).toBe(false);
    const user: User = { client, user: signUp.body, password: body.password };

    // Straight after sign-up, as the /verify-phone screen does (the read copy may still be on its way).
    const sent = await client.post('/api/phone/send-verification');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'Verification code sent' });

    const sms = (await readOutbox(outbox)).filter((entry) => entry.to === signUp.body.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toEqual({
      to: signUp.body.phone,
      body: expect.stringMatching(/^Chợ Việt: your verification code is \d{6}\. It expires in 10 minutes\.$/),
      sentAt: expect.any(String),
    });
    expect(new Date(sms[0]!.sentAt).toISOString()).toBe(sms[0]!.sentAt);
    const code = await lastCodeSentTo(outbox, signUp.body.phone);

    const verified = await verify(user, code);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: 'Your phone number has been verified' });

    // auth applies phone.verified from the event; the client refreshes the user.
    await eventually(async () => {
      const me = await client.get('/api/auth/user');
      expect(me.body).toMatchObject({ id: signUp.body.id, phoneVerified: true, isVerified: true });
    });
  });

  it("texts the code in the account's language: Vietnamese for vi, English for en and for none", async () => {
    const vietnamese = /^Mã xác minh Chợ Việt của bạn là (\d{6})\. Mã có hiệu lực trong 10 phút\.$/;
    const english = /^Chợ Việt: your verification code is (\d{6})\. It expires in 10 minutes\.$/;
    const accounts = await Promise.all(
      (['vi', 'en', undefined] as const).map(async (preferredLanguage) => {
        const user = await knownUser(preferredLanguage ? { preferredLanguage } : {});
        expect((await contactOf(user.user.id)).preferred_language).toBe(preferredLanguage ?? null);
        return { user, expected: preferredLanguage === 'vi' ? vietnamese : english };
      }),
    );
    for (const { user, expected } of accounts) {
      const code = await sendCode(user);
      const sms = (await readOutbox(outbox)).filter((entry) => entry.to === user.user.phone);
      expect(sms.map((entry) => entry.body)).toEqual([expect.stringMatching(expected)]);
      // The code in either text is the one that verifies.
      expect(expected.exec(sms[0]!.body)![1]).toBe(code);
      expect((await verify(user, code)).status).toBe(200);
    }
  });

  it("follows a language changed in the profile (through auth's user.updated)", async () => {
    const user = await knownUser();
    const changed = await user.client.patch('/api/users/profile', { preferredLanguage: 'vi' });
    expect(changed.body.preferredLanguage).toBe('vi');
    await eventually(async () => expect((await contactOf(user.user.id)).preferred_language).toBe('vi'));
    await sendCode(user);
    expect((await readOutbox(outbox)).filter((entry) => entry.to === user.user.phone).map((entry) => entry.body)).toEqual([
      expect.stringMatching(/^Mã xác minh Chợ Việt của bạn là \d{6}\./),
    ]);
  });

  it('a wrong code five times kills the code: the right code then fails too', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await verify(user, wrongCode(code));
      expect({ attempt, status: wrong.status, message: wrong.body.message }).toEqual({ attempt, status: 400, message: 'Invalid verification code' });
    }
    const right = await verify(user, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many incorrect attempts. Please request a new code.');
    const [row] = await codesOf(user.user.id);
    expect(row).toMatchObject({ attempts: 5, dead_reason: 'too_many_attempts', consumed_at: null });
    expect((await user.client.get('/api/auth/user')).body.phoneVerified).toBe(false);
  });

  it('counts concurrent wrong guesses one by one: never more than five per code', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(user, wrongCode(code))));
    const messages = answers.map((answer) => `${answer.status} ${answer.body.message}`).sort();
    // On a loaded machine a request can be refused before it reaches the code (503: no database connection
    // within the acquire timeout, by design); such a refusal counts nothing (found by CI).
    const refused = messages.filter((message) => message.startsWith('503 '));
    expect(messages.filter((message) => message === '400 Invalid verification code')).toHaveLength(5);
    expect(messages.filter((message) => message === `400 ${MESSAGES.tooManyAttempts}`)).toHaveLength(7 - refused.length);
    expect((await verify(user, code)).body.message).toBe(MESSAGES.tooManyAttempts);
    expect((await codesOf(user.user.id))[0]).toMatchObject({ attempts: 5, dead_reason: 'too_many_attempts' });
  });

  it('throttles resending: a second code within the minute gets 429 with Retry-After', async () => {
    const user = await knownUser();
    await sendCode(user);
    const again = await user.client.post('/api/phone/send-verification');
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('Please wait 60 seconds before requesting another code');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(55);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await readOutbox(outbox)).filter((sms) => sms.to === user.user.phone)).toHaveLength(1);
  });

  it('refuses visitors who are not signed in with 401', async () => {
    const visitor = stack.client();
    for (const path of ['/api/phone/send-verification', '/api/phone/verify-code']) {
      const response = await visitor.post(path, { code: '123456' });
      expect(response.status).toBe(401);
      expect(response.body.message).toContain('Unauthorized');
    }
  });

  it.each([
    ['no code', {}, 'Please enter the verification code'],
    ['an empty code', { code: '' }, 'Please enter the verification code'],
    ['a null code', { code: null }, 'Please enter the verification code'],
    ['five digits', { code: '12345' }, 'The verification code must be 6 digits'],
    ['seven digits', { code: '1234567' }, 'The verification code must be 6 digits'],
    ['a letter', { code: '12a456' }, 'The verification code must be 6 digits'],
    ['spaces', { code: '123 456' }, 'The verification code must be 6 digits'],
    ['non-ASCII digits', { code: '١٢٣٤٥٦' }, 'The verification code must be 6 digits'],
    ['a number instead of a string', { code: 123456 }, 'The verification code must be 6 digits'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const user = await knownUser();
    const response = await user.client.post('/api/phone/verify-code', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors.code).toContain(message);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const user = await knownUser();
    const broken = await user.client.request('POST', '/api/phone/verify-code', { body: '{"code":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Request body is not valid JSON');
    const list = await user.client.request('POST', '/api/phone/verify-code', { json: ['123456'] });
    expect(list.status).toBe(400);
  });
});

describe('codes', () => {
  it('are single use, and one success publishes one phone.verified through the outbox', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    expect((await verify(user, code)).status).toBe(200);
    const reused = await verify(user, code);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(MESSAGES.alreadyVerified);
    const events = await db()('outbox_events').where({ type: 'phone.verified' }).whereRaw("envelope->'data'->>'userId' = ?", [user.user.id]);
    expect(events).toHaveLength(1);
    expect(events[0].envelope.data).toEqual({ userId: user.user.id, phone: user.user.phone });
    const [row] = await codesOf(user.user.id);
    expect(row.consumed_at).not.toBeNull();
  });

  it('once used cannot be used again even when the read copy says unverified', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    expect((await verify(user, code)).status).toBe(200);
    // As if the user.updated carrying phoneVerified=false were applied after our own mark.
    await db()('contacts').where({ user_id: user.user.id }).update({ phone_verified: false });
    const reused = await verify(user, code);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification code has already been used. Please request a new code.');
  });

  it('are stored only as an HMAC of the code under the server secret', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    const [row] = await codesOf(user.user.id);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const expected = createHmac('sha256', stack.verification.config.VERIFICATION_CODE_SECRET)
      .update(`${user.user.id}\n${user.user.phone}\n${code}`)
      .digest('hex');
    expect(row.code_hash).toBe(expected);
    expect(row.phone).toBe(user.user.phone);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(10 * 60_000);
  });

  it('answers 400 when no code was ever sent', async () => {
    const user = await knownUser();
    const response = await verify(user, '123456');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('No verification code has been sent. Please request a new code.');
  });

  it('refuses to send to a phone that is already verified', async () => {
    const user = await knownUser();
    expect((await verify(user, await sendCode(user))).status).toBe(200);
    // Both from our own mark and, later, from auth's user.updated.
    const again = await user.client.post('/api/phone/send-verification');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Your phone number is already verified');
    await eventually(async () => expect((await user.client.get('/api/auth/user')).body.phoneVerified).toBe(true));
    await eventually(async () =>
      expect((await contactOf(user.user.id)).updated_at.toISOString()).toBe((await user.client.get('/api/auth/user')).body.updatedAt),
    );
    expect((await user.client.post('/api/phone/send-verification')).body.message).toBe('Your phone number is already verified');
  });

  it('stop working when the user changes their phone number', async () => {
    const user = await knownUser();
    const code = await sendCode(user);
    const newPhone = uniquePhone();
    const changed = await user.client.patch('/api/users/profile', { phone: newPhone });
    expect(changed.status).toBe(200);
    await eventually(async () => expect((await contactOf(user.user.id)).phone).toBe(changed.body.phone));
    const response = await verify(user, code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Your phone number has changed. Please request a new code.');
    expect((await codesOf(user.user.id))[0]).toMatchObject({ dead_reason: 'phone_changed', attempts: 0 });
  });

  it('answers 404 with a clear message when the phone on file is not known yet', async () => {
    const user = await knownUser();
    await db()('contacts').where({ user_id: user.user.id }).delete();
    const started = Date.now();
    const response = await user.client.post('/api/phone/send-verification');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe("We don't have your phone number on file yet. Please try again in a moment.");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('answers 503 and retires the code when the SMS cannot be sent', async () => {
    const broken: RunningVerification = await startVerification('phone-sms-down', { SMS_OUTBOX: '/dev/null/cannot/sms.jsonl' }, stack.environment);
    try {
      const user = await knownUser();
      const response = await sameSession(broken.url, user.client).post('/api/phone/send-verification');
      expect(response.status).toBe(503);
      expect(response.body.message).toBe('We could not send the verification code. Please try again later.');
      expect(await codesOf(user.user.id)).toEqual([expect.objectContaining({ dead_reason: 'undelivered' })]);
      expect((await verify(user, '000000')).body.message).toBe(MESSAGES.noCode);
    } finally {
      await broken.stop();
    }
  });
});

describe('expiry (a replica with its own clock)', () => {
  let replica: RunningVerification;
  let now = new Date();

  beforeAll(async () => {
    replica = await startVerification('phone-clock', { VERIFICATION_MAX_PER_IP_PER_HOUR: '10000' }, stack.environment, { clock: () => now });
  });
  afterAll(() => replica.stop());

  async function codeFromReplica(user: User) {
    const client = sameSession(replica.url, user.client);
    now = new Date();
    expect((await client.post('/api/phone/send-verification')).status).toBe(200);
    return { client, code: await lastCodeSentTo(replica.config.SMS_OUTBOX, user.user.phone), sentAt: now };
  }

  it('accepts a code until ten minutes have passed', async () => {
    const user = await knownUser();
    const { client, code, sentAt } = await codeFromReplica(user);
    now = new Date(sentAt.getTime() + 10 * 60_000 - 1000);
    expect((await client.post('/api/phone/verify-code', { code })).status).toBe(200);
  });

  it('refuses a code after ten minutes, without counting it as a wrong guess', async () => {
    const user = await knownUser();
    const { client, code, sentAt } = await codeFromReplica(user);
    now = new Date(sentAt.getTime() + 10 * 60_000);
    const response = await client.post('/api/phone/verify-code', { code });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This verification code has expired. Please request a new code.');
    expect((await codesOf(user.user.id))[0]).toMatchObject({ attempts: 0, consumed_at: null });
  });
});

it('prunes codes older than seven days when a replica starts, and keeps the newer ones', async () => {
  const userId = randomUUID();
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const written = (days: number) => ({
    user_id: userId,
    phone: '+14085550199',
    code_hash: 'x'.repeat(64),
    created_at: daysAgo(days),
    expires_at: daysAgo(days),
    dead_at: daysAgo(days),
  });
  await db()('verification_codes').insert([written(8), written(6)]);
  const replica = await startVerification('phone-prune', {}, stack.environment);
  try {
    await eventually(async () => expect(await codesOf(userId)).toHaveLength(1));
  } finally {
    await replica.stop();
  }
  const [kept] = await codesOf(userId);
  expect(Math.round((Date.now() - kept.created_at.getTime()) / 86_400_000)).toBe(6);
});

describe('the contact read copy', () => {
  /** The user as auth would publish them now, version included. */
  async function published(userId: string) {
    const row = await stack.auth.infrastructure.db('users').where({ id: userId }).first();
    return {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      phone: row.phone,
      email: row.email,
      phoneVerified: row.phone_verified,
      isVerified: row.is_verified,
      averageRating: row.average_rating,
      reviewCount: row.review_count,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      version: Number(row.version),
    };
  }
  async function deliver(data: Record<string, unknown>) {
    const event = buildEvent('user.updated', data as never, randomUUID(), new Date());
    await stack.verification.infrastructure.bus.publish(event);
    await eventually(async () => expect(await db()('processed_events').where({ event_id: event.id })).toHaveLength(1));
    return event;
  }

  it('an event without preferredLanguage (from an auth release before it) still applies, and keeps the language held', async () => {
    const user = await knownUser({ preferredLanguage: 'vi' });
    expect((await contactOf(user.user.id)).preferred_language).toBe('vi');
    const older = await published(user.user.id);
    expect(older).not.toHaveProperty('preferredLanguage');
    const newPhone = `+1${uniquePhone()}`;
    await deliver({ ...older, phone: newPhone, version: older.version + 1 });
    expect(await contactOf(user.user.id)).toMatchObject({ phone: newPhone, preferred_language: 'vi' });
    // The code still goes out in Vietnamese, to the number the event brought.
    await sendCode({ ...user, user: { ...user.user, phone: newPhone } });
    expect((await readOutbox(outbox)).filter((entry) => entry.to === newPhone).map((entry) => entry.body)).toEqual([
      expect.stringMatching(/^Mã xác minh Chợ Việt của bạn là \d{6}\./),
    ]);

    // A contact first seen through such an event has none: English.
    const stranger = { ...older, id: randomUUID(), phone: `+1${uniquePhone()}`, version: 1 };
    await deliver(stranger);
    expect(await contactOf(stranger.id)).toMatchObject({ phone: stranger.phone, preferred_language: null });
  });

  it('an event that carries preferredLanguage sets it, null (never chosen) included', async () => {
    const user = await knownUser({ preferredLanguage: 'vi' });
    const current = await published(user.user.id);
    await deliver({ ...current, preferredLanguage: 'en', version: current.version + 1 });
    expect((await contactOf(user.user.id)).preferred_language).toBe('en');
    await deliver({ ...current, preferredLanguage: null, version: current.version + 2 });
    expect((await contactOf(user.user.id)).preferred_language).toBeNull();
  });

  it('a deleted user leaves a tombstone without their number or language, and drops their codes', async () => {
    const user = await knownUser({ preferredLanguage: 'vi' });
    await sendCode(user);
    expect(await codesOf(user.user.id)).toHaveLength(1);
    const deleted = await user.client.request('DELETE', '/api/users/profile', { json: { password: user.password } });
    expect(deleted.status).toBe(200);
    await eventually(async () =>
      expect(await db()('contacts').where({ user_id: user.user.id }).first()).toMatchObject({ deleted: true, phone: '', preferred_language: null }),
    );
    expect(await codesOf(user.user.id)).toHaveLength(0);
  });

  it('a user.updated delivered after user.deleted does not restore the phone', async () => {
    const user = await knownUser();
    const late = await published(user.user.id);
    await user.client.request('DELETE', '/api/users/profile', { json: { password: user.password } });
    await eventually(async () => expect((await db()('contacts').where({ user_id: user.user.id }).first())?.deleted).toBe(true));
    await deliver({ ...late, updatedAt: '2099-01-01T00:00:00.000Z' });
    expect(await db()('contacts').where({ user_id: user.user.id }).first()).toMatchObject({ deleted: true, phone: '' });
  });

  it('ignores a user.updated with an older version, and applies an event once however often it comes', async () => {
    const user = await knownUser();
    const first = await published(user.user.id);
    // A clock that ran ahead does not make an old version new.
    await deliver({ ...first, phone: '+14085550000', updatedAt: '2099-01-01T00:00:00.000Z', version: first.version - 1 });
    expect((await contactOf(user.user.id)).phone).toBe(user.user.phone);

    const verified = await deliver({ ...first, phoneVerified: true, version: first.version + 1 });
    expect((await contactOf(user.user.id)).phone_verified).toBe(true);
    // A redelivery of the same event after a later change does not roll that change back.
    await db()('contacts')
      .where({ user_id: user.user.id })
      .update({ phone_verified: false, version: first.version + 2 });
    const handledBefore = await eventsHandled(queueOf('verification', stack.verification));
    await stack.verification.infrastructure.bus.publish(verified);
    // The redelivery has been taken and acknowledged (changing nothing) before the copy is read.
    await eventually(async () => expect(await eventsHandled(queueOf('verification', stack.verification))).toBeGreaterThanOrEqual(handledBefore + 1));
    expect((await contactOf(user.user.id)).phone_verified).toBe(false);
    expect(await db()('processed_events').where({ event_id: verified.id })).toHaveLength(1);
  });
});
