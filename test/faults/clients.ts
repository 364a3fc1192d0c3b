/** Clients of the cluster as a browser would be: cookie-jar HTTP through the gateway, and a socket. */
import { WebSocket } from 'ws';
import { eventually, TestClient, uniquePhone } from '@vnmarket/testkit';
import type { History } from './history';

export interface User {
  id: string;
  client: TestClient;
}

/** A new member, signed up as a client would: asked again until the cluster (perhaps mid-fault) takes it. */
export function registerUser(gatewayUrl: string, name = 'Lan'): Promise<User> {
  const client = new TestClient(gatewayUrl);
  return eventually(
    async () => {
      const response = await client.post('/api/register', { firstName: name, lastName: 'Nguyễn', phone: uniquePhone(), password: 'correct horse' });
      if (response.status !== 201) throw new Error(`register: ${response.status} ${response.text}`);
      return { id: response.body.id as string, client };
    },
    30_000,
    250,
  );
}

/**
 * A socket that reconnects (with backoff) whenever it closes, as the web app does, recording every
 * message pushed to its user. `close()` ends it for good.
 */
export class ReconnectingSocket {
  private ws?: WebSocket;
  private closed = false;
  reconnects = 0;

  constructor(
    private readonly gatewayUrl: string,
    private readonly user: User,
    private readonly history: History,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${this.gatewayUrl.replace(/^http/, 'ws')}/ws`, {
        headers: { cookie: this.user.client.cookieHeader(), origin: 'http://localhost:8080' },
      });
      this.ws = ws;
      ws.on('open', () => {
        resolve();
        // As the web app does: after a reconnect, fetch what may have arrived meanwhile.
        if (this.reconnects > 0) void this.refetch();
      });
      ws.on('message', (data) => {
        try {
          const message = JSON.parse(data.toString()) as { type: string; message?: { id: string } };
          if (message.type === 'new_message' && message.message) this.history.pushed(this.user.id, message.message.id);
        } catch {
          /* not ours */
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        resolve();
        if (this.closed) return;
        this.reconnects += 1;
        // The web app's reconnect backoff, reproduced: behaviour of the client, not a wait in a test.
        setTimeout(() => void this.open(), 100 + Math.random() * 200);
      });
    });
  }

  private async refetch(): Promise<void> {
    const inbox = await this.user.client.get('/api/conversations?limit=100').catch(() => undefined);
    if (!inbox || inbox.status !== 200) return;
    for (const conversation of inbox.body as { conversationId: string }[]) {
      const thread = await this.user.client.get(`/api/conversations/${conversation.conversationId}/messages?limit=200`).catch(() => undefined);
      if (thread?.status === 200)
        this.history.fetchedAfterReconnect(
          this.user.id,
          (thread.body as { id: string }[]).map((message) => message.id),
        );
    }
  }

  close(): void {
    this.closed = true;
    this.ws?.terminate();
  }
}

/** Runs the tasks with at most `concurrency` in flight. */
export async function inParallel<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
