import { isInfrastructureError, type Knex } from '@vnmarket/shared';
import { storeMessages, type MessageToStore } from './messages';

export interface MessageWriterOptions {
  db: Knex;
  /** Statements in flight at once; sends arriving meanwhile wait and go together in the next one. */
  maxInFlight?: number;
  /** Messages per statement at most. */
  maxBatch?: number;
}

interface Pending {
  item: MessageToStore;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

/**
 * Group commit for sends: a message is written at once when a statement slot is free; sends that arrive
 * while every slot is busy are written together by the next statement (one round trip and one commit for
 * all of them) instead of queueing for a pooled connection one by one. An idle service adds no wait;
 * a busy one commits in batches as large as the load. Each send resolves only after its own commit.
 */
export class MessageWriter {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly options: MessageWriterOptions) {}

  /** Stores one message and its outbox row; false when the receiver is unknown (nothing is stored). */
  store(item: MessageToStore): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= (this.options.maxInFlight ?? 4)) return;
    this.scheduled = true;
    // Sends parsed in the same turn of the event loop go in the same statement.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= (this.options.maxInFlight ?? 4)) return;
    const batch = this.queue.splice(0, this.options.maxBatch ?? 200);
    this.inFlight += 1;
    try {
      await this.write(batch);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const stored = await storeMessages(
        this.options.db,
        batch.map((pending) => pending.item),
      );
      for (const pending of batch) pending.resolve(stored.has(pending.item.message.id));
    } catch (error) {
      // A message the database refuses must not fail the others written with it: each is tried alone.
      if (batch.length > 1 && !isInfrastructureError(error)) {
        await Promise.all(batch.map((pending) => this.write([pending])));
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }
}
