import { VerificationCodes, smsText } from '../src/codes';

const codes = new VerificationCodes('a-long-random-test-secret-0123456789abcdef');
const USER = '7d6f5c1e-0000-4000-8000-000000000000';
const PHONE = '+14085550123';

it('draws six-digit codes, keeping leading zeros, from the whole range', () => {
  const drawn = Array.from({ length: 5000 }, () => codes.generate());
  expect(drawn.every((code) => /^\d{6}$/.test(code))).toBe(true);
  expect(drawn.some((code) => code.startsWith('0'))).toBe(true);
  expect(new Set(drawn).size).toBeGreaterThan(4950);
});

it('matches a code only against its own hash, user and phone', () => {
  const hash = codes.hash('012345', USER, PHONE);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(codes.matches(hash, '012345', USER, PHONE)).toBe(true);
  expect(codes.matches(hash, '012346', USER, PHONE)).toBe(false);
  expect(codes.matches(hash, '012345', USER, '+14085550124')).toBe(false);
  expect(codes.matches(hash, '012345', '7d6f5c1e-0000-4000-8000-000000000001', PHONE)).toBe(false);
  expect(codes.matches(hash.slice(0, 10), '012345', USER, PHONE)).toBe(false);
  expect(new VerificationCodes('another-long-random-secret-0123456789abcd').matches(hash, '012345', USER, PHONE)).toBe(false);
});

it('fits the SMS in one UCS-2 segment', () => {
  expect(smsText('123456')).toBe('Chợ Việt: your verification code is 123456. It expires in 10 minutes.');
  expect(smsText('123456').length).toBeLessThanOrEqual(70);
});

it("writes the SMS in the account's language: Vietnamese for vi, English otherwise", () => {
  const vietnamese = 'Mã xác minh Chợ Việt của bạn là 123456. Mã có hiệu lực trong 10 phút.';
  expect(smsText('123456', 'vi')).toBe(vietnamese);
  // One character per letter (precomposed), so the length is what a UCS-2 segment counts.
  expect(smsText('123456', 'vi')).toBe(smsText('123456', 'vi').normalize('NFC'));
  expect(smsText('123456', 'vi').length).toBeLessThanOrEqual(70);
  for (const language of ['en', null] as const) expect(smsText('123456', language)).toBe(smsText('123456'));
});
