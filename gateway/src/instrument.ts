import { startTelemetry } from '@vnmarket/shared/telemetry';

/** Imported first by main.ts, so http and express load already instrumented. */
export const stopTelemetry = startTelemetry('gateway');
