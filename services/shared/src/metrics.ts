import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/**
 * One Prometheus registry per process, served at GET /metrics on the service's own port (the gateway
 * routes only /api, /objects and /ws, so it never reaches the public). Node's own metrics (event-loop
 * lag, heap, GC) are included.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** 1 while this process holds a broker connection. A broker outage is reported here, not by readiness. */
export const brokerConnected = new Gauge({
  name: 'event_bus_connected',
  help: 'Whether the process is connected to RabbitMQ (1) or not (0)',
  labelNames: ['connection'],
  registers: [metricsRegistry],
});

export const deadLetterDepth = new Gauge({
  name: 'event_bus_dead_letter_messages',
  help: 'Messages waiting in a dead-letter queue (replay with `npm run dlq -- replay <service>`)',
  labelNames: ['queue'],
  registers: [metricsRegistry],
});

export const eventOutcomes = new Counter({
  name: 'event_bus_handled_total',
  help: 'Events handled, by queue and outcome (ok, retry, paused, dead_lettered)',
  labelNames: ['queue', 'outcome'],
  registers: [metricsRegistry],
});

export const consumerPaused = new Gauge({
  name: 'event_bus_consumer_paused',
  help: 'Whether a consumer is paused because a dependency (the database) is down',
  labelNames: ['queue'],
  registers: [metricsRegistry],
});
