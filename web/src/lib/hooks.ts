import { t } from '@lingui/core/macro';
import type { Message } from '@vnmarket/proto/messaging';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { isUnauthorizedError } from './api';
import { useMessaging } from './messaging';
import { LOGIN_REDIRECT_DELAY_MS } from './timing';
import { useToast } from './toast';
import { useAuth } from './use-auth';

export { useAuth } from './use-auth';

/** Sends the visitor to sign in: the "Unauthorized" toast, then /api/login after 500 ms. */
export function useUnauthorized() {
  const toast = useToast();
  return useCallback(
    (description?: string) => {
      toast({ title: t`Unauthorized`, description: description ?? t`You are logged out. Logging in again...`, variant: 'destructive' });
      window.setTimeout(() => {
        window.location.href = '/api/login';
      }, LOGIN_REDIRECT_DELAY_MS);
    },
    [toast],
  );
}

/** One place that turns a failed write into its toast: Unauthorized (and the sign-in redirect), or the given error. */
export function useFailureToast() {
  const toast = useToast();
  const unauthorized = useUnauthorized();
  return useCallback(
    (error: unknown, failure: { title?: string; description: string }, unauthorizedDescription?: string) => {
      if (isUnauthorizedError(error)) return unauthorized(unauthorizedDescription);
      toast({ title: failure.title ?? t`Error`, description: failure.description, variant: 'destructive' });
    },
    [toast, unauthorized],
  );
}

/**
 * Gated screens (signed-in members only): a visitor gets the "Unauthorized" toast and goes to
 * /api/login after 500 ms. Answers the auth state so the screen can show its loading skeleton meanwhile.
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
  // The latest onMessage, without resubscribing when it changes.
  const handler = useEffectEvent(onMessage);
  useEffect(() => subscribe((message) => handler(message)), [subscribe]);
  return connected;
}
