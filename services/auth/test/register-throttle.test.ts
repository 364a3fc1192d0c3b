import { newUser, registered, startAuth, type RunningAuth } from '@vnmarket/testkit';
import { BEHIND_PROXY, newAddresses } from './support';

/** A small sign-up allowance (3 an hour per address), and each test from its own address. */
let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('register-throttle', { ...BEHIND_PROXY, REGISTER_MAX_PER_IP_PER_HOUR: '3' });
});
afterAll(() => auth.stop());

const fromNewAddress = newAddresses('198.51.100');
const TOO_MANY_SIGN_UPS = 'Too many accounts created from this network. Please try again later.';
const PHONE_TAKEN = 'An account with this phone number already exists';
const EMAIL_TAKEN = 'An account with this email already exists';

const signUp = (body: Record<string, unknown>, headers: Record<string, string>) => auth.client().post('/api/register', body, headers);

async function countAccounts(): Promise<number> {
  const [row] = await auth.infrastructure.db('users').count<{ count: string }[]>('id as count');
  return Number(row!.count);
}

/** An account whose number is verified, so signing up with it again is a duplicate (registered from elsewhere). */
async function ownerOfVerifiedNumber(email?: string) {
  const owner = await registered(auth, email ? { email } : {}, fromNewAddress());
  await auth.infrastructure.db('users').where({ id: owner.user.id }).update({ phone_verified: true });
  return owner;
}

describe('sign-up throttling per address', () => {
  it('duplicates do not use up the allowance; a new sign-up past it is refused with 429', async () => {
    const owner = await ownerOfVerifiedNumber('taken@example.com');
    const home = fromNewAddress();
    const phoneAgain = await signUp(newUser({ phone: owner.phone }), home);
    expect(phoneAgain.status).toBe(409);
    expect(phoneAgain.body).toMatchObject({ message: PHONE_TAKEN });
    const emailAgain = await signUp(newUser({ email: 'TAKEN@example.com' }), home);
    expect(emailAgain.status).toBe(409);
    expect(emailAgain.body).toMatchObject({ message: EMAIL_TAKEN });

    // The whole allowance of new accounts is still there: three sign-ups succeed.
    for (let i = 0; i < 3; i += 1) expect((await signUp(newUser(), home)).status).toBe(201);
    const accountsBefore = await countAccounts();
    const fourth = await signUp(newUser(), home);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: TOO_MANY_SIGN_UPS, code: 'rate_limited' });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refusal created nothing, and another address is not affected.
    expect(await countAccounts()).toBe(accountsBefore);
    expect((await signUp(newUser(), fromNewAddress())).status).toBe(201);
  });

  it('probing for registered numbers stays bounded: after the allowance of refusals every sign-up gets 429', async () => {
    const owners = await Promise.all([ownerOfVerifiedNumber(), ownerOfVerifiedNumber(), ownerOfVerifiedNumber(), ownerOfVerifiedNumber()]);
    const prober = fromNewAddress();
    for (const owner of owners.slice(0, 3)) expect((await signUp(newUser({ phone: owner.phone }), prober)).status).toBe(409);
    // Taken or free, the answer is now the same, so it reveals nothing about the number.
    const taken = await signUp(newUser({ phone: owners[3]!.phone }), prober);
    const free = await signUp(newUser(), prober);
    for (const refused of [taken, free]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: TOO_MANY_SIGN_UPS, code: 'rate_limited' });
    }
  });

  it('bad input is answered with 400 and costs nothing', async () => {
    const home = fromNewAddress();
    for (let i = 0; i < 5; i += 1) {
      const response = await signUp(newUser({ password: 'short' }), home);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Password must be at least 8 characters/);
    }
    for (let i = 0; i < 3; i += 1) expect((await signUp(newUser(), home)).status).toBe(201);
  });
});
