/**
 * One messaging socket for the whole signed-in session (spec sections 4 and 7), on every page: it
 * connects to /ws on the page's own host, authenticates, and reconnects after a drop with exponential
 * backoff and jitter. Each push refreshes the inbox, the unread badge and that conversation's thread;
 * after a reconnect they are all fetched again, so nothing sent meanwhile is missed (and SWR keys by
 * URL, so a refetch never duplicates a bubble).
 */
import type { Message } from '@vnmarket/proto';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { mutate } from 'swr';
import { CONVERSATIONS_KEY, UNREAD_KEY, useAuth } from './hooks';

type Listener = (message: Message) => void;

interface Messaging {
  connected: boolean;
  /** Calls `listener` with every message pushed to this user; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

const MessagingContext = createContext<Messaging>({ connected: false, subscribe: () => () => undefined });

export const threadKey = (conversationId: string) => `/api/conversations/${conversationId}/messages`;

/** Reconnect delays: 1 s doubling to 30 s, each with ±50 % jitter so many tabs do not return at once. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + random());
}

function refetchConversations(): void {
  void mutate(UNREAD_KEY);
  void mutate((key) => typeof key === 'string' && key.startsWith(CONVERSATIONS_KEY));
}

export function MessagingProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const [value] = useState<Omit<Messaging, 'connected'>>(() => ({
    subscribe(listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket.onopen = () => {
        setConnected(true);
        socket?.send(JSON.stringify({ type: 'authenticate', userId }));
        if (attempt > 0) refetchConversations();
        attempt = 0;
      };
      socket.onmessage = (event) => {
        let push: { type: string; message?: Message };
        try {
          push = JSON.parse(String(event.data)) as typeof push;
        } catch {
          return;
        }
        if (push.type !== 'new_message' || !push.message) return;
        void mutate(UNREAD_KEY);
        void mutate((key) => typeof key === 'string' && (key === CONVERSATIONS_KEY || key.startsWith(`${CONVERSATIONS_KEY}?`)));
        void mutate(threadKey(push.message.conversationId));
        for (const listener of listeners.current) listener(push.message);
      };
      socket.onclose = () => {
        setConnected(false);
        if (stopped) return;
        retry = window.setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
      setConnected(false);
    };
  }, [userId]);

  return <MessagingContext.Provider value={{ connected, subscribe: value.subscribe }}>{children}</MessagingContext.Provider>;
}

export function useMessaging(): Messaging {
  return useContext(MessagingContext);
}
