import WebSocket from 'ws';
import { conversationIdFor } from '@vnmarket/proto';
import { eventually, openSocket, registered, type RegisteredUser, type RunningMessaging, type TestSocket } from '@vnmarket/testkit';

/** What these helpers need of a stack: its messaging service, and the gateway (or auth) that registers users. */
type MessagingStack = { messaging: RunningMessaging; client(): ReturnType<RunningMessaging['client']> };

/** Resolves once messaging holds its copy of each user (their user.registered has arrived). */
export async function knownToMessaging(stack: Pick<MessagingStack, 'messaging'>, users: RegisteredUser[]): Promise<void> {
  const ids = users.map((member) => member.user.id);
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').whereIn('id', ids)).toHaveLength(ids.length));
}

/** Two users registered with these details whom messaging already knows, and the id of their conversation. */
export async function knownPair(stack: MessagingStack, first: Record<string, unknown>, second: Record<string, unknown>) {
  const alice = await registered(stack, first);
  const bob = await registered(stack, second);
  await knownToMessaging(stack, [alice, bob]);
  return { alice, bob, conversationId: conversationIdFor(alice.user.id, bob.user.id) };
}

/** Opens browser-like sockets (a client's session cookie) and keeps each in `sockets`, for the file's afterAll to end. */
export function socketOpener(sockets: TestSocket[]) {
  return async (baseUrl: string, client: { cookieHeader(): string }): Promise<TestSocket> => {
    const socket = await openSocket(baseUrl, client.cookieHeader());
    sockets.push(socket);
    return socket;
  };
}

/** What an upgrade attempt gets back: the HTTP status when refused, 101 when accepted. */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
}
