import { isInfrastructureError } from './bus/failures';

export interface GroupCommitOptions {
  /** Statements in flight at once; items arriving meanwhile wait and go together in the next one. */
  maxInFlight?: number;
  /** Items per statement at most. */
  maxBatch?: number;
}

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit for a hot write path: an item is written at once when a statement slot is free; items that
 * arrive while every slot is busy are written together by the next statement (one round trip and one commit
 * for all of them) instead of queueing for a pooled connection one by one. An idle service adds no wait; a
 * busy one commits in batches as large as the load. Each item resolves only after its own commit.
 *
 * `writeBatch` writes a batch in one statement and answers one result per item, in order. An item the
 * database refuses must not fail the others written with it: after a refusal that is not an
 * infrastructure failure, each item of the batch is tried alone.
 */
export class GroupCommit<Item, Result> {
  private readonly queue: Pending<Item, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly writeBatch: (items: Item[]) => Promise<Result[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 4;
    this.maxBatch = options.maxBatch ?? 200;
  }

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // Items submitted in the same turn of the event loop go in the same statement.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.inFlight += 1;
    try {
      await this.write(batch);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }

  private async write(batch: Pending<Item, Result>[]): Promise<void> {
    try {
      const results = await this.writeBatch(batch.map((pending) => pending.item));
      batch.forEach((pending, index) => pending.resolve(results[index]!));
    } catch (error) {
      if (batch.length > 1 && !isInfrastructureError(error)) {
        await Promise.all(batch.map((pending) => this.write([pending])));
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }
}
