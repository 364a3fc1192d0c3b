import { useCurrentUser } from './queries';

/**
 * Authenticated whenever the current-user request returns a user; loading while it is pending. On its own
 * (lib/hooks.ts exports it too) because the first page needs it and none of hooks.ts's other hooks.
 */
export function useAuth() {
  const { data, isLoading, mutate } = useCurrentUser();
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data), refresh: mutate };
}
