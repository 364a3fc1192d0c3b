import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { SIGNED_IN_COOKIE } from '@vnmarket/proto';
import type { Knex, Logger, Outbox, SessionRegistry } from '@vnmarket/shared';
import type { AuthConfig } from './config';
import { deleteExpiredSessions, deleteSession, insertSession, isSessionOpen, liveSessions, sessionIdsOfUser } from './db/sessions';
import { sessionIdNamedBy, signSessionToken } from './tokens';
import { publishSessionRevoked } from './events/publish';

/**
 * Server-side sessions: a row in auth's sessions table (the durable record) and an entry in the shared
 * Redis registry (what every service checks). The cookie holds a signed token naming the session; beside
 * it goes SIGNED_IN_COOKIE, which the page can read (see auth-values.ts in proto).
 */
export class SessionManager {
  constructor(private readonly deps: { db: Knex; registry: SessionRegistry; outbox: Outbox; config: AuthConfig; clock: () => Date; logger: Logger }) {}

  private get cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.deps.config.COOKIE_SECURE, path: '/' };
  }

  private get signedInCookieOptions(): CookieOptions {
    return { ...this.cookieOptions, httpOnly: false };
  }

  /** Opens a session for the user and sets the cookie on the response. */
  async open(userId: string, req: Request, res: Response): Promise<void> {
    const { config, clock } = this.deps;
    const sessionId = randomBytes(24).toString('base64url');
    const ttl = config.SESSION_TTL_SECONDS;
    const now = clock();
    await insertSession(this.deps.db, {
      sid: sessionId,
      user_id: userId,
      sess: { userId, ip: req.ip, userAgent: req.get('user-agent')?.slice(0, 300), createdAt: now.toISOString() },
      expire: new Date(now.getTime() + ttl * 1000),
    });
    await this.deps.registry.activate(sessionId, userId, ttl);
    const token = signSessionToken({ privateKey: config.JWT_PRIVATE_KEY, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE }, userId, sessionId, ttl);
    res.cookie(config.SESSION_COOKIE_NAME, token, { ...this.cookieOptions, maxAge: ttl * 1000 });
    this.setSignedInCookie(res, ttl * 1000);
  }

  /** Sets SIGNED_IN_COOKIE to live until the session expires (expiresAt: epoch ms). */
  markSignedInUntil(res: Response, expiresAt: number): void {
    this.setSignedInCookie(res, expiresAt - this.deps.clock().getTime());
  }

  private setSignedInCookie(res: Response, maxAge: number): void {
    if (maxAge > 0) res.cookie(SIGNED_IN_COOKIE, '1', { ...this.signedInCookieOptions, maxAge });
  }

  /**
   * Whether a refused request's cookies name nothing that may come back, so they can be cleared: the
   * signed-in cookie alone, a token that names no session, or a session auth's table no longer holds open.
   * A session the table still holds may only be missing from Redis (flushed, not yet refilled): its
   * cookies stay, or a Redis restart would sign everyone out for good.
   */
  async cookiesOutlivedTheirSession(req: Request): Promise<boolean> {
    const token: unknown = req.cookies?.[this.deps.config.SESSION_COOKIE_NAME];
    if (typeof token !== 'string') return req.cookies?.[SIGNED_IN_COOKIE] !== undefined;
    const sessionId = sessionIdNamedBy(token);
    return sessionId === undefined || !(await isSessionOpen(this.deps.db, sessionId, this.deps.clock()));
  }

  /**
   * Signs a session out everywhere: the registry first (what every service checks: if Redis cannot be
   * reached the sign-out fails and says so, rather than report success while the token still works),
   * then the row and session.revoked for open WebSockets.
   */
  async close(sessionId: string, userId: string): Promise<void> {
    await this.deps.registry.revoke(sessionId);
    await this.deps.db.transaction(async (trx) => {
      await deleteSession(trx, sessionId);
      await publishSessionRevoked(this.deps.outbox, trx, sessionId, userId);
    });
  }

  /**
   * Signs a member out of every session inside the caller's transaction (a suspension): the registry
   * first, as close() does, then the rows and a session.revoked each. A rollback leaves them revoked in the
   * registry only, and the redelivered event repeats it.
   */
  async closeAllOf(trx: Knex.Transaction, userId: string): Promise<void> {
    const sessionIds = await sessionIdsOfUser(trx, userId);
    await this.deps.registry.revoke(...sessionIds);
    for (const sessionId of sessionIds) {
      await deleteSession(trx, sessionId);
      await publishSessionRevoked(this.deps.outbox, trx, sessionId, userId);
    }
  }

  /** Revokes sessions in the registry; call before deleting what they belong to (it may fail). */
  async forget(sessionIds: string[]): Promise<void> {
    await this.deps.registry.revoke(...sessionIds);
  }

  /** Clears the session cookie and SIGNED_IN_COOKIE. */
  clearCookie(res: Response): void {
    res.clearCookie(this.deps.config.SESSION_COOKIE_NAME, this.cookieOptions);
    res.clearCookie(SIGNED_IN_COOKIE, this.signedInCookieOptions);
  }

  async sessionIdsOf(userId: string): Promise<string[]> {
    return sessionIdsOfUser(this.deps.db, userId);
  }

  /**
   * Redis keeps nothing on disk: after it restarts, the registry is refilled from the table so signed-in
   * users stay signed in. Also drops expired rows.
   */
  async syncRegistry(): Promise<number> {
    const now = this.deps.clock();
    await deleteExpiredSessions(this.deps.db, now);
    const sessions = await liveSessions(this.deps.db, now);
    for (const session of sessions) {
      await this.deps.registry.activate(session.sid, session.user_id, (session.expire.getTime() - now.getTime()) / 1000);
    }
    this.deps.logger.info({ sessions: sessions.length }, 'session registry synchronised');
    return sessions.length;
  }
}
