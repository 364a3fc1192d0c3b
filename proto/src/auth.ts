import { z } from 'zod';
import { LANGUAGES } from './languages';
import { objectPathSchema } from './object-path';
import { idSchema, labelSchema, memberSummarySchema, textSchema } from './primitives';
import { reviewAnswerSchema } from './seller-trust';

/** Request and response bodies of the auth service: registration, sign-in, profiles and reviews. */

export * from './auth-values';
export * from './languages';

/**
 * Phone numbers are stored in E.164 form so "(408) 555-0123" and "4085550123" are the same account.
 * Ten-digit numbers are taken as North American (+1), which is where this marketplace lives.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

export const phoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(10, 'Phone number is required')
  .max(20, 'Phone number must be at most 20 characters')
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid phone number' });
      return z.NEVER;
    }
    return phone;
  });

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** In an update form an emptied field means "clear it", not "leave it". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const emailSchema = z
  .string()
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

/** The account's language (LANGUAGES): what its texts (the verification SMS) are written in. */
export const languageSchema = z.enum(LANGUAGES, { error: `Preferred language must be ${LANGUAGES.map((language) => `"${language}"`).join(' or ')}` });

export const registerBody = z.object({
  firstName: labelSchema({ error: 'First name is required' }).min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: labelSchema({ error: 'Last name is required' }).min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'),
  phone: phoneSchema,
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(255, 'Password must be at most 255 characters'),
  /** The language the sign-up page was in, so an account made in Vietnamese starts in Vietnamese. Optional. */
  preferredLanguage: languageSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  identifier: z.string({ error: 'Email or phone is required' }).trim().min(1, 'Email or phone is required').max(255, 'Email or phone is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(255, 'Password is too long'),
});
export type LoginBody = z.input<typeof loginBody>;

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToNull, textSchema().max(max, `${label} must be at most ${max} characters`).nullable().optional());

export const profileUpdateBody = z.object({
  firstName: labelSchema().min(1, 'First name is required').max(100, 'First name must be at most 100 characters').optional(),
  lastName: labelSchema().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters').optional(),
  profileImageUrl: z.preprocess(blankToNull, objectPathSchema.nullable().optional()),
  bio: optionalText(2000, 'Bio'),
  phone: phoneSchema.optional(),
  location: optionalText(255, 'Location'),
  website: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(255, 'Website must be at most 255 characters')
      .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid website address' }))
      .nullable()
      .optional(),
  ),
  preferredLanguage: languageSchema.optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const deleteAccountBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(255, 'Password is too long'),
});

export const reviewBody = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: optionalText(2000, 'Comment'),
  listingId: z.preprocess(blankToUndefined, idSchema('Invalid listing id').nullable().optional()),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** The signed-in user as GET /api/auth/user returns it. Never carries the password. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  phoneVerified: z.boolean(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  isVerified: z.boolean(),
  /**
   * Null until the account chooses (sign-up or profile); treated as English. An answer without it (an auth
   * release before it) or with a language this build does not know reads as null, so a rolling upgrade or a
   * rollback never breaks a signed-in page.
   */
  preferredLanguage: z.enum(LANGUAGES).nullable().catch(null),
  /** Out of 5, one decimal (4.3); 0 before the first review. */
  averageRating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Granted by an operator's command only (never by the API); opens the moderation queue. */
  isModerator: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/users/{userId}: what anyone may see of an account (no email, phone or verification state). */
export const publicUserSchema = userSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  bio: true,
  location: true,
  website: true,
  isVerified: true,
  averageRating: true,
  reviewCount: true,
  createdAt: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  reviewerId: z.uuid(),
  listingId: z.uuid().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  reviewer: memberSummarySchema,
  /** The seller's one answer, or null. An answer from an auth release before answers reads as null. */
  answer: reviewAnswerSchema.nullable().catch(null),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * GET /api/users/{userId}/reviews/eligibility: whether the signed-in user may review this seller; if not,
 * why (`code`: a key of REVIEW_REFUSALS, and its English `reason`).
 */
export const reviewEligibilitySchema = z.object({ canReview: z.boolean(), reason: z.string().optional(), code: z.string().optional() });
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;
