import { isUrlReachable } from '../scripts/lib/local';

/**
 * Tests use the PostgreSQL, Redis and RabbitMQ named by DATABASE_URL, REDIS_URL and AMQP_URL (the local
 * servers by default). When one is not reachable and Docker is available, it is started with
 * testcontainers for this run; otherwise the run stops with a clear message.
 */
const stores = [
  { env: 'DATABASE_URL', fallback: 'postgres://postgres@127.0.0.1:5432/postgres', image: 'postgres:16-alpine', port: 5432 },
  { env: 'REDIS_URL', fallback: 'redis://127.0.0.1:6379', image: 'redis:7-alpine', port: 6379 },
  { env: 'AMQP_URL', fallback: 'amqp://guest:guest@127.0.0.1:5672', image: 'rabbitmq:4.1-alpine', port: 5672 },
] as const;

export default async function globalSetup(): Promise<void> {
  const started: { stop(): Promise<unknown> }[] = [];
  for (const store of stores) {
    const url = process.env[store.env] ?? store.fallback;
    if (await isUrlReachable(url, store.port)) {
      process.env[store.env] = url;
      continue;
    }
    const { GenericContainer } = await import('testcontainers');
    let container;
    try {
      const definition = new GenericContainer(store.image).withExposedPorts(store.port);
      if (store.env === 'DATABASE_URL') definition.withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' });
      container = await definition.start();
    } catch (error) {
      throw new Error(`${store.env}: nothing answers at ${url}, and no container could be started (${(error as Error).message})`, { cause: error });
    }
    started.push(container);
    const host = `${container.getHost()}:${container.getMappedPort(store.port)}`;
    process.env[store.env] =
      store.env === 'DATABASE_URL' ? `postgres://postgres@${host}/postgres` : store.env === 'REDIS_URL' ? `redis://${host}` : `amqp://guest:guest@${host}`;
  }
  (globalThis as { __containers?: typeof started }).__containers = started;
}
