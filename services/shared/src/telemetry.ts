import { NodeSDK } from '@opentelemetry/sdk-node';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/**
 * Starts tracing only when an OTLP endpoint is configured, so local runs and tests pay nothing.
 * Must run before express, pg, ioredis and amqplib are loaded: main.ts calls it first.
 * The SDK reads OTEL_EXPORTER_OTLP_ENDPOINT and the other standard OTEL_* variables itself.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): (() => Promise<void>) | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
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
