/**
 * docs/configuration.md, generated from the deployables' zod config schemas: which variables exist, who
 * reads them and their defaults come from the schemas; what each one means is written once below.
 * test/config-reference.test.ts fails when a variable has no meaning here or the file is out of date.
 *
 *   tsx scripts/config-reference.ts          (rewrites docs/configuration.md)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { gatewayConfigSchema } from '@vnmarket/gateway/config';
import { authConfigSchema } from '@vnmarket/auth/config';
import { listingsConfigSchema } from '@vnmarket/listings/config';
import { mediaConfigSchema } from '@vnmarket/media/config';
import { messagingConfigSchema } from '@vnmarket/messaging/config';
import { verificationConfigSchema } from '@vnmarket/verification/config';

const ROOT = path.resolve(__dirname, '..');
export const REFERENCE_FILE = path.join(ROOT, 'docs/configuration.md');

export const DEPLOYABLES: Record<string, z.ZodType> = {
  gateway: gatewayConfigSchema,
  auth: authConfigSchema,
  listings: listingsConfigSchema,
  messaging: messagingConfigSchema,
  media: mediaConfigSchema,
  verification: verificationConfigSchema,
};

/** What each variable means; the schemas say who reads it and its default. */
export const MEANINGS: Record<string, string> = {
  NODE_ENV:
    '`development`, `test` or `production` (production requires real secrets, and cookies are `Secure` unless `COOKIE_SECURE=false`, which only a local cluster over plain http should set)',
  LOG_LEVEL: 'pino level (`silent` to turn logs off)',
  HOST: 'bind address (`make start` uses 127.0.0.1)',
  PORT: 'the service port',
  GATEWAY_PORT: 'the public port',
  DATABASE_URL: 'PostgreSQL; each service uses its own schema in it',
  DATABASE_POOL_MAX: 'connections in the pool per process',
  DATABASE_POOL_MIN:
    'connections opened before the service serves and kept open while idle (at most `DATABASE_POOL_MAX`), so a burst after a start does not wait for new ones',
  DATABASE_STATEMENT_TIMEOUT_MS: 'a statement running longer is cancelled (503); a hung connection is given up 250 ms later',
  DATABASE_ACQUIRE_TIMEOUT_MS: 'the wait for a pooled connection: with the statement timeout, 503 within about 2 s when the database is down',
  MIGRATION_CONNECT_DEADLINE_MS:
    'how long the migrate step keeps trying while PostgreSQL refuses connections or is starting up (backoff from 250 ms); a failing migration is not retried',
  MIGRATION_CONNECT_MAX_DELAY_MS: 'the longest pause between those tries',
  REDIS_URL: 'Redis: the live-session registry and rate limits',
  REDIS_KEY_PREFIX: 'prefix of every Redis key (tests give each file its own)',
  AMQP_URL: 'RabbitMQ, the event bus',
  EVENTS_EXCHANGE: 'the topic exchange domain events go through',
  EVENT_QUEUE_TYPE:
    "The type of the service's durable event queues (its queue, retry and dead-letter queues): quorum (replicated; RabbitMQ ≥ 3.10, recommended by 4.x; the chart sets it) or classic (the default for a single local broker). A queue that exists as classic stays classic, with a warning (docs/architecture.md, Queue types).",
  EVENT_BATCHES:
    'The outbox relay sends a run of same-type events as one broker message (a batch; RabbitMQ costs per message). Set `false` during a rolling upgrade from a release before batches, whose consumers would dead-letter them (docs/architecture.md, Batches; the chart: `eventBatches`).',
  JWT_PUBLIC_KEY: 'PEM (ES256) that verifies session tokens; `make start` creates a pair in `var/keys`',
  JWT_PRIVATE_KEY: 'PEM (ES256) that signs session tokens',
  JWT_ISSUER: 'the `iss` claim tokens must carry',
  JWT_AUDIENCE: 'the `aud` claim tokens must carry',
  SESSION_COOKIE_NAME: 'the session cookie',
  SESSION_TTL_SECONDS: 'session and cookie lifetime',
  COOKIE_SECURE: '`Secure` cookie flag (true in production unless set)',
  PUBLIC_ORIGINS:
    'comma-separated origins allowed to send cookie-authenticated writes, besides the request’s own; the gateway names its pages by the first (the absolute URLs of link previews, canonical links and the sitemap)',
  TRUST_PROXY_HOPS: 'proxies in front whose `X-Forwarded-For` entry is trusted (the gateway is one for the services; 1 for the gateway behind an ingress)',
  BODY_LIMIT: 'JSON body limit (413 beyond)',
  SHUTDOWN_TIMEOUT_MS: 'how long SIGTERM waits for in-flight requests',
  SHUTDOWN_DELAY_MS:
    'after SIGTERM, keep serving (not ready) this long before closing; for gateway-balanced local replicas (Kubernetes uses the `preStop` pause)',
  METRICS_PORT:
    'Prometheus scrapes `GET /metrics` on this port, every interface; a listener of its own that the gateway never routes to (docs/observability.md). `0`: any free port',
  LOGIN_MAX_FAILURES_PER_CLIENT: 'failed sign-ins per account and client (IPv6 by /64) per window',
  LOGIN_MAX_FAILURES_PER_IDENTIFIER: 'failed sign-ins per account per window, from anywhere',
  LOGIN_MAX_ATTEMPTS_PER_IP: 'sign-in attempts per client address per window',
  LOGIN_WINDOW_SECONDS: 'the sign-in throttling window',
  REGISTER_MAX_PER_IP_PER_HOUR: 'sign-ups per client address per hour',
  ARGON2_MEMORY_KIB: 'argon2id memory cost of password hashing',
  ARGON2_TIME_COST: 'argon2id time cost of password hashing',
  VIEW_WINDOW_HOURS: 'a viewer counts once per listing per this many hours',
  REPORTS_TO_HOLD_LISTING:
    'distinct members whose open reports hold a listing out of the catalogue (its owner and moderators still see it) until a moderator decides its case',
  EXPIRY_INTERVAL_SECONDS:
    'how often each replica runs the expiry job: listings 30 days past their posting or renewal leave the catalogue (`listing.updated`), owners are told three days before (`listing.expiring`); replicas share the rows with `SKIP LOCKED`. 0: never (tests run it by hand)',
  BROWSE_CACHE_TTL_MS:
    'browse and search pages are served from memory this long (a page that cost more: ten times its cost, up to 30 s), and as long again while one query refreshes them (0: off); listing and seller events empty the cache on every replica at once',
  BROWSE_CACHE_MAX_MB: 'memory the cached browse and search pages may take per replica (least recently used out first)',
  COUNT_MEMORY_SECONDS:
    'a search or filter whose matches passed the count cap ("1000+") skips its count for this long on the replica that counted it; pages are always read fresh, listing events do not clear it, smaller counts are never remembered (0: off)',
  COUNT_MEMORY_MAX_ENTRIES: 'how many such searches and filters a replica remembers (least recently used out first, about 100 bytes each)',
  BROWSE_CACHE_COALESCE_MS:
    'listing writes close together empty each replica’s browse cache once: the first at once, later ones at most this long after the previous emptying, so a page misses a write for at most this long (0: every write empties it)',
  LISTINGS_MAX_PER_MEMBER_PER_DAY: 'listings a member may post per day (429 with `Retry-After` beyond)',
  REPORTS_MAX_PER_MEMBER_PER_DAY: 'reports a member may send per day (429 with `Retry-After` beyond)',
  PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY:
    'sellers’ numbers a member may reveal per day with “Show number” (`POST /api/listings/{id}/phone`; the same listing again is not counted; 429 with `Retry-After` beyond)',
  WS_MAX_PAYLOAD_BYTES: 'largest WebSocket frame accepted',
  WS_MAX_SOCKETS_PER_USER: 'open sockets per user (the oldest is closed beyond)',
  WS_HEARTBEAT_MS: 'socket ping interval; the session is re-checked in Redis on each',
  MESSAGES_PER_MINUTE: 'messages a user may send per minute (429 beyond)',
  FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR:
    'messages that open a new conversation a member may send per hour; replies are not counted (429 with `Retry-After` beyond)',
  VAPID_PUBLIC_KEY:
    'web push: the VAPID public key (base64url, `npx web-push generate-vapid-keys`; `make start` makes one in var/keys); without both keys no push is sent and `/api/push/*` answers 404',
  VAPID_PRIVATE_KEY: 'web push: the VAPID private key (a Secret in the chart)',
  VAPID_SUBJECT: 'web push: the `mailto:` or `https:` address push services may write to about our pushes',
  PUSH_SERVICE_HOSTS: "hosts (and their subdomains) a push subscription's https endpoint may name: the browsers' push services",
  PUSH_ALLOW_LOOPBACK: 'accept push endpoints on the loopback address, over plain http too (development and tests; `make start` sets it)',
  PUSH_TTL_SECONDS: 'how long a push service keeps a push for a browser that is offline',
  PUSH_TIMEOUT_MS: 'how long a push service may take to answer one push',
  NOTIFICATION_RETENTION_DAYS: 'how long a notification stays in the bell; an hourly pass on each messaging replica deletes older ones',
  PUSH_MAX_SUBSCRIPTIONS_PER_MEMBER: 'browsers a member keeps subscribed to push; subscribing one more drops the one subscribed longest ago',
  SMS_DIGEST_HOUR: 'the hour in America/Los_Angeles (8–20) from which the daily SMS digest goes out; none from 21:00, so nobody is texted at night',
  SMS_DIGEST_CHECK_INTERVAL_MS:
    'how often each messaging replica checks whether the daily SMS digest is due (the one holding the lease sends it); 0 turns the digest off',
  MEDIA_ROOT: 'local object store when `S3_BUCKET` is unset',
  MEDIA_SIGNING_SECRET: 'signs local upload URLs (required in production without S3)',
  UPLOAD_URL_TTL_SECONDS: 'upload link lifetime',
  UPLOAD_MAX_AGE_SECONDS: 'how long an upload may wait to be processed before it is swept',
  MAX_LISTING_PHOTO_BYTES: 'largest listing photo',
  MAX_PROFILE_PHOTO_BYTES: 'largest profile photo',
  MAX_IMAGE_PIXELS: 'largest decoded image (width × height)',
  UPLOAD_LINKS_PER_HOUR: 'upload links per user per hour',
  IMAGES_PER_HOUR: 'photos processed per user per hour',
  IMAGE_PROCESSING_CONCURRENCY: 'images decoded at once per process',
  IMAGE_PROCESSING_QUEUE: 'images waiting to be decoded per process (503 beyond)',
  S3_BUCKET: 'S3-compatible bucket; unset keeps objects on local disk',
  S3_ENDPOINT: 'S3 endpoint (MinIO and others); unset for AWS',
  S3_REGION: 'S3 region',
  S3_ACCESS_KEY_ID: 'S3 credentials (unset: the default AWS credential chain)',
  S3_SECRET_ACCESS_KEY: 'S3 credentials (unset: the default AWS credential chain)',
  S3_FORCE_PATH_STYLE: 'path-style bucket addressing (MinIO)',
  VERIFICATION_CODE_SECRET: 'HMAC-SHA256 key codes are stored under (≥ 32 characters; required in production)',
  VERIFICATION_SEND_INTERVAL_SECONDS: 'one code per user per interval',
  VERIFICATION_MAX_PER_USER_PER_HOUR: 'codes sent per user per hour',
  VERIFICATION_MAX_PER_PHONE_PER_HOUR: 'codes sent per phone number per hour',
  VERIFICATION_MAX_PER_IP_PER_HOUR: 'codes sent per client address per hour',
  SMS_MAX_PER_HOUR: 'every SMS of the deployment per hour, against SMS pumping',
  SMS_ALLOWED_COUNTRY_CODES: 'country calling codes SMS may go to, comma-separated',
  SMS_PROVIDER: '`file` (development: an outbox file) or `twilio`',
  SMS_OUTBOX: 'with `file`: one JSON line `{"to","body","sentAt"}` per SMS',
  TWILIO_ACCOUNT_SID: 'Twilio credentials (required with `twilio`)',
  TWILIO_AUTH_TOKEN: 'Twilio credentials (required with `twilio`)',
  TWILIO_FROM_NUMBER: 'sender number in E.164 (this or a Messaging Service, with `twilio`)',
  TWILIO_MESSAGING_SERVICE_SID: 'Twilio Messaging Service (this or a sender number, with `twilio`)',
  TWILIO_API_BASE_URL: 'Twilio REST API base, for tests and emulators only',
  WEB_DIST: "the built web app to serve (its `csp.json`, written by the build, gives the hashes of index.html's inline scripts for the CSP `script-src`)",
  CSP_CONNECT_SOURCES:
    'extra origins the web app may connect to (CSP `connect-src`), space- or comma-separated: the S3 endpoint when photos upload straight to presigned S3 URLs',
  UPSTREAM_TIMEOUT_MS: 'upstream response timeout',
  HEALTH_TIMEOUT_MS: 'how long `/healthz` waits for each service’s `/readyz`',
  UPSTREAM_MAX_SOCKETS: 'keep-alive sockets per upstream',
  UPSTREAM_HEALTH_INTERVAL_MS: 'with several replicas in a `*_URL`: how often each one’s `/readyz` is polled',
  GATEWAY_MAX_IN_FLIGHT: 'proxied requests at once; beyond, 503 with `Retry-After: 1` at once',
  GATEWAY_MAX_IN_FLIGHT_PER_CLIENT:
    'proxied requests at once from one client address as the gateway sees it (`TRUST_PROXY_HOPS`; IPv6 by /64); beyond, 429 `too_many_in_flight` with `Retry-After: 1`. A load test from one address raises it',
  GATEWAY_READ_TIMEOUT_MS:
    'a request’s head must arrive within it, and its body may neither pause longer nor fall further behind `GATEWAY_BODY_MIN_BYTES_PER_SECOND`: past either, 408 and the connection closed. There is no limit on a whole request’s time, so a large photo sent slowly but steadily finishes',
  GATEWAY_BODY_MIN_BYTES_PER_SECOND: 'the slowest pace a request body may keep (1 KiB/s: far below a phone’s upload; a trickle is cut)',
  GATEWAY_CACHE_TTL_MS:
    'how long a gateway replica gives again an answer its service marked `Gateway-Cache-Control` (browse pages) without asking the service; a write it passes to that service empties it at once. 0 turns it off',
  GATEWAY_CACHE_MAX_BYTES: 'bytes of answers the gateway keeps per service at most, whatever the queries asked (the oldest go first)',
  GATEWAY_CACHE_MAX_BODY_BYTES: 'a larger answer is not kept by the gateway',
  PAGE_CACHE_TTL_MS:
    'how long a gateway replica keeps what its pages show of the services (a listing’s or member’s link preview) and the sitemap: a change shows in previews and the sitemap within it. 0 keeps nothing',
  AUTH_URL: 'where auth listens; a comma-separated list of replicas is balanced',
  LISTINGS_URL: 'where listings listens; a comma-separated list of replicas is balanced',
  MESSAGING_URL: 'where messaging listens; a comma-separated list of replicas is balanced',
  MEDIA_URL: 'where media listens; a comma-separated list of replicas is balanced',
  VERIFICATION_URL: 'where verification listens; a comma-separated list of replicas is balanced',
};

/** The object schema under a config schema's .extend(), .pick() and .transform() layers. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let current: unknown = schema;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    current = (current as { def?: { in?: unknown } }).def?.in;
  }
  throw new Error('not an object schema');
}

/** A field's default, looking through optional, pipe and transform wrappers; undefined when it has none. */
function defaultOf(field: z.ZodType): unknown {
  let current: unknown = field;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    const def = (current as { def?: { type?: string; defaultValue?: unknown; innerType?: unknown; in?: unknown } }).def;
    if (!def) return undefined;
    if (def.type === 'default') return def.defaultValue;
    current = def.innerType ?? def.in;
  }
  return undefined;
}

function shown(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value.replace(`${ROOT}/`, '') : JSON.stringify(value);
  return text === '' ? '(empty)' : `\`${text}\``;
}

export interface Variable {
  name: string;
  readBy: string[];
  /** Per deployable, when they differ; one value when they agree. */
  defaults: Map<string, string>;
}

export function variables(): Variable[] {
  const byName = new Map<string, Variable>();
  for (const [deployable, schema] of Object.entries(DEPLOYABLES)) {
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      const variable: Variable = byName.get(name) ?? { name, readBy: [], defaults: new Map<string, string>() };
      variable.readBy.push(deployable);
      variable.defaults.set(deployable, shown(defaultOf(field)));
      byName.set(name, variable);
    }
  }
  return [...byName.values()];
}

export function renderReference(): string {
  const rows = variables().map((variable) => {
    const distinct = new Set(variable.defaults.values());
    const defaults =
      distinct.size === 1 ? [...distinct][0] || '(required or unset)' : [...variable.defaults].map(([who, value]) => `${who} ${value || 'unset'}`).join(', ');
    const readBy = variable.readBy.length === Object.keys(DEPLOYABLES).length ? 'all' : variable.readBy.join(', ');
    return `| \`${variable.name}\` | ${readBy} | ${defaults} | ${MEANINGS[variable.name] ?? '**undocumented**'} |`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Generated by `tsx scripts/config-reference.ts` from the config schemas; edit the meanings there. -->',
    '',
    'Each process parses its environment once at start (zod) and stops with a list of every problem. Every',
    'variable also accepts `NAME_FILE` (a path whose content is the value; a one-line file without its final line',
    'break), for Kubernetes secrets. An empty variable (`NAME=`) counts as unset: its default applies.',
    '',
    '| variable | read by | default | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(REFERENCE_FILE, renderReference());
  console.log(`config-reference: wrote ${path.relative(process.cwd(), REFERENCE_FILE)} (${variables().length} variables)`);
}
