import { Router, type Request } from 'express';
import { loginBody, normalizePhone } from '@vnmarket/proto';
import { clientAddressKey, forbidden, invalidCredentials, parseInput, personalAnswer } from '@vnmarket/shared';
import { candidatesForIdentifier, toUser, type UserRow } from '../db/users';
import type { AuthContext } from '../service-context';

const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const ACCOUNT_SUSPENDED = 'This account has been suspended by a moderator.';

/** "Email or phone": an @ means email; anything else is read as a phone number. */
function parseIdentifier(identifier: string): { email?: string; phone?: string; key: string } {
  if (identifier.includes('@')) {
    const email = identifier.trim().toLowerCase();
    return { email, key: email };
  }
  const phone = normalizePhone(identifier) ?? undefined;
  return { phone, key: phone ?? identifier.trim() };
}

/**
 * What sign-in attempts are counted against: the account, however it is named. An email naming an account
 * counts against that account's phone number (what signing in by phone counts against), or its id when it
 * has none, so switching between email and phone gives no second allowance. A name that matches no account
 * is counted against itself.
 */
function attemptsKey(identifier: { email?: string; key: string }, candidates: Pick<UserRow, 'id' | 'phone'>[]): string {
  const account = identifier.email ? candidates[0] : undefined;
  if (!account) return identifier.key;
  return account.phone ?? `user:${account.id}`;
}

/**
 * Checks a signed-in member's password (account deletion) under the sign-in limiters: the client's attempts,
 * and the failures for this account from this client and from anywhere, all counted before argon2 runs.
 * A correct password gives back its hits, as a successful sign-in does.
 */
export async function checkPasswordThrottled(
  ctx: AuthContext,
  req: Request,
  account: Pick<UserRow, 'id' | 'phone' | 'password'>,
  password: string,
): Promise<boolean> {
  const client = clientAddressKey(req.ip);
  const key = account.phone ?? `user:${account.id}`;
  const pair = `${key}|${client}`;
  await ctx.limits.loginAttemptsPerIp.consume(client, TOO_MANY_ATTEMPTS);
  await ctx.limits.loginFailuresPerClient.consume(pair, TOO_MANY_ATTEMPTS);
  await ctx.limits.loginFailuresPerIdentifier.consume(key, TOO_MANY_ATTEMPTS);
  if (!(await ctx.passwords.verify(account.password, password))) return false;
  await ctx.limits.loginFailuresPerClient.reset(pair);
  await ctx.limits.loginFailuresPerIdentifier.refund(key);
  return true;
}

/** Signing in and out. */
export function sessionsRoutes(ctx: AuthContext): Router {
  const router = Router();

  // Gated screens send visitors here to start signing in; the sign-in screen is the web app's /login.
  router.get('/api/login', (_req, res) => {
    res.redirect(302, '/login');
  });

  router.post('/api/login', personalAnswer, async (req, res) => {
    const body = parseInput(loginBody, req.body);
    const identifier = parseIdentifier(body.identifier);
    const client = clientAddressKey(req.ip);
    await ctx.limits.loginAttemptsPerIp.consume(client, TOO_MANY_ATTEMPTS);
    const candidates = await candidatesForIdentifier(ctx.db, identifier);
    const account = attemptsKey(identifier, candidates);
    const pair = `${account}|${client}`;
    // Every attempt is counted atomically BEFORE the password is hashed, so a burst of parallel guesses
    // cannot all be checked before the first failure is recorded; a success gives its hits back.
    await ctx.limits.loginFailuresPerClient.consume(pair, TOO_MANY_ATTEMPTS);
    await ctx.limits.loginFailuresPerIdentifier.consume(account, TOO_MANY_ATTEMPTS);
    let user: UserRow | undefined;
    for (const candidate of candidates) {
      if (await ctx.passwords.verify(candidate.password, body.password)) {
        user = candidate;
        break;
      }
    }
    if (candidates.length === 0) await ctx.passwords.verifyAgainstNothing(body.password);
    // Same status and body whether the account exists or not.
    if (!user) throw invalidCredentials();
    await ctx.limits.loginFailuresPerClient.reset(pair);
    await ctx.limits.loginFailuresPerIdentifier.refund(account);
    // Said only to whoever knows the password, so it tells a stranger nothing about the account.
    if (user.suspended_at) throw forbidden(ACCOUNT_SUSPENDED, 'account_suspended');
    await ctx.sessions.open(user.id, req, res);
    res.json(toUser(user));
  });

  router.post('/api/logout', async (req, res) => {
    const session = await ctx.authenticator.fromRequest(req);
    if (session) await ctx.sessions.close(session.sessionId, session.userId);
    ctx.sessions.clearCookie(res);
    res.json({ message: 'Signed out' });
  });

  return router;
}
