import { createPublicKey } from 'node:crypto';
import type { RequestHandler, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import type { Knex } from './db';
import { unauthorized } from './errors';

/** Session tokens are ES256: only auth holds the private key, every service verifies with the public one. */
export const SESSION_TOKEN_ALGORITHM = 'ES256' as const;

export interface Session {
  userId: string;
  sessionId: string;
  /** When the token expires (ms since the epoch): long-lived connections must end then. */
  expiresAt?: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      session?: Session;
    }
  }
}

/**
 * The live-session list in Redis, written only by auth (sign-in, sign-out) and read by every service on
 * each authenticated request, so a signed-out token stops working everywhere at once. Auth keeps the
 * durable copy in its sessions table and re-fills Redis from it whenever Redis (re)connects.
 */
export class SessionRegistry {
  constructor(private readonly redis: Redis) {}

  private key(sessionId: string): string {
    return `session:${sessionId}`;
  }

  async activate(sessionId: string, userId: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds <= 0) return;
    await this.redis.set(this.key(sessionId), userId, 'EX', Math.ceil(ttlSeconds));
  }

  async revoke(...sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await this.redis.del(...sessionIds.map((id) => this.key(id)));
  }

  async ownerOf(sessionId: string): Promise<string | null> {
    return this.redis.get(this.key(sessionId));
  }

  /** ownerOf for many sessions in one round trip (a socket heartbeat re-checks all it holds). */
  async ownersOf(sessionIds: string[]): Promise<(string | null)[]> {
    if (sessionIds.length === 0) return [];
    return this.redis.mget(...sessionIds.map((id) => this.key(id)));
  }
}

/**
 * Marks an answer as about the signed-in member: no browser, proxy or shared cache may keep it (a shared
 * computer's next user, or a cache between the member and us, would otherwise be given it).
 */
export function markPersonal(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
}

/** markPersonal as a middleware, for routes that read the session themselves rather than through requireAuth. */
export const personalAnswer: RequestHandler = (_req, res, next) => {
  markPersonal(res);
  next();
};

/** A GET handler, after requireAuth, answering what `find` reads for the signed-in member (their saved listings, say). */
export function ownList(db: Knex, find: (db: Knex, userId: string) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    res.json(await find(db, req.session!.userId));
  };
}

export interface AuthenticatorOptions {
  publicKey: string;
  issuer: string;
  audience: string;
  cookieName: string;
  sessions: SessionRegistry;
  /** The clock expiry is judged by (ms since the epoch); Date.now by default. */
  now?: () => number;
  /** How many verified tokens are remembered (0: none); each costs about a kilobyte. */
  verifiedTokenCacheSize?: number;
}

/**
 * Tokens whose signature and claims were verified, by their exact text, until they expire: an ES256
 * verification costs about a tenth of a millisecond, and a member's every request (and a chat's every
 * message) carries the same token. Only the signature check is saved — whether the session is still live
 * is asked of Redis on every request. Bounded; the oldest entry makes room.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, Required<Session>>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number,
  ) {}

  get(token: string): Required<Session> | undefined {
    const entry = this.entries.get(token);
    if (entry && this.now() < entry.expiresAt) return entry;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, claims: Required<Session>): void {
    if (this.capacity <= 0) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, claims);
  }
}

export interface Authenticator {
  /** Verifies a token and that its session is still live; null when anything is off. */
  verify(token: string | undefined): Promise<Session | null>;
  fromRequest(req: Request): Promise<Session | null>;
  /** For requests that never pass through Express middleware, such as WebSocket upgrades. */
  fromCookieHeader(header: string | undefined): Promise<Session | null>;
  requireAuth: RequestHandler;
  optionalAuth: RequestHandler;
}

export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  // Parsed once: jsonwebtoken would otherwise re-parse the PEM on every request.
  const publicKey = createPublicKey(options.publicKey);
  const now = options.now ?? Date.now;
  const verified = new VerifiedTokens(options.verifiedTokenCacheSize ?? 10_000, now);

  /** The token's session as its signed claims say, or null when the token is not one of ours or has expired. */
  function signedSession(token: string): Required<Session> | null {
    const known = verified.get(token);
    if (known) return known;
    let claims: jwt.JwtPayload;
    try {
      const decoded = jwt.verify(token, publicKey, {
        algorithms: [SESSION_TOKEN_ALGORITHM],
        issuer: options.issuer,
        audience: options.audience,
        clockTimestamp: Math.floor(now() / 1000),
      });
      if (typeof decoded === 'string') return null;
      claims = decoded;
    } catch {
      return null;
    }
    const userId = claims.sub;
    const sessionId = claims.jti;
    if (typeof userId !== 'string' || typeof sessionId !== 'string' || typeof claims.exp !== 'number') return null;
    const session = { userId, sessionId, expiresAt: claims.exp * 1000 };
    verified.set(token, session);
    return session;
  }

  async function verify(token: string | undefined): Promise<Session | null> {
    const session = token ? signedSession(token) : null;
    if (!session) return null;
    const owner = await options.sessions.ownerOf(session.sessionId);
    // A copy: the remembered one must not change with what a caller does to its answer.
    return owner === session.userId ? { ...session } : null;
  }

  const fromRequest = (req: Request) => verify(req.cookies?.[options.cookieName]);

  return {
    verify,
    fromRequest,
    fromCookieHeader: (header) => verify(header ? parseCookie(header)[options.cookieName] : undefined),
    // Every answer of a route that needs a session is about its member: never kept by any cache.
    requireAuth: async (req, res, next) => {
      markPersonal(res);
      const session = await fromRequest(req);
      if (!session) return next(unauthorized());
      req.session = session;
      next();
    },
    optionalAuth: async (req, _res, next) => {
      req.session = (await fromRequest(req)) ?? undefined;
      next();
    },
  };
}
