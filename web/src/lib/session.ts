/**
 * The session: who is signed in (read before the first render where a session may be), signing in,
 * registering and signing out, and the account's language. The header and the app shell load it, so it
 * stays first-page-safe: the API layer, SWR and the signed-in hint, nothing heavier.
 */
import type { LoginBody, RegisterBody, User } from '@vnmarket/proto/auth';
import type { Language } from '@vnmarket/proto/languages';
import useSWR, { mutate, preload } from 'swr';
import { apiRequest, fetchParsedOrNullWhenSignedOut, lazyContract } from './api';
import { keys } from './cache-keys';
import { mayBeSignedIn, rememberSignedIn } from './signed-in-hint';

// Loaded with the first answer it checks (lib/contracts.ts): a signed-out visitor's read is a 401 and checks nothing.
const userSchema = lazyContract((schemas) => schemas.userSchema);

/** GET /api/auth/user; null when signed out, without asking where no session can be (mayBeSignedIn). Each answer updates the signed-in hint. */
async function fetchCurrentUser(url: string): Promise<User | null> {
  if (!mayBeSignedIn()) return null;
  const user = await fetchParsedOrNullWhenSignedOut(url, userSchema);
  rememberSignedIn(user !== null);
  return user;
}

/** The signed-in user (null when signed out). */
export function useCurrentUser() {
  return useSWR<User | null>(keys.currentUser, fetchCurrentUser);
}

/** Asks who is signed in before the first render; useCurrentUser takes that answer (SWR's preload). */
export const preloadCurrentUser = () => preload(keys.currentUser, fetchCurrentUser);

/** Fetches the current user again (everything gated on it follows). */
export function refreshCurrentUser(): Promise<unknown> {
  return mutate(keys.currentUser);
}

export async function signIn(body: LoginBody): Promise<void> {
  await apiRequest('POST', '/api/login', body);
  await refreshCurrentUser();
}

export async function register(body: RegisterBody): Promise<void> {
  await apiRequest('POST', '/api/register', body);
  await refreshCurrentUser();
}

/** Signs out (a failure is only logged: the session may already be gone) and reloads the landing page. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    console.error('Sign out failed', error);
  }
  // The landing page shows at once, prerendered, instead of waiting for the current user.
  rememberSignedIn(false);
  window.location.href = '/';
}

/** Keeps a member's language on the account, so it follows them to a new device; best effort (a failure is ignored). */
export async function saveLanguage(language: Language): Promise<void> {
  await apiRequest('PATCH', '/api/users/profile', { preferredLanguage: language }).then(refreshCurrentUser, () => undefined);
}
