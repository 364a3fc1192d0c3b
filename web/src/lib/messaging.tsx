/**
 * One messaging socket for the whole signed-in session, on every page: it connects to /ws on the page's
 * own host, authenticates, and reconnects after a drop with exponential backoff and jitter. Each push
 * refreshes the inbox, the unread badge and that conversation's messages; after a reconnect they are
 * all fetched again, so nothing sent meanwhile is missed (and SWR keys by URL, so a refetch never
 * duplicates a bubble).
 */
import { messageSchema, type ClientSocketMessage, type Message, type ServerSocketMessage } from '@vnmarket/proto/src/messaging';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { revalidateAfterPushedMessage, revalidateAfterReconnect, useCurrentUser } from './queries';

type Listener = (message: Message) => void;

interface Messaging {
  connected: boolean;
  /** Calls `listener` with every message pushed to this user; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
}

const MessagingContext = createContext<Messaging>({ connected: false, subscribe: () => () => undefined });

/** Reconnect delays: 1 s doubling to 30 s, each with ±50 % jitter so many tabs do not return at once. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + random());
}

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
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket.onopen = () => {
        setConnected(true);
        const hello: ClientSocketMessage = { type: 'authenticate', userId };
        socket?.send(JSON.stringify(hello));
        if (attempt > 0) revalidateAfterReconnect();
        attempt = 0;
      };
      socket.onmessage = (event) => {
        let push: ServerSocketMessage;
        try {
          push = JSON.parse(String(event.data)) as ServerSocketMessage;
        } catch {
          return;
        }
        if (push?.type !== 'new_message') return;
        // The pushed message is checked like every answer: one that breaks the contract is reported and dropped.
        const parsed = messageSchema.safeParse(push.message);
        if (!parsed.success) {
          console.error('A pushed message does not match the contract', parsed.error.issues);
          return;
        }
        revalidateAfterPushedMessage(parsed.data);
        for (const listener of listeners.current) listener(parsed.data);
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
