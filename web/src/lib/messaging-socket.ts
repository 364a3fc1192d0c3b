/**
 * The messaging socket itself (lib/messaging.tsx opens it for a signed-in user; its own chunk, so a
 * visitor's first page does not carry it): connects to /ws on the page's own host, authenticates, and
 * reconnects after a drop with exponential backoff and jitter. Each push refreshes the inbox, the unread
 * badge and that conversation's messages; after a reconnect they are all fetched again.
 */
import type { ClientSocketMessage, Message, ServerSocketMessage } from '@vnmarket/proto/messaging';
import { lazyContract } from './api';
import { applyNotificationPush, revalidateAfterPushedMessage, revalidateAfterReconnect } from './cache-writes';

/** proto's messageSchema, loaded with the socket (signed in only): zod is no part of a visitor's first page. */
const messageSchema = lazyContract((schemas) => schemas.messageSchema);

/** Reconnect delays: 1 s doubling to 30 s, each with ±50 % jitter so many tabs do not return at once. */
function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + random());
}

/** Opens the socket for `userId`; `onConnected` follows its state, `onMessage` gets each checked push. Answers the close. */
export function openMessagingSocket(userId: string, onConnected: (connected: boolean) => void, onMessage: (message: Message) => void): () => void {
  let socket: WebSocket | null = null;
  let retry: number | undefined;
  let attempt = 0;
  let stopped = false;
  // The pushed message is checked like every answer: one that breaks the contract is reported and dropped.
  const deliver = async (message: unknown) => {
    const parsed = (await messageSchema()).safeParse(message);
    if (stopped) return;
    if (!parsed.success) {
      console.error('A pushed message does not match the contract', parsed.error.issues);
      return;
    }
    revalidateAfterPushedMessage(parsed.data);
    onMessage(parsed.data);
  };
  const connect = () => {
    const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
    socket.onopen = () => {
      onConnected(true);
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
      if (push?.type === 'new_message') void deliver(push.message);
      // The bell's count is a number the next read checks again: taken as it comes.
      else if (push?.type === 'notifications' && Number.isInteger(push.unreadCount)) applyNotificationPush(push);
    };
    socket.onclose = () => {
      onConnected(false);
      if (stopped) return;
      retry = window.setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };
  // Loaded before the socket opens, so the first push is not kept waiting for it.
  void messageSchema().catch(() => undefined);
  connect();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    socket?.close();
  };
}
