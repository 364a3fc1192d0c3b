import { serviceUnavailable } from './errors';

/**
 * At most `limit` tasks at once, up to `queue` more waiting; beyond that, 503 with Retry-After at once.
 * Guards CPU- and memory-heavy work (image decoding) so a burst degrades to fast refusals, not to
 * every request slowing down or the process running out of memory.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly queue: number,
    private readonly busyMessage: string,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.queue) throw serviceUnavailable(this.busyMessage, 2);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
