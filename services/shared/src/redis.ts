import { Redis } from 'ioredis';
import Pipeline from 'ioredis/built/Pipeline';

export type { Redis };

export function createRedis(url: string, keyPrefix: string): Redis {
  releaseSettledPipelines();
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    // Commands issued in the same tick go in one write (a group commit answering many sends publishes many
    // pushes at once): on a busy chat it halved Redis's CPU, and each write on loopback costs the writer.
    enableAutoPipelining: true,
    connectTimeout: 5000,
    // Reconnect forever with a capped backoff; readiness reports the outage meanwhile.
    retryStrategy: (attempt) => Math.min(200 * attempt, 5000),
  });
}

/** What a settled pipeline keeps (ioredis 5 and 6 keep these fields under these names). */
interface PipelineInternals {
  promise: Promise<unknown>;
  _queue: unknown[];
  _result: unknown[];
  resolve(result: unknown): void;
  reject(error: Error): void;
  exec(...args: unknown[]): unknown;
  [releaseScheduled]?: true;
}

const releaseScheduled = Symbol('releaseScheduled');
const patched = Symbol.for('vnmarket.redis.releaseSettledPipelines');

/**
 * Makes every ioredis pipeline (auto-pipelining makes one per tick) drop its commands, results and
 * resolvers once it has settled; its callers have what they need by then.
 *
 * Why: under load a pipeline is in flight at almost every young-generation GC, so it is promoted to the old
 * generation, where it stays until the next full GC. What it still references is kept alive by it through
 * every young GC meanwhile, and that holds the callers' objects of later commands: a busy chat replica
 * would promote much of what it allocates and pause long at each young GC. Released, little is promoted
 * (test/pipeline-gc-probe.ts measures it).
 */
function releaseSettledPipelines(): void {
  const prototype = Pipeline.prototype as unknown as PipelineInternals & { [patched]?: true };
  if (prototype[patched]) return;
  prototype[patched] = true;
  const exec = prototype.exec;
  prototype.exec = function execThenRelease(this: PipelineInternals, ...args: unknown[]) {
    // exec runs more than once for a MULTI and for retries; the pipeline's own promise settles once.
    if (!this[releaseScheduled]) {
      this[releaseScheduled] = true;
      const release = () => {
        this._queue = [];
        this._result = [];
        this.resolve = () => undefined;
        this.reject = () => undefined;
      };
      // Both handlers: a rejection still reaches the caller through the promise exec answers.
      this.promise.then(release, release);
    }
    return exec.apply(this, args);
  };
}
