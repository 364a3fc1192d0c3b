/** The environment of the services and gateways a benchmark starts: its own database, keys, Redis prefix and exchange. */
import { SERVICES, type ServiceName } from '@vnmarket/gateway/routes';
import { writeSigningKeys } from '../../scripts/lib/local';
import { LOCALHOST } from './settings';

/** The environment for the services we start: ours, without tracing exporters or inline keys. */
export function serviceBaseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OTEL_') || key === 'JWT_PUBLIC_KEY' || key === 'JWT_PRIVATE_KEY') delete env[key];
  return env;
}

/**
 * Settings every service process gets in a benchmark: production mode, quiet logs, loopback only, and its
 * metrics listener on a free port (with the default, the first process of a run took 9464 and every other
 * logged an error at start, or all did beside a running `make start`). Production requires PUBLIC_ORIGINS;
 * the benchmarks' writes carry no Origin, or their own (same-origin), so its value does not matter.
 */
export const SERVICE_COMMON_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: LOCALHOST,
  SHUTDOWN_TIMEOUT_MS: '3000',
  METRICS_PORT: '0',
  PUBLIC_ORIGINS: 'http://localhost:8080',
} as const;

/**
 * What every service of a run shares: the base environment, SERVICE_COMMON_ENV, the run's database, its
 * throw-away signing keys (written to tempDir; only auth gets the private one, so it is returned apart) and
 * its own Redis key prefix and events exchange, so `make start` and the tests are not disturbed.
 */
export function runServiceEnv(
  tempDir: string,
  run: { databaseUrl: string; redisKeyPrefix: string; eventsExchange: string },
): { serviceEnv: NodeJS.ProcessEnv; privateKeyFile: string } {
  const { privateKeyFile, publicKeyFile } = writeSigningKeys(tempDir);
  const serviceEnv: NodeJS.ProcessEnv = {
    ...serviceBaseEnv(),
    ...SERVICE_COMMON_ENV,
    DATABASE_URL: run.databaseUrl,
    JWT_PUBLIC_KEY_FILE: publicKeyFile,
    REDIS_KEY_PREFIX: run.redisKeyPrefix,
    EVENTS_EXCHANGE: run.eventsExchange,
  };
  return { serviceEnv, privateKeyFile };
}

/** Auth's environment in a run: its private key, and sign-up unthrottled over plain HTTP (setup, not what is measured). */
export function authServiceEnv(serviceEnv: NodeJS.ProcessEnv, privateKeyFile: string, port: number): NodeJS.ProcessEnv {
  return { ...serviceEnv, PORT: String(port), JWT_PRIVATE_KEY_FILE: privateKeyFile, REGISTER_MAX_PER_IP_PER_HOUR: '1000000', COOKIE_SECURE: 'false' };
}

/**
 * The gateway's environment: on `port`, in front of the services started on the ports given (see
 * gatewayUpstreamEnv). Every request of a benchmark comes from one address: the per-client in-flight cap
 * is lifted, as a load test lifts it (values-loadtest.yaml).
 */
export function gatewayEnv(port: number, started: Partial<Record<ServiceName, number>>): NodeJS.ProcessEnv {
  return { ...serviceBaseEnv(), ...SERVICE_COMMON_ENV, ...gatewayUpstreamEnv(started), GATEWAY_PORT: String(port), GATEWAY_MAX_IN_FLIGHT_PER_CLIENT: '100000' };
}

/**
 * The gateway's upstream URLs for a run that starts only some services: those on their bench ports, every
 * other one on a closed port (their routes fail fast). The gateway's /healthz then stays 503 (it wants every
 * service), so wait on its /livez and check the measured route once through it.
 */
export function gatewayUpstreamEnv(started: Partial<Record<ServiceName, number>>): Record<string, string> {
  const closedPort = 9; // discard: nothing listens there
  return Object.fromEntries(SERVICES.map((service) => [`${service.toUpperCase()}_URL`, `http://${LOCALHOST}:${started[service] ?? closedPort}`]));
}
