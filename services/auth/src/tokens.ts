import jwt from 'jsonwebtoken';
import { SESSION_TOKEN_ALGORITHM } from '@vnmarket/shared';

export interface TokenSettings {
  privateKey: string;
  issuer: string;
  audience: string;
}

/** Mints the signed session cookie value; the session id inside is what sign-out revokes. */
export function signSessionToken(settings: TokenSettings, userId: string, sessionId: string, ttlSeconds: number): string {
  return jwt.sign({}, settings.privateKey, {
    algorithm: SESSION_TOKEN_ALGORITHM,
    subject: userId,
    jwtid: sessionId,
    issuer: settings.issuer,
    audience: settings.audience,
    expiresIn: ttlSeconds,
  });
}

/**
 * The session id a cookie's token names, read without verifying it: only to tell whether its session may
 * still be open, never to let anyone in (a forged id only keeps a forger's own cookies).
 */
export function sessionIdNamedBy(token: string): string | undefined {
  const claims = jwt.decode(token);
  return claims !== null && typeof claims === 'object' && typeof claims.jti === 'string' ? claims.jti : undefined;
}
