import { useCurrentUser } from './session';
import { mayBeSignedIn } from './signed-in-hint';

/**
 * Authenticated whenever the current-user request returns a user; loading while it is pending. On its own
 * (lib/hooks.ts exports it too) because the first page needs it and none of hooks.ts's other hooks.
 *
 * `memberDataEnabled` says when a member screen may ask for its own data: once the user is known, or while
 * the current-user answer is pending in a browser that may hold a session (lib/signed-in-hint.ts).
 * A member's screen then loads its data beside that answer instead of after it: one round trip less on a
 * phone's cellular link. A visitor (neither cookie nor hint) never asks; an expired session asks once and is sent to sign in.
 */
export function useAuth() {
  const { data, isLoading, mutate } = useCurrentUser();
  const isAuthenticated = Boolean(data);
  return { user: data ?? null, isLoading, isAuthenticated, memberDataEnabled: isAuthenticated || (isLoading && mayBeSignedIn()), refresh: mutate };
}
