import { execFileSync } from 'node:child_process';
import {
  registered,
  startAuth,
  type RunningAuth,
  AMQP_URL,
  createTcpFaultProxy,
  eventually,
  metricValue,
  scrapeMetrics,
  throughProxy,
  type TcpFaultProxy,
} from '@vnmarket/testkit';

/**
 * What an operator sees at /metrics while RabbitMQ is down: the outbox backlog rising with every write,
 * the oldest unsent row ageing, the broker disconnected; all back to zero once it returns.
 *
 * It stops the shared RabbitMQ app (rabbitmqctl stop_app), so it runs in the disruptive pass, alone,
 * and always starts it again. OUTBOX_BACKLOG_OUTAGE=proxy cuts only this test's connection through a
 * TCP proxy instead, which disturbs nobody (for working on the test while others use the broker).
 */
jest.setTimeout(180_000);

const viaProxy = process.env.OUTBOX_BACKLOG_OUTAGE === 'proxy';
const rabbitmqctl = (action: 'stop_app' | 'start_app') => execFileSync('rabbitmqctl', ['-q', action], { stdio: 'pipe', timeout: 120_000 });

let auth: RunningAuth;
let proxy: TcpFaultProxy | undefined;
const broker = {
  stop: () => (proxy ? proxy.cut() : rabbitmqctl('stop_app')),
  start: () => (proxy ? proxy.restore() : rabbitmqctl('start_app')),
};

beforeAll(async () => {
  if (viaProxy) proxy = await createTcpFaultProxy({ host: new URL(AMQP_URL).hostname, port: Number(new URL(AMQP_URL).port || 5672) });
  auth = await startAuth('outbox-backlog', proxy ? { AMQP_URL: throughProxy(AMQP_URL, proxy) } : {});
});

afterAll(async () => {
  try {
    broker.start();
  } catch {
    /* already running */
  }
  await auth?.stop();
  await proxy?.close();
});

/** The outbox and broker figures of one scrape of auth's metrics listener. */
async function outboxFigures() {
  const text = await scrapeMetrics(auth.metricsUrl);
  return {
    backlog: metricValue(text, 'outbox_backlog_rows'),
    oldestAgeSeconds: metricValue(text, 'outbox_oldest_unsent_age_seconds'),
    connected: metricValue(text, 'event_bus_connected', { connection: 'auth-test' }),
  };
}

it('the outbox backlog gauge rises while RabbitMQ is stopped, and falls back to zero once it is back', async () => {
  const seen: Array<{ moment: string } & Awaited<ReturnType<typeof outboxFigures>>> = [];
  const record = async (moment: string) => {
    const figures = await outboxFigures();
    seen.push({ moment, ...figures });
    return figures;
  };
  try {
    expect(await record('before')).toEqual({ backlog: 0, oldestAgeSeconds: 0, connected: 1 });

    broker.stop();
    await eventually(async () => expect((await outboxFigures()).connected).toBe(0), 30_000, 100);
    // Sign-ups go on: each writes user.registered to the outbox, which now keeps it.
    await registered(auth);
    const one = await record('stopped, 1 sign-up');
    expect(one).toMatchObject({ backlog: 1, connected: 0 });
    await registered(auth);
    await registered(auth);
    // The oldest unsent event ages while it waits: polled until it is more than a second older than at the first.
    await eventually(async () => expect((await outboxFigures()).oldestAgeSeconds!).toBeGreaterThan(one.oldestAgeSeconds! + 1), 30_000, 100);
    const three = await record('stopped, 3 sign-ups');
    expect(three.backlog).toBe(3);
    expect(three.oldestAgeSeconds!).toBeGreaterThan(one.oldestAgeSeconds! + 1);

    broker.start();
    await eventually(async () => expect(await outboxFigures()).toEqual({ backlog: 0, oldestAgeSeconds: 0, connected: 1 }), 120_000, 250);
    await record('started again');
  } finally {
    process.stdout.write(
      `\noutbox backlog while the broker was ${viaProxy ? 'cut (TCP proxy)' : 'stopped (rabbitmqctl stop_app)'}:\n` +
        seen
          .map(
            (row) =>
              `  ${row.moment.padEnd(20)} outbox_backlog_rows=${row.backlog}` +
              ` outbox_oldest_unsent_age_seconds=${row.oldestAgeSeconds?.toFixed(2)} event_bus_connected=${row.connected}`,
          )
          .join('\n') +
        '\n',
    );
  }
});
