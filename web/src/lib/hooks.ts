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

type ServerPush = { type: 'new_message'; message: Message } | { type: string };

/**
 * The messaging socket (spec sections 4 and 7): connects to /ws on the page's own host (wss on https),
 * sends {type:"authenticate", userId} on open, and on each "new_message" refreshes the conversation
 * list and unread count and hands the message to `onMessage`. Reconnects after a drop while mounted.
 */
export function useMessagingSocket(userId: string | undefined, onMessage: (message: Message) => void): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let closed = false;
    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket.onopen = () => {
        setConnected(true);
        socket?.send(JSON.stringify({ type: 'authenticate', userId }));
      };
      socket.onmessage = (event) => {
        let push: ServerPush;
        try {
          push = JSON.parse(String(event.data)) as ServerPush;
        } catch {
          return;
        }
        if (push.type === 'new_message' && 'message' in push) {
          void globalMutate(CONVERSATIONS_KEY);
          void globalMutate(UNREAD_KEY);
          handler.current(push.message);
        }
      };
      socket.onclose = () => {
        setConnected(false);
        if (!closed) retry = window.setTimeout(connect, 3000);
      };
    };
    connect();
    return () => {
      closed = true;
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [userId]);

  return connected;
}
