/**
 * A local push service for tests: it speaks the receiving side of the Web Push protocol (RFC 8030) as a
 * browser vendor's push service and the browser together would. Each subscription has its own key pair
 * and auth secret, as a browser's has; a push must carry a valid VAPID signature (RFC 8292: an ES256 JWT
 * for this origin, signed by the key in `k`) and an aes128gcm body, which is decrypted with the
 * subscription's keys (RFC 8291, through http_ece, the reference implementation of RFC 8188).
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, as text. */
  text: string;
  /** The VAPID public key the push was signed with (base64url). */
  vapidKey: string;
  headers: IncomingMessage['headers'];
}

/** A push the endpoint could not take, and why (a test can assert there were none). */
export interface RefusedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

interface LocalSubscription {
  ecdh: ECDH;
  auth: Buffer;
  /** What the endpoint answers instead of 201, to play a subscription the browser dropped (410). */
  answer?: number;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export class LocalPushEndpoint {
  readonly received: ReceivedPush[] = [];
  readonly refused: RefusedPush[] = [];
  private readonly subscriptions = new Map<string, LocalSubscription>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<LocalPushEndpoint> {
    const holder: { endpoint?: LocalPushEndpoint } = {};
    const server = createServer((req, res) => {
      void holder.endpoint!.take(req).then(({ status, body }) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.endpoint = new LocalPushEndpoint(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return holder.endpoint;
  }

  /** A new browser subscription; `answer` 404 or 410 plays one its browser has dropped. */
  subscribe(options: { answer?: number } = {}): { id: string; subscription: BrowserSubscription } {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(id, { ecdh, auth, answer: options.answer });
    return { id, subscription: { endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } } };
  }

  /** Resolves with the first push received that matches, waiting up to the timeout. */
  next(match: (push: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find(match);
        if (!found) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching push within ${timeoutMs} ms; got ${JSON.stringify(this.received.map((push) => push.text))}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async take(req: IncomingMessage): Promise<{ status: number; body: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([0-9a-f-]{36})$/.exec(req.url ?? '')?.[1];
    const subscription = id ? this.subscriptions.get(id) : undefined;
    const refuse = (status: number, reason: string) => {
      this.refused.push({ subscriptionId: id ?? '', status, reason });
      return { status, body: reason };
    };
    if (req.method !== 'POST' || !id || !subscription) return refuse(404, 'no such subscription');
    if (subscription.answer) return { status: subscription.answer, body: 'gone' };
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'TTL header missing');
    const vapid = this.checkVapid(String(req.headers.authorization ?? ''));
    if (typeof vapid !== 'object') return refuse(401, vapid);
    let text: string;
    try {
      text = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    this.received.push({ subscriptionId: id, text, vapidKey: vapid.key, headers: req.headers });
    for (const waiter of [...this.waiters]) waiter();
    return { status: 201, body: '' };
  }

  /** RFC 8292: "vapid t=<JWT>, k=<P-256 public key>", the JWT for this origin, unexpired, signed by k. */
  private checkVapid(header: string): { key: string } | string {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    if (!match) return 'Authorization must be "vapid t=…, k=…"';
    const [, token, key] = match as unknown as [string, string, string];
    const [head, body, signature] = token.split('.') as [string, string, string];
    const raw = Buffer.from(key, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return 'VAPID signature does not verify';
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    const now = Date.now() / 1000;
    if (claims.aud !== this.origin) return `aud must be ${this.origin}`;
    if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return 'exp must be within 24 hours';
    if (!claims.sub) return 'sub is required';
    return { key };
  }
}
