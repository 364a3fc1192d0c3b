import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows a unit of work (an HTTP request or a consumed event) through logs and published events. */
export interface WorkContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

export function runWithContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Accept a caller's request id only when it looks like one, so logs cannot be injected into. */
export function sanitizeRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
