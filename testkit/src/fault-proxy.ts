import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis, RabbitMQ) that a test can cut, stall and
 * restore, to play an outage or a hung connection without stopping the shared server others use.
 */
export interface TcpFaultProxy {
  port: number;
  /** host:port to put in a connection URL instead of the real server's. */
  address: string;
  /** Drops every open connection and refuses new ones. */
  cut(): void;
  /** Keeps connections open but passes no bytes either way (a hung network or server). */
  stall(): void;
  /** Back to a transparent proxy. Stalled connections are dropped (their protocol state is lost). */
  restore(): void;
  close(): Promise<void>;
}

export async function createTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  let mode: 'pass' | 'cut' | 'stall' = 'pass';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (mode === 'cut') return client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    cut() {
      mode = 'cut';
      dropAll();
    },
    stall() {
      mode = 'stall';
    },
    restore() {
      if (mode === 'stall') dropAll();
      mode = 'pass';
    },
    async close() {
      mode = 'cut';
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'amqp:': 5672 };

/** A fault proxy in front of the server a connection URL names (on its scheme's default port when it names none). */
export function faultProxyFor(url: string): Promise<TcpFaultProxy> {
  const { hostname, port, protocol } = new URL(url);
  return createTcpFaultProxy({ host: hostname, port: Number(port || DEFAULT_PORTS[protocol]) });
}

/** The URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpFaultProxy): string {
  const parsed = new URL(url);
  parsed.host = proxy.address;
  return parsed.toString();
}
