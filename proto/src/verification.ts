import { z } from 'zod';

/** Phone verification by SMS code: the member asks for a code, then sends back its 6 digits. */

export const VERIFICATION_CODE_LENGTH = 6;

export const verifyCodeBody = z.object({
  code: z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? 'Please enter the verification code' : 'The verification code must be 6 digits'),
    })
    .min(1, { error: 'Please enter the verification code', abort: true })
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), `The verification code must be ${VERIFICATION_CODE_LENGTH} digits`),
});
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;
