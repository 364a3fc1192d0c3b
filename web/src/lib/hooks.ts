import { useMessaging } from './messaging';
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate as globalMutate } from 'swr';
import type { Message, User } from '@vnmarket/proto';
import { useToast } from '../components/Toast';
import { fetchJsonOrNullWhenSignedOut, isUnauthorizedError } from './api';
import { UNREAD_POLL_MS } from './swr';
import { LOGIN_REDIRECT_DELAY_MS } from './timing';

export const AUTH_USER_KEY = '/api/auth/user';
export const UNREAD_KEY = '/api/messages/unread-count';
export const SAVED_KEY = '/api/saved-listings';
export const CONVERSATIONS_KEY = '/api/conversations';

/** Spec section 4: authenticated whenever the current-user request returns data; loading while pending. */
export function useAuth() {
  const { data, isLoading, mutate } = useSWR<User | null>(AUTH_USER_KEY, fetchJsonOrNullWhenSignedOut<User>);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data), refresh: mutate };
}

/** The unread badge: polled every 10 s while signed in. */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useSWR<{ count: number }>(signedIn ? UNREAD_KEY : null, { refreshInterval: UNREAD_POLL_MS });
  return data?.count ?? 0;
}

/** Refetches every cached listing read (browse, one listing, own listings, saved) after a write. */
export function revalidateListings(): Promise<unknown> {
  return globalMutate((key) => typeof key === 'string' && /^\/api\/(listings|saved-listings|users\/listings)/.test(key));
}

/** Sends the visitor to sign in: the "Unauthorized" toast, then /api/login after 500 ms (spec section 8). */
export function useUnauthorized() {
  const toast = useToast();
  return useCallback(
    (description = 'You are logged out. Logging in again...') => {
      toast({ title: 'Unauthorized', description, variant: 'destructive' });
      window.setTimeout(() => {
        window.location.href = '/api/login';
      }, LOGIN_REDIRECT_DELAY_MS);
    },
    [toast],
  );
}

/** One place that turns a failed write into the spec's toasts: Unauthorized (and redirect) or the given error. */
export function useFailureToast() {
  const toast = useToast();
  const unauthorized = useUnauthorized();
  return useCallback(
    (error: unknown, failure: { title?: string; description: string }, unauthorizedDescription?: string) => {
      if (isUnauthorizedError(error)) return unauthorized(unauthorizedDescription);
      toast({ title: failure.title ?? 'Error', description: failure.description, variant: 'destructive' });
    },
    [toast, unauthorized],
  );
}

/**
 * Gated screens (spec section 4): a visitor gets the "Unauthorized" toast and goes to /api/login after
 * 500 ms. Answers the auth state so the screen can show its loading skeleton meanwhile.
 */
export function useRequireAuth(description?: string) {
  const auth = useAuth();
  const unauthorized = useUnauthorized();
  const fired = useRef(false);
  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || fired.current) return;
    fired.current = true;
    unauthorized(description);
  }, [auth.isLoading, auth.isAuthenticated, unauthorized, description]);
  return auth;
}

/**
 * The app-wide messaging socket (lib/messaging.tsx): whether it is connected, and `onMessage` called with
 * each message pushed to this user while the calling component is mounted.
 */
export function useMessagingSocket(_userId: string | undefined, onMessage: (message: Message) => void): boolean {
  const { connected, subscribe } = useMessaging();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => subscribe((message) => handler.current(message)), [subscribe]);
  return connected;
}
