import { SERVICE_NAMES, type ServiceName } from '@vnmarket/proto';
import { createLogger, listen, loadConfig, type RunningServer } from '@vnmarket/shared';
import { TestClient } from './client';
import { createTestEnvironment, type TestEnvironment } from './environment';
import { createGateway } from '@vnmarket/gateway/app';
import { gatewayConfigSchema } from '@vnmarket/gateway/config';
import { STARTERS, type RunningServices } from './services';

export type { ServiceName };

/** The gateway's upstream for a service the stack did not start: nothing listens there, so it answers 503. */
const CLOSED_URL = 'http://127.0.0.1:1';

/** Settings per started service, and for the gateway. */
export type StackOverrides<S extends ServiceName = ServiceName> = Partial<Record<S | 'gateway', Record<string, string>>>;

/** The services a test started, on one isolated environment, and the real gateway in front of them. */
export type Stack<S extends ServiceName = ServiceName> = {
  environment: TestEnvironment;
  /** The services started, in the gateway's order. */
  services: readonly S[];
  gatewayUrl: string;
  /** A browser-like client (cookie jar) talking to the gateway. */
  client(): TestClient;
  stop(): Promise<void>;
} & { [K in S]: RunningServices[K] };

/**
 * The services named in `only` (every service when it is left out), started together on one test
 * environment, and the gateway in front; the gateway's upstream for any other service is a closed
 * port. Start what the test exercises, including the services whose events it waits for (a read copy
 * fills only while its publisher runs).
 */
export async function startStack<const S extends ServiceName = ServiceName>(
  label: string,
  options: { only?: readonly S[]; overrides?: StackOverrides<NoInfer<S>> } = {},
): Promise<Stack<S>> {
  const only: readonly ServiceName[] = options.only ?? SERVICE_NAMES;
  const names = SERVICE_NAMES.filter((name) => only.includes(name)) as S[];
  if (names.length === 0) throw new Error(`startStack(${label}): no service to start`);
  const overrides: StackOverrides = options.overrides ?? {};
  for (const key of Object.keys(overrides)) {
    if (key !== 'gateway' && !(names as string[]).includes(key)) throw new Error(`startStack(${label}): settings for ${key}, which this stack does not start`);
  }

  const environment = await createTestEnvironment(label);
  const started: Partial<RunningServices> = {};
  const stopServices = async () => {
    for (const name of [...SERVICE_NAMES].reverse()) await started[name]?.stop();
  };
  // Together: each migrates its own schema and binds its own queue, and none needs another to start.
  const starts = await Promise.allSettled(
    names.map(async (name) => {
      (started as Record<ServiceName, unknown>)[name] = await STARTERS[name](label, overrides[name], environment);
    }),
  );
  const failed = starts.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    await stopServices();
    await environment.cleanup();
    throw failed.reason;
  }

  const gateway = await startGateway(Object.fromEntries(names.map((name) => [name, started[name]!.url])), overrides.gateway);
  return {
    ...started,
    environment,
    services: names,
    gatewayUrl: gateway.url,
    client: () => new TestClient(gateway.url),
    async stop() {
      await gateway.stop();
      await stopServices();
      await environment.cleanup();
    },
  } as Stack<S>;
}

export interface RunningGateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real gateway in this process in front of the given services' URLs (another gateway pod, when a test
 * already has a stack); a closed port for every other service.
 */
export async function startGateway(upstreamUrls: Partial<Record<ServiceName, string>>, overrides: Record<string, string> = {}): Promise<RunningGateway> {
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, upstreamUrls[name] ?? CLOSED_URL]));
  const config = loadConfig(gatewayConfigSchema, { LOG_LEVEL: 'silent', ...upstreams, WEB_DIST: '/nonexistent', ...overrides });
  const gateway = createGateway(config, createLogger('gateway', 'silent'));
  const server: RunningServer = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    url: server.url,
    async stop() {
      await server.drain(1000);
      gateway.close();
    },
  };
}
