import { randomUUID } from 'node:crypto';
import {
  buildEvent,
  InvalidEventError,
  LANGUAGES,
  loginBody,
  normalizeId,
  normalizePhone,
  parseConversationId,
  parseEvent,
  profileUpdateBody,
  registerBody,
  reportBody,
  sendMessageBody,
  userSchema,
} from '../src';

/** What a user event and a user answer both say of an account just made: no photo, unverified, unrated. */
function newAccount(id: string) {
  const now = new Date().toISOString();
  return {
    id,
    firstName: 'Lan',
    lastName: 'Nguyễn',
    profileImageUrl: null,
    phoneVerified: false,
    isVerified: false,
    averageRating: 0,
    reviewCount: 0,
    createdAt: now,
    updatedAt: now,
  };
}

describe('normalizePhone', () => {
  it.each([
    ['4085550123', '+14085550123'],
    ['(408) 555-0123', '+14085550123'],
    ['408.555.0123', '+14085550123'],
    ['1 408 555 0123', '+14085550123'],
    ['+84 90 123 4567', '+84901234567'],
  ])('%s → %s', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it.each(['555-0123', 'call me maybe', '+1', '40855501234567'])('rejects %s', (input) => expect(normalizePhone(input)).toBeNull());
});

describe('registerBody', () => {
  const valid = { firstName: ' Lan ', lastName: 'Nguyễn', phone: '(408) 555-0123', password: 'hunter22', email: ' Lan@Example.COM ' };

  it('trims names, normalizes phone and email', () => {
    expect(registerBody.parse(valid)).toEqual({ firstName: 'Lan', lastName: 'Nguyễn', phone: '+14085550123', password: 'hunter22', email: 'lan@example.com' });
  });

  it('uses the spec messages', () => {
    const issues = registerBody.safeParse({}).error!.issues.map((issue) => [issue.path[0], issue.message]);
    expect(Object.fromEntries(issues)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('keeps passwords as typed (no trimming)', () => {
    expect(registerBody.parse({ ...valid, password: '  spaced  ' }).password).toBe('  spaced  ');
  });
});

it('loginBody messages', () => {
  const issues = loginBody.safeParse({ identifier: '', password: '' }).error!.issues.map((issue) => issue.message);
  expect(issues).toEqual(['Email or phone is required', 'Password is required']);
});

it('profileUpdateBody: blank clears, absent keeps, unknown keys are dropped', () => {
  expect(profileUpdateBody.parse({ bio: '', website: '', isVerified: true })).toEqual({ bio: null, website: null });
  expect(profileUpdateBody.safeParse({ website: 'ftp://x.example' }).success).toBe(false);
});

describe('events', () => {
  const userId = randomUUID();

  it('round-trips a valid event', () => {
    const event = buildEvent('phone.verified', { userId, phone: '+14085550123' }, randomUUID(), new Date());
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('rejects an unknown type, a bad envelope and a bad payload', () => {
    expect(() => parseEvent({ id: randomUUID(), type: 'user.hacked', occurredAt: new Date().toISOString(), data: {} })).toThrow(InvalidEventError);
    expect(() => parseEvent({ id: 'nope', type: 'user.deleted', occurredAt: 'yesterday', data: { id: userId } })).toThrow(/invalid envelope/);
    expect(() => parseEvent({ id: randomUUID(), type: 'user.deleted', occurredAt: new Date().toISOString(), data: { id: 42 } })).toThrow(
      /invalid user.deleted payload/,
    );
  });

  it('refuses to build an event that breaks its contract', () => {
    expect(() => buildEvent('user.deleted', { id: 'x', version: 1 }, randomUUID(), new Date())).toThrow();
  });

  describe("a user event's preferredLanguage", () => {
    const user = { ...newAccount(userId), phone: '+14085550123', email: null, version: 3 };
    const envelope = (data: object) => ({ id: randomUUID(), type: 'user.updated', occurredAt: new Date().toISOString(), data });

    it('travels when set, and null when the account never chose', () => {
      expect(parseEvent(envelope({ ...user, preferredLanguage: 'vi' })).data).toMatchObject({ preferredLanguage: 'vi' });
      expect(parseEvent(envelope({ ...user, preferredLanguage: null })).data).toMatchObject({ preferredLanguage: null });
    });

    it('may be absent (an event from before it) and the event still parses whole', () => {
      const parsed = parseEvent(envelope(user)).data as Record<string, unknown>;
      expect(parsed).toEqual(user);
      expect(parsed.preferredLanguage).toBeUndefined();
    });

    it('reads a language this release does not know as absent, not as a broken event', () => {
      const parsed = parseEvent(envelope({ ...user, preferredLanguage: 'zh' })).data as Record<string, unknown>;
      expect(parsed.preferredLanguage).toBeUndefined();
      expect(parsed.phone).toBe(user.phone);
    });
  });
});

describe('preferredLanguage', () => {
  const register = { firstName: 'Lan', lastName: 'Nguyễn', phone: '(408) 555-0123', password: 'hunter22' };

  it('is one of LANGUAGES, optional at sign-up and in a profile edit', () => {
    expect(LANGUAGES).toEqual(['en', 'vi']);
    expect(registerBody.parse({ ...register, preferredLanguage: 'vi' }).preferredLanguage).toBe('vi');
    expect(registerBody.parse(register)).not.toHaveProperty('preferredLanguage');
    expect(profileUpdateBody.parse({ preferredLanguage: 'en' })).toEqual({ preferredLanguage: 'en' });
    expect(profileUpdateBody.parse({})).toEqual({});
  });

  it.each(['fr', 'VI', 'vi-VN', '', null, 1, ['vi'], { vi: true }])('refuses %j with one clear message', (value) => {
    for (const schema of [profileUpdateBody, registerBody]) {
      const issues = schema.safeParse({ ...register, preferredLanguage: value }).error!.issues;
      expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['preferredLanguage', 'Preferred language must be "en" or "vi"']]);
    }
  });

  it('in an answer, is null when auth did not send it or sent a language this build does not know', () => {
    const answer = { ...newAccount(randomUUID()), email: null, phone: null, bio: null, location: null, website: null };
    expect(userSchema.parse({ ...answer, preferredLanguage: 'vi' }).preferredLanguage).toBe('vi');
    expect(userSchema.parse(answer).preferredLanguage).toBeNull();
    expect(userSchema.parse({ ...answer, preferredLanguage: 'zh' }).preferredLanguage).toBeNull();
  });
});

describe('normalised ids and text', () => {
  const id = '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f';

  it('lower-cases every id a client sends, so one row is one identity', () => {
    expect(normalizeId(id.toUpperCase())).toBe(id);
    expect(normalizeId(` ${id} `)).toBe(id);
    expect(normalizeId('not-an-id')).toBeNull();
    expect(sendMessageBody.parse({ receiverId: id.toUpperCase(), content: 'Chào' }).receiverId).toBe(id);
    expect(reportBody.parse({ listingId: id.toUpperCase(), reason: 'spam' }).listingId).toBe(id);
    expect(parseConversationId(`${id.toUpperCase()}-ffffffff-ffff-4fff-8fff-ffffffffffff`)?.conversationId).toBe(`${id}-ffffffff-ffff-4fff-8fff-ffffffffffff`);
  });

  it('stores names and titles in NFC without bidi overrides or zero-width characters', () => {
    const decomposed = 'Pho\u031B\u0309 Bo\u0300'; // "Phở Bò" typed as base letters + combining marks
    const parsed = registerBody.parse({ firstName: 'Lan\u202E\u200B', lastName: decomposed, phone: '4085550100', password: 'password1' });
    expect(parsed.firstName).toBe('Lan');
    expect(parsed.lastName).toBe('Phở Bò');
    expect(parsed.lastName.length).toBe(6);
    expect(() => registerBody.parse({ firstName: '\u200B\u202E', lastName: 'x', phone: '4085550100', password: 'password1' })).toThrow(
      /First name is required/,
    );
  });
});
