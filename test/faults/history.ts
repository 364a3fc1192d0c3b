/**
 * What clients sent and what they got, checked afterwards (in the manner of Jepsen's histories): every
 * operation with its invoke and completion times and outcome, and every push a socket received.
 */
export interface Operation {
  kind: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when the request failed without one (connection refused or reset). */
  status: number;
  /** The id the server acknowledged (a listing, a message), when it did. */
  id?: string;
}

export class History {
  readonly operations: Operation[] = [];
  /** Message ids pushed to each user's sockets, with repeats. */
  readonly pushes = new Map<string, string[]>();
  private readonly faultWindows: Array<[number, number]> = [];

  async record<T extends { status: number; id?: string }>(kind: string, run: () => Promise<T>): Promise<T | undefined> {
    const startedAt = Date.now();
    try {
      const outcome = await run();
      this.operations.push({ kind, startedAt, endedAt: Date.now(), status: outcome.status, id: outcome.id });
      return outcome;
    } catch {
      this.operations.push({ kind, startedAt, endedAt: Date.now(), status: 0 });
      return undefined;
    }
  }

  /** Messages a client fetched after reconnecting (what it may have missed while its socket was down). */
  readonly refetched = new Map<string, Set<string>>();

  fetchedAfterReconnect(userId: string, messageIds: string[]): void {
    const set = this.refetched.get(userId) ?? new Set<string>();
    for (const id of messageIds) set.add(id);
    this.refetched.set(userId, set);
  }

  pushed(userId: string, messageId: string): void {
    const list = this.pushes.get(userId) ?? [];
    list.push(messageId);
    this.pushes.set(userId, list);
  }

  /** Marks the time a fault is in force (p99 during the fault is measured over these windows). */
  async during<T>(fault: () => Promise<T>): Promise<T> {
    const window: [number, number] = [Date.now(), Number.POSITIVE_INFINITY];
    this.faultWindows.push(window);
    try {
      return await fault();
    } finally {
      window[1] = Date.now();
    }
  }

  acknowledged(kind: string): string[] {
    return this.operations
      .filter((operation) => operation.kind === kind && operation.status >= 200 && operation.status < 300 && operation.id)
      .map((operation) => operation.id!);
  }

  serverErrors(kind?: string): Operation[] {
    return this.operations.filter((operation) => operation.status >= 500 && (kind === undefined || operation.kind === kind));
  }

  /** Requests that got no HTTP answer at all (refused, reset). */
  unanswered(): Operation[] {
    return this.operations.filter((operation) => operation.status === 0);
  }

  /** Pushes received more than once for the same message and user: harmless (clients dedupe by id). */
  duplicatePushes(): number {
    let duplicates = 0;
    for (const ids of this.pushes.values()) duplicates += ids.length - new Set(ids).size;
    return duplicates;
  }

  p99DuringFaults(): number {
    const inFault = this.operations.filter((operation) => this.faultWindows.some(([from, to]) => operation.startedAt <= to && operation.endedAt >= from));
    return percentile(
      inFault.map((operation) => operation.endedAt - operation.startedAt),
      0.99,
    );
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
