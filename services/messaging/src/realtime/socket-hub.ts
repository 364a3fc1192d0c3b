import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { clientSocketMessage, type ServerSocketMessage } from '@vnmarket/proto';
import { isOwnOrigin, openWebSockets, type Authenticator, type Logger, type Session, type SessionRegistry } from '@vnmarket/shared';
import type { Presence } from './presence';

interface ClientSocket {
  /** Names it in the member's presence (realtime/presence.ts). */
  id: string;
  ws: WebSocket;
  session: Session;
  alive: boolean;
  openedAt: number;
  expiryTimer?: NodeJS.Timeout;
}

export interface SocketHubOptions {
  authenticator: Authenticator;
  /** Re-read on every heartbeat: a socket lives only as long as its session. */
  sessions: SessionRegistry;
  logger: Logger;
  publicOrigins: string[];
  maxPayloadBytes: number;
  maxSocketsPerUser: number;
  heartbeatMs: number;
  /** Records who has a tab open, across replicas (a push goes out only when none is). */
  presence?: Presence;
}

/** Close codes the browser sees. */
const CLOSE = { goingAway: 1001, policy: 1008, tooBig: 1009, signedOut: 4001 } as const;

/**
 * The WebSockets held by this replica: authenticated from the session cookie at upgrade (foreign
 * Origins and visitors refused), several per user up to a cap, kept honest by ping/pong heartbeats,
 * closed when their session is signed out or expires. The session.revoked broadcast closes sockets at
 * once; the heartbeat re-checks every session in Redis too, so a broadcast missed while a replica was
 * cut off from the broker only delays the close by one heartbeat. Pushes reach only the users named.
 */
export class SocketHub {
  private readonly wss: WebSocketServer;
  private readonly byUser = new Map<string, Set<ClientSocket>>();
  private readonly allowedOrigins: ReadonlySet<string>;
  private heartbeat?: NodeJS.Timeout;

  constructor(private readonly options: SocketHubOptions) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });
    this.allowedOrigins = new Set(options.publicOrigins);
  }

  get socketCount(): number {
    let count = 0;
    for (const sockets of this.byUser.values()) count += sockets.size;
    return count;
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(req, socket, head).catch((error: Error) => {
        this.options.logger.warn({ err: error.message }, 'websocket upgrade failed');
        refuse(socket, 503, 'Service unavailable');
      });
    });
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Sends to every socket of the named users on this replica. */
  push(userIds: Iterable<string>, payload: ServerSocketMessage): void {
    this.pushFrame(userIds, JSON.stringify(payload));
  }

  /**
   * push() of a frame serialized already (once for every replica): encoded to bytes once, however many
   * sockets get it; the work is that of the named users' own sockets, not of every socket held. Answers
   * how many sockets it was written to.
   */
  pushFrame(userIds: Iterable<string>, frame: string): number {
    let data: Buffer | undefined;
    let written = 0;
    for (const userId of new Set(userIds)) {
      for (const client of this.byUser.get(userId) ?? []) {
        if (client.ws.readyState !== WebSocket.OPEN) continue;
        data ??= Buffer.from(frame);
        client.ws.send(data, { binary: false });
        written += 1;
      }
    }
    return written;
  }

  closeSession(sessionId: string): void {
    for (const sockets of this.byUser.values()) {
      for (const client of sockets) if (client.session.sessionId === sessionId) client.ws.close(CLOSE.signedOut, 'Signed out');
    }
  }

  closeUser(userId: string): void {
    for (const client of this.byUser.get(userId) ?? []) client.ws.close(CLOSE.signedOut, 'Account deleted');
  }

  /** Shutdown: tell every browser to reconnect elsewhere. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const sockets of this.byUser.values()) for (const client of sockets) clearTimeout(client.expiryTimer);
    for (const sockets of this.byUser.values()) for (const client of sockets) client.ws.close(CLOSE.goingAway, 'Server restarting');
    const deadline = Date.now() + 2000;
    while (this.socketCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const sockets of this.byUser.values()) for (const client of sockets) client.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!URL.canParse(req.url ?? '/', 'http://localhost')) return refuse(socket, 400, 'Bad request');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') return refuse(socket, 404, 'Not found');
    const origin = req.headers.origin;
    const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host;
    if (origin !== undefined && (!URL.canParse(origin) || !isOwnOrigin(origin, `${new URL(origin).protocol}//${host}`, this.allowedOrigins))) {
      return refuse(socket, 403, 'Cross-site WebSocket refused');
    }
    const session = await this.options.authenticator.fromCookieHeader(req.headers.cookie);
    if (!session) return refuse(socket, 401, 'Unauthorized');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.register(ws, session));
  }

  private register(ws: WebSocket, session: Session): void {
    const client: ClientSocket = { id: randomUUID(), ws, session, alive: true, openedAt: Date.now() };
    this.options.presence?.opened(session.userId, client.id);
    // Down again on 'close', which every socket emits once (evicted, terminated, or closed by either side).
    openWebSockets.inc();
    const sockets = this.byUser.get(session.userId) ?? new Set<ClientSocket>();
    this.byUser.set(session.userId, sockets);
    sockets.add(client);
    if (sockets.size > this.options.maxSocketsPerUser) {
      const oldest = [...sockets].sort((a, b) => a.openedAt - b.openedAt)[0]!;
      oldest.ws.close(CLOSE.policy, 'Too many connections');
      sockets.delete(oldest);
    }
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => this.onClientMessage(client, data, isBinary));
    ws.on('error', (error) => this.options.logger.debug({ err: error.message }, 'websocket error'));
    if (session.expiresAt !== undefined) {
      // setTimeout holds at most ~24.8 days; sessions are shorter, and the heartbeat checks again anyway.
      const delay = Math.min(Math.max(0, session.expiresAt - Date.now()), 2 ** 31 - 1);
      client.expiryTimer = setTimeout(() => client.ws.close(CLOSE.signedOut, 'Session expired'), delay);
      client.expiryTimer.unref();
    }
    ws.on('close', () => {
      openWebSockets.dec();
      this.options.presence?.closed(session.userId, client.id);
      clearTimeout(client.expiryTimer);
      sockets.delete(client);
      if (sockets.size === 0 && this.byUser.get(session.userId) === sockets) this.byUser.delete(session.userId);
    });
  }

  private onClientMessage(client: ClientSocket, data: RawData, isBinary: boolean): void {
    let message;
    try {
      message = clientSocketMessage.parse(JSON.parse(isBinary ? '' : data.toString()));
    } catch {
      return send(client.ws, { type: 'error', message: 'Unknown message' });
    }
    if (message.type === 'ping') return send(client.ws, { type: 'pong' });
    // The socket already belongs to the cookie's user; a claim to be someone else ends it.
    if (message.userId !== client.session.userId) {
      send(client.ws, { type: 'error', message: 'userId does not match your session' });
      client.ws.close(CLOSE.policy, 'userId does not match the session');
      return;
    }
    send(client.ws, { type: 'authenticated', userId: client.session.userId });
  }

  /**
   * Sockets that did not answer the last ping are dead (a laptop lid closed): drop them. Every other
   * socket's session is re-checked in one Redis round trip; signed-out or expired ones are closed.
   */
  private beat(): void {
    const live: ClientSocket[] = [];
    for (const sockets of this.byUser.values()) {
      for (const client of sockets) {
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
        live.push(client);
      }
    }
    this.options.presence?.refresh(live.map((client) => [client.session.userId, client.id]));
    void this.closeEndedSessions(live).catch((error: Error) => this.options.logger.warn({ err: error.message }, 'socket session re-check failed'));
  }

  private async closeEndedSessions(clients: ClientSocket[]): Promise<void> {
    const owners = await this.options.sessions.ownersOf(clients.map((client) => client.session.sessionId));
    const now = Date.now();
    clients.forEach((client, index) => {
      const expired = client.session.expiresAt !== undefined && client.session.expiresAt <= now;
      if (expired || owners[index] !== client.session.userId) client.ws.close(CLOSE.signedOut, expired ? 'Session expired' : 'Signed out');
    });
  }
}

function send(ws: WebSocket, payload: ServerSocketMessage): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
