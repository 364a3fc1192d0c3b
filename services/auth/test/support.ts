import { connectInfrastructure, createLogger, listen, loadConfig, migrateService, type Infrastructure, type RunningServer } from '@vnmarket/shared';
import { createTestEnvironment, TestClient, uniquePhone, type TestEnvironment } from '@vnmarket/shared/testing';
import { migrations } from '../migrations';
import { createAuthService, type AuthService } from '../src/app';
import { AUTH_SCHEMA, authConfigSchema, type AuthConfig } from '../src/config';

export interface RunningAuth {
  url: string;
  config: AuthConfig;
  service: AuthService;
  infrastructure: Infrastructure;
  environment: TestEnvironment;
  server: RunningServer;
  client(): TestClient;
  stop(): Promise<void>;
}

/** The real auth service, in this process, on its own database, key prefix and exchange. */
export async function startAuth(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningAuth> {
  const env = environment ?? (await createTestEnvironment(label));
  // Cheaper hashing keeps the suite fast; production cost is the config default.
  const config = loadConfig(authConfigSchema, { ...env.env, PORT: '0', ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1', REGISTER_MAX_PER_IP_PER_HOUR: '10000', ...overrides });
  await migrateService(config.DATABASE_URL, AUTH_SCHEMA, migrations);
  const logger = createLogger('auth', config.LOG_LEVEL);
  const infrastructure = connectInfrastructure(config, AUTH_SCHEMA, logger, 'auth-test');
  const service = createAuthService({ config, logger, infrastructure });
  await service.start();
  await infrastructure.bus.waitUntilConnected();
  const server = await listen(service.app, 0, '127.0.0.1');
  return {
    url: server.url,
    config,
    service,
    infrastructure,
    environment: env,
    server,
    client: () => new TestClient(server.url),
    async stop() {
      await server.drain(1000);
      await service.stop();
      await infrastructure.close();
      if (!environment) await env.cleanup();
    },
  };
}

export function newUser(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Lan', lastName: 'Nguyễn', phone: uniquePhone(), password: 'correct horse', ...overrides };
}

/** Registers a user and returns a client signed in as them. */
export async function registered(auth: { client(): TestClient }, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const client = auth.client();
  const body = newUser(overrides);
  const response = await client.post('/api/register', body, headers);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { client, user: response.body, password: body.password as string, phone: body.phone as string };
}
