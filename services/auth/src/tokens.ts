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
