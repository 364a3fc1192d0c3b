import { startTelemetry } from '@vnmarket/shared/telemetry';

/** Imported first by main.ts, so express, pg, ioredis and amqplib load already instrumented. */
export const stopTelemetry = startTelemetry('media');
