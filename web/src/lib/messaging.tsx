/**
 * One messaging socket for the whole signed-in session, on every page (lib/messaging-socket.ts, loaded
 * on demand when someone is signed in): each push refreshes the inbox, the unread badge and that
 * conversation's messages; after a reconnect they are all fetched again, so nothing sent meanwhile is
 * missed (and SWR keys by URL, so a refetch never duplicates a bubble).
 */
import type { Message } from '@vnmarket/proto/messaging';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from './session';

type Listener = (message: Message) => void;

interface Messaging {
  connected: boolean;
  /** Calls `listener` with every message pushed to this user; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

const MessagingContext = createContext<Messaging>({ connected: false, subscribe: () => () => undefined });

export function MessagingProvider({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
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
    let close: (() => void) | undefined;
    let stopped = false;
    void import('./messaging-socket').then(({ openMessagingSocket }) => {
      if (stopped) return;
      close = openMessagingSocket(userId, setConnected, (message) => {
        for (const listener of listeners.current) listener(message);
      });
    });
    return () => {
      stopped = true;
      close?.();
      setConnected(false);
    };
  }, [userId]);

  return <MessagingContext.Provider value={{ connected, subscribe: value.subscribe }}>{children}</MessagingContext.Provider>;
}

export function useMessaging(): Messaging {
  return useContext(MessagingContext);
}
