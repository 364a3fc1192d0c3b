import { Router } from 'express';
import { deleteAccountBody, profileUpdateBody, registerBody, SIGNED_IN_COOKIE } from '@vnmarket/proto';
import {
  clientAddressKey,
  requireOwnPhotos,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  parseInput,
  pathId,
  personalAnswer,
  unauthorized,
} from '@vnmarket/shared';
import { sellersReviewedBy } from '../db/reviews';
import {
  deleteUser,
  duplicateUserMessage,
  phoneVerifiedByOther,
  findUserById,
  registrationConflict,
  insertUser,
  lockUserById,
  refreshRating,
  toPublicUser,
  toUser,
  updateUser,
  type ProfileChanges,
} from '../db/users';
import { publishProfile, publishUserDeleted } from '../events/publish';
import { forgetConversationsOf } from '../db/conversation-partners';
import type { AuthContext } from '../service-context';
import { checkPasswordThrottled } from './sessions';

const USER_NOT_FOUND = 'User not found';
const TOO_MANY_SIGN_UPS = 'Too many accounts created from this network. Please try again later.';

/** Accounts: sign-up, the signed-in user, profile edits and account deletion. */
export function usersRoutes(ctx: AuthContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.post('/api/register', personalAnswer, async (req, res) => {
    const client = clientAddressKey(req.ip);
    const body = parseInput(registerBody, req.body);
    // Once an address has spent its refusals, every sign-up from it is refused alike, so a 429 says
    // nothing about whether the number is taken.
    await ctx.limits.duplicateRegistrationsPerIp.check(client, TOO_MANY_SIGN_UPS);
    // Duplicates are counted apart: someone retrying with their own number (or a load test re-running)
    // must not spend the address's allowance of new accounts, while probing for taken numbers stays
    // bounded by an allowance of its own.
    const duplicate = await registrationConflict(ctx.db, body);
    if (duplicate) {
      await ctx.limits.duplicateRegistrationsPerIp.consume(client, TOO_MANY_SIGN_UPS);
      throw conflict(duplicate, 'account_exists');
    }
    await ctx.limits.registrationsPerIp.consume(client, TOO_MANY_SIGN_UPS);
    const password = await ctx.passwords.hash(body.password);
    const user = await ctx.db
      .transaction(async (trx) => {
        const row = await insertUser(trx, {
          email: body.email ?? null,
          phone: body.phone,
          password,
          first_name: body.firstName,
          last_name: body.lastName,
          preferred_language: body.preferredLanguage ?? null,
        });
        await publishProfile(ctx.outbox, trx, 'user.registered', row);
        return row;
      })
      .catch(async (error: { constraint?: string }) => {
        const message = isUniqueViolation(error) ? duplicateUserMessage(error.constraint) : undefined;
        if (!message) throw error;
        // A parallel sign-up took the number or email first: a duplicate after all.
        await ctx.limits.registrationsPerIp.refund(client);
        await ctx.limits.duplicateRegistrationsPerIp.consume(client, TOO_MANY_SIGN_UPS);
        throw conflict(message, 'account_exists');
      });
    await ctx.sessions.open(user.id, req, res);
    res.status(201).json(toUser(user));
  });

  // The page asks this only while SIGNED_IN_COOKIE is there (see auth-values.ts in proto). A session that is
  // gone (expired, signed out on another device, its account deleted) clears the cookies, so it stops asking;
  // a live one without the signed-in cookie (set before it existed, or deleted) gets it back. A live session
  // whose user row is gone is an account being deleted: its cookies go too.
  router.get('/api/auth/user', personalAnswer, async (req, res) => {
    const session = await ctx.authenticator.fromRequest(req);
    const user = session ? await findUserById(ctx.db, session.userId) : undefined;
    if (!session || !user) {
      if (session || (await ctx.sessions.cookiesOutlivedTheirSession(req))) ctx.sessions.clearCookie(res);
      throw unauthorized();
    }
    if (req.cookies?.[SIGNED_IN_COOKIE] === undefined && session.expiresAt !== undefined) ctx.sessions.markSignedInUntil(res, session.expiresAt);
    res.json(toUser(user));
  });

  router.patch('/api/users/profile', requireAuth, async (req, res) => {
    const body = parseInput(profileUpdateBody, req.body);
    const userId = req.session!.userId;
    const user = await ctx.db
      .transaction(async (trx) => {
        const current = await lockUserById(trx, userId);
        if (!current) throw unauthorized();
        const changes: ProfileChanges = {};
        if (body.firstName !== undefined) changes.first_name = body.firstName;
        if (body.lastName !== undefined) changes.last_name = body.lastName;
        if (body.profileImageUrl !== undefined) {
          requireOwnPhotos([body.profileImageUrl], userId);
          changes.profile_image_url = body.profileImageUrl;
        }
        if (body.bio !== undefined) changes.bio = body.bio;
        if (body.location !== undefined) changes.location = body.location;
        if (body.website !== undefined) changes.website = body.website;
        if (body.preferredLanguage !== undefined) changes.preferred_language = body.preferredLanguage;
        if (body.phone !== undefined && body.phone !== current.phone) {
          if (await phoneVerifiedByOther(trx, body.phone, userId)) throw conflict('An account with this phone number already exists', 'account_exists');
          // A new number is unproven until it is verified again.
          Object.assign(changes, { phone: body.phone, phone_verified: false, phone_verified_at: null, is_verified: false });
        }
        const updated = (await updateUser(trx, userId, changes))!;
        await publishProfile(ctx.outbox, trx, 'user.updated', updated);
        return updated;
      })
      .catch((error: { constraint?: string }) => {
        const message = isUniqueViolation(error) ? duplicateUserMessage(error.constraint) : undefined;
        throw message ? conflict(message, 'account_exists') : error;
      });
    res.json(toUser(user));
  });

  // A public profile (the seller card links here): anyone may read it, signed in or not.
  router.get('/api/users/:userId', async (req, res) => {
    const user = await findUserById(ctx.db, pathId(req.params.userId, USER_NOT_FOUND));
    if (!user) throw notFound(USER_NOT_FOUND);
    res.json(toPublicUser(user));
  });

  router.delete('/api/users/profile', requireAuth, async (req, res) => {
    const body = parseInput(deleteAccountBody, req.body);
    const userId = req.session!.userId;
    const current = await findUserById(ctx.db, userId);
    if (!current) throw unauthorized();
    // The sign-in limiters count this check too: a stolen cookie gets no unlimited password oracle, and a loop
    // of wrong passwords is refused before argon2 runs (it would stall everyone's sign-in).
    if (!(await checkPasswordThrottled(ctx, req, current, body.password))) throw forbidden('Password is incorrect', 'wrong_password');
    // Sessions die first: if Redis cannot be reached the deletion fails whole, and a deleted account
    // never keeps a token that other services would still accept.
    const sessionIds = await ctx.sessions.sessionIdsOf(userId);
    await ctx.sessions.forget(sessionIds);
    await ctx.db.transaction(async (trx) => {
      const reviewedSellers = await sellersReviewedBy(trx, userId);
      await forgetConversationsOf(trx, userId);
      const version = await deleteUser(trx, userId);
      for (const sellerId of reviewedSellers) {
        const seller = await refreshRating(trx, sellerId);
        if (seller) await publishProfile(ctx.outbox, trx, 'user.updated', seller);
      }
      if (version !== null) await publishUserDeleted(ctx.outbox, trx, userId, version);
    });
    ctx.sessions.clearCookie(res);
    res.json({ message: 'Account deleted' });
  });

  return router;
}
