import { setTimeout as sleep } from 'node:timers/promises';
import { Router } from 'express';
import { verifyCodeBody } from '@vnmarket/proto';
import { badRequest, clientAddressKey, conflict, consumeAll, HttpError, notFound, parseInput, serviceUnavailable } from '@vnmarket/shared';
import { CODE_TTL_MS, MAX_WRONG_ATTEMPTS, smsText } from '../codes';
import { consumeCode, insertCode, lockLatestCode, recordWrongAttempt, retireCode, retireLiveCodes, type CodeRow } from '../db/codes';
import { findContact, lockContact, markPhoneVerified, phoneVerifiedElsewhere, type ContactRow } from '../db/contacts';
import { publishPhoneVerified } from '../events/publish';
import type { VerificationContext } from '../service-context';

/** What clients see; the web app shows them after "Verification failed" / in the send-failure toast. */
export const MESSAGES = {
  sent: 'Verification code sent',
  verified: 'Your phone number has been verified',
  phoneUnknown: "We don't have your phone number on file yet. Please try again in a moment.",
  alreadyVerified: 'Your phone number is already verified',
  tooManyForUser: 'Too many verification codes requested. Please try again later.',
  tooManyForPhone: 'Too many verification codes sent to this phone number. Please try again later.',
  tooManyFromNetwork: 'Too many verification requests from your network. Please try again later.',
  notSent: 'We could not send the verification code. Please try again later.',
  noCode: 'No verification code has been sent. Please request a new code.',
  invalid: 'Invalid verification code',
  used: 'This verification code has already been used. Please request a new code.',
  tooManyAttempts: 'Too many incorrect attempts. Please request a new code.',
  expired: 'This verification code has expired. Please request a new code.',
  phoneChanged: 'Your phone number has changed. Please request a new code.',
  waitSeconds: (seconds: number) => `Please wait ${seconds} seconds before requesting another code`,
  noPhone: 'Add your phone number to your profile first',
  numberTaken: 'This phone number is already verified on another account',
  countryNotSupported: (codes: string[]) => `We can send verification codes only to numbers starting with ${codes.map((code) => `+${code}`).join(' or ')}`,
  smsBudgetSpent: 'We are sending too many verification codes right now. Please try again later.',
} as const;

/** Phone verification: send a code by SMS to the number on file, then check it. */
export function phoneRoutes(ctx: VerificationContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.post('/api/phone/send-verification', requireAuth, async (req, res) => {
    const userId = req.session!.userId;
    const contact = await contactOnFile(ctx, userId);
    if (!contact) throw notFound(MESSAGES.phoneUnknown);
    if (contact.phone_verified) throw badRequest(MESSAGES.alreadyVerified);
    if (!contact.phone) throw badRequest(MESSAGES.noPhone);
    if (!ctx.config.SMS_ALLOWED_COUNTRY_CODES.some((code) => contact.phone.startsWith(`+${code}`)))
      throw badRequest(MESSAGES.countryNotSupported(ctx.config.SMS_ALLOWED_COUNTRY_CODES));
    if (await phoneVerifiedElsewhere(ctx.db, contact.phone, userId)) throw conflict(MESSAGES.numberTaken, 'phone_taken');
    await consumeAll([
      { limit: ctx.limits.userInterval, key: userId, message: MESSAGES.waitSeconds(ctx.config.VERIFICATION_SEND_INTERVAL_SECONDS) },
      { limit: ctx.limits.userHourly, key: userId, message: MESSAGES.tooManyForUser },
      { limit: ctx.limits.phoneHourly, key: contact.phone, message: MESSAGES.tooManyForPhone },
      { limit: ctx.limits.ipHourly, key: clientAddressKey(req.ip), message: MESSAGES.tooManyFromNetwork },
      { limit: ctx.limits.smsHourly, key: 'all', message: MESSAGES.smsBudgetSpent },
    ]);

    const code = ctx.codes.generate();
    const { stored, language } = await ctx.db.transaction(async (trx) => {
      const current = await lockContact(trx, userId);
      if (!current) throw notFound(MESSAGES.phoneUnknown);
      if (current.phone_verified) throw badRequest(MESSAGES.alreadyVerified);
      const now = ctx.clock();
      await retireLiveCodes(trx, userId, 'superseded', now);
      const row = await insertCode(trx, {
        user_id: userId,
        phone: current.phone,
        code_hash: ctx.codes.hash(code, userId, current.phone),
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
      });
      return { stored: row, language: current.preferred_language };
    });

    try {
      // In the account's language; the answers below stay English (the web translates them).
      await ctx.sms.send(stored.phone, smsText(code, language));
    } catch (error) {
      ctx.logger.error({ err: error, provider: ctx.sms.name, userId }, 'verification SMS not sent');
      await retireCode(ctx.db, stored.id, 'undelivered', ctx.clock());
      throw serviceUnavailable(MESSAGES.notSent);
    }
    res.json({ message: MESSAGES.sent });
  });

  router.post('/api/phone/verify-code', requireAuth, async (req, res) => {
    const { code } = parseInput(verifyCodeBody, req.body);
    const userId = req.session!.userId;
    // A wrong guess must be counted even though the answer is an error: decide inside, throw after commit.
    const refusal = await ctx.db.transaction(async (trx): Promise<HttpError | undefined> => {
      const contact = await findContact(trx, userId);
      if (contact?.phone_verified) return badRequest(MESSAGES.alreadyVerified);
      const latest = await lockLatestCode(trx, userId);
      const now = ctx.clock();
      const unusable = latest ? whyUnusable(latest, contact?.phone, now) : MESSAGES.noCode;
      if (unusable) return badRequest(unusable);
      const row = latest!;
      if (!ctx.codes.matches(row.code_hash, code, userId, row.phone)) {
        await recordWrongAttempt(trx, row, MAX_WRONG_ATTEMPTS, now);
        return badRequest(MESSAGES.invalid);
      }
      await consumeCode(trx, row.id, now);
      await markPhoneVerified(trx, userId, row.phone);
      // auth sets phoneVerified (and isVerified) when the number is still the one on file.
      await publishPhoneVerified(ctx.outbox, trx, userId, row.phone);
      return undefined;
    });
    if (refusal) throw refusal;
    res.json({ message: MESSAGES.verified });
  });

  return router;
}

/**
 * The web app sends a code as soon as sign-up lands on /verify-phone, when the user.registered event
 * may still be on its way to this service's read copy: give it a moment before answering 404.
 */
async function contactOnFile(ctx: VerificationContext, userId: string, waitMs = 2000): Promise<ContactRow | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const contact = await findContact(ctx.db, userId);
    if (contact || Date.now() >= deadline) return contact;
    await sleep(100);
  }
}

/** Why the newest code cannot be checked at all, or undefined when it can. */
function whyUnusable(code: CodeRow, phoneOnFile: string | undefined, now: Date): string | undefined {
  if (code.consumed_at) return MESSAGES.used;
  switch (code.dead_reason) {
    case null:
      break;
    case 'too_many_attempts':
      return MESSAGES.tooManyAttempts;
    case 'phone_changed':
      return MESSAGES.phoneChanged;
    default:
      return MESSAGES.noCode;
  }
  if (code.phone !== phoneOnFile) return MESSAGES.phoneChanged;
  if (code.expires_at.getTime() <= now.getTime()) return MESSAGES.expired;
  return undefined;
}
