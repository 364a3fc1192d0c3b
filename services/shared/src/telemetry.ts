import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as Amqplib from '@opentelemetry/instrumentation-amqplib';
import type * as Express from '@opentelemetry/instrumentation-express';
import type * as Http from '@opentelemetry/instrumentation-http';
import type * as IORedis from '@opentelemetry/instrumentation-ioredis';
import type * as Pg from '@opentelemetry/instrumentation-pg';

/**
 * Starts tracing only when an OTLP endpoint is configured, so local runs and tests pay nothing.
 * Must run before express, pg, ioredis and amqplib are loaded: main.ts calls it first.
 * The SDK reads OTEL_EXPORTER_OTLP_ENDPOINT and the other standard OTEL_* variables itself.
 * It is loaded only then: the SDK and its instrumentations weigh about 48 MB of a process's memory.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): (() => Promise<void>) | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on demand, synchronously, before what they instrument */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { AmqplibInstrumentation } = require('@opentelemetry/instrumentation-amqplib') as typeof Amqplib;
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof Express;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof Http;
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof IORedis;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof Pg;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new AmqplibInstrumentation(),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
