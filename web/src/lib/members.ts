/**
 * Members: what anyone may see of one (the public profile, how soon they reply), and what the signed-in
 * member does to their own account: edit the profile, verify the phone, block and unblock others. How the
 * screens show a member (names, dates, links) is ./users.ts.
 */
import type { ProfileUpdateBody, User } from '@vnmarket/proto/auth';
import type { VerifyCodeBody } from '@vnmarket/proto/verification';
import { mutate } from 'swr';
import { apiRequest, apiRequestParsed, lazyContract, listOf } from './api';
import { isInboxKey, isReviewsKey, keys } from './cache-keys';
import { patchCachedSeller } from './cache-writes';
import { keyedRead } from './keyed-read';
import { useParsed } from './queries';
import { refreshCurrentUser } from './session';

const blockedListSchema = lazyContract((schemas) => listOf(schemas.blockedMemberSchema));
const userSchema = lazyContract((schemas) => schemas.userSchema);

/** What anyone may see of a member. */
export const usePublicUser = keyedRead(
  keys.publicUser,
  lazyContract((schemas) => schemas.publicUserSchema),
);

/** How soon a member typically replies to messages (messaging's figure; the seller card says it). */
export const useReplyTime = keyedRead(
  keys.replyTime,
  lazyContract((schemas) => schemas.replyTimeSchema),
);

/** The members the signed-in member has blocked, newest first. */
export function useBlockedMembers(enabled: boolean) {
  return useParsed(enabled ? keys.blockedMembers : null, blockedListSchema);
}

/**
 * Saves the member's profile. The answer becomes the current user; their public profile and the reviews
 * they wrote refetch; the seller shown on listings takes the new fields without a refetch (patchCachedSeller).
 */
export async function updateProfile(body: ProfileUpdateBody): Promise<User> {
  const updated = await apiRequestParsed('PATCH', '/api/users/profile', userSchema, body);
  await Promise.all([
    mutate(keys.currentUser, updated, { revalidate: false }),
    mutate(keys.publicUser(updated.id)).catch(() => undefined),
    mutate(isReviewsKey).catch(() => undefined),
    patchCachedSeller(updated.id, {
      firstName: updated.firstName,
      lastName: updated.lastName,
      profileImageUrl: updated.profileImageUrl,
      isVerified: updated.isVerified,
    }),
  ]);
  return updated;
}

/** Sends a verification code to the member's phone. */
export async function sendVerificationCode(): Promise<void> {
  await apiRequest('POST', '/api/phone/send-verification');
}

/** Checks the code; the current user then refetches (not awaited) with the phone verified. */
export async function verifyPhone(body: VerifyCodeBody): Promise<void> {
  await apiRequest('POST', '/api/phone/verify-code', body);
  void refreshCurrentUser();
}

/**
 * Blocks (`blocked` true) or unblocks a member. The blocked list, the inbox (the conversation leaves or
 * comes back) and the unread badge follow; a failed refetch does not make the change fail.
 */
export async function setBlocked(memberId: string, blocked: boolean): Promise<void> {
  await apiRequest(blocked ? 'POST' : 'DELETE', `/api/users/${memberId}/block`);
  await Promise.all([mutate(keys.blockedMembers), mutate(isInboxKey), mutate(keys.unreadCount)]).catch(() => undefined);
}
