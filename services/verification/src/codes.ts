import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, type Language } from '@vnmarket/proto';

/** A code is good for ten minutes and five wrong guesses. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;

/**
 * The text of the code's SMS in the account's language (English when it never chose). Each is one SMS
 * segment even in UCS-2 (the Vietnamese letters make it UCS-2): at most 70 characters, in NFC so every
 * letter is one character.
 */
export function smsText(code: string, language: Language | null = null): string {
  const minutes = CODE_TTL_MS / 60_000;
  if (language === 'vi') return `Mã xác minh Chợ Việt của bạn là ${code}. Mã có hiệu lực trong ${minutes} phút.`;
  return `Chợ Việt: your verification code is ${code}. It expires in ${minutes} minutes.`;
}

/**
 * Codes come from the CSPRNG and are kept only as HMAC-SHA256 under a server secret, bound to the user
 * and the number they were sent to: the table alone does not reveal them, even by trying all million.
 */
export class VerificationCodes {
  constructor(private readonly secret: string) {}

  /** Uniform over 000000–999999 (leading zeros kept). */
  generate(): string {
    return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
  }

  hash(code: string, userId: string, phone: string): string {
    return this.digest(code, userId, phone).toString('hex');
  }

  /** Constant-time comparison with the stored hash. */
  matches(storedHash: string, code: string, userId: string, phone: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = this.digest(code, userId, phone);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private digest(code: string, userId: string, phone: string): Buffer {
    return createHmac('sha256', this.secret).update(`${userId}\n${phone}\n${code}`).digest();
  }
}
