import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** "true" or "false", as an environment variable spells a switch. */
export const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A whole number of at least `min` (environment variables are strings, so coerced), `fallback` when unset. */
export const wholeNumber = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/**
 * Settings every service reads. Each service extends this schema with its own and parses the environment
 * once at start; a bad or missing variable stops the process with a list of every problem.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/vnmarket'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Connections opened before the service starts serving and kept open while idle (at most
   * DATABASE_POOL_MAX): the first requests after a pod starts do not each wait for PostgreSQL to open one.
   */
  DATABASE_POOL_MIN: z.coerce.number().int().min(0).max(100).default(2),
  /**
   * A statement running longer is cancelled and the request answers 503 rather than hang; a connection
   * that stops answering is given up 250 ms later. With the acquire timeout below, a request fails
   * within about 2 s when the database is down or hung.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  /** Waiting for a database connection (pool or new): past it, 503 fast while the database is down. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(600),
  /** migrate.ts keeps trying this long while PostgreSQL refuses connections or is starting up. */
  MIGRATION_CONNECT_DEADLINE_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  /** The longest pause between those tries (they start at 250 ms and double). */
  MIGRATION_CONNECT_MAX_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('vnm:'),
  AMQP_URL: z.url().default('amqp://guest:guest@127.0.0.1:5672'),
  EVENTS_EXCHANGE: z.string().min(1).default('vnmarket.events'),
  EVENT_QUEUE_TYPE: z.enum(['quorum', 'classic']).default('classic'),
  /**
   * The outbox relay sends a run of same-type events as one broker message (a batch; RabbitMQ's cost is
   * per message). Set false while a rolling upgrade still runs consumers older than batches: they would
   * dead-letter them.
   */
  EVENT_BATCHES: booleanString.default(true),
  /** PEM of the ES256 public key that verifies session tokens (or JWT_PUBLIC_KEY_FILE). */
  JWT_PUBLIC_KEY: z
    .string({ error: 'is required (PEM text, or a path in JWT_PUBLIC_KEY_FILE)' })
    .includes('BEGIN PUBLIC KEY', { error: 'must be a PEM public key' }),
  JWT_ISSUER: z.string().min(1).default('vnmarket-auth'),
  JWT_AUDIENCE: z.string().min(1).default('vnmarket'),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[\w-]+$/)
    .default('vnm_session'),
  /** Origins allowed to send cookie-authenticated writes, besides the request's own origin. */
  PUBLIC_ORIGINS: z
    .string()
    .default('http://localhost:8080')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Proxy hops in front of this process whose X-Forwarded-For entries are trusted (the gateway is one). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i)
    .default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  /** After SIGTERM, serve on (readiness failing) this long before closing: 0 in Kubernetes, where the
   * preStop pause does it; a second or two when the gateway balances replicas itself. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Prometheus scrapes GET /metrics here, on every interface: a port of its own the gateway never routes to. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Docker/Kubernetes secret convention: FOO_FILE=/path fills FOO from the file when FOO is unset. */
function resolveFileVariables(env: NodeJS.ProcessEnv, known: Set<string>, problems: string[]): Record<string, string | undefined> {
  const resolved: Record<string, string | undefined> = { ...env };
  for (const [key, path] of Object.entries(env)) {
    if (!key.endsWith('_FILE') || !path) continue;
    const target = key.slice(0, -'_FILE'.length);
    if (!known.has(target) || resolved[target]) continue;
    try {
      resolved[target] = withoutFinalLineBreak(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push(`${key}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  // PEM keys passed through single-line env vars often carry literal "\n".
  for (const [key, value] of Object.entries(resolved)) {
    if (value && value.includes('-----BEGIN') && value.includes('\\n')) resolved[key] = value.replace(/\\n/g, '\n');
  }
  // An empty variable counts as unset (compose files and charts often render `NAME=`): its default applies,
  // or it is reported as required, never read as "" (which a number would take as 0, a port as any port).
  for (const key of known) {
    if (resolved[key]?.trim() === '') delete resolved[key];
  }
  return resolved;
}

/**
 * A one-line secret file's final line break (`echo token > file`, many secret stores) is not part of the
 * value; a multi-line value (a PEM key) is kept as written.
 */
function withoutFinalLineBreak(text: string): string {
  const value = text.replace(/\r?\n$/, '');
  return value.includes('\n') ? text : value;
}

/** The variable names a config schema reads (through any .extend() and .transform()). */
function variableNames(schema: z.ZodType): Set<string> {
  let current: unknown = schema;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    if (current instanceof z.ZodObject) return new Set(Object.keys(current.shape));
    current = (current as { def?: { in?: unknown } }).def?.in;
  }
  return new Set();
}

/**
 * Variables whose default suits only a developer's machine: in production a process that reads one
 * refuses to start without it, rather than run with the wrong value.
 */
const REQUIRED_IN_PRODUCTION: Record<string, string> = {
  PUBLIC_ORIGINS:
    "is required in production: the site's own URL first, comma-separated (e.g. https://market.example.org); its default, http://localhost:8080, is for development",
};

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const problems: string[] = [];
  const known = variableNames(schema);
  const resolved = resolveFileVariables(env, known, problems);
  const result = schema.safeParse(resolved);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  if (resolved.NODE_ENV === 'production') {
    for (const [name, message] of Object.entries(REQUIRED_IN_PRODUCTION))
      if (known.has(name) && resolved[name] === undefined) problems.push(`${name}: ${message}`);
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/** For main.ts: parse or print every problem and exit 1 before anything starts. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, serviceName: string): z.infer<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${serviceName}: ${error.message}\n`);
    process.exit(1);
  }
}
