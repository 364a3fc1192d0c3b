import type { Logger } from './logger';

/**
 * A pass that runs now and then every `intervalMs` on each replica (an interval of 0 or less: never), one
 * pass at a time: a pass still running when the next is due makes that one skip. A failed pass is logged
 * and the next one tries again; stop() waits for a pass in progress. What makes a pass safe with several
 * replicas (SKIP LOCKED, a lease row) is the pass's own business.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: { name: string; intervalMs: number; logger: Logger; run: () => Promise<unknown> }) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.options
      .run()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, `${this.options.name} failed; the next one tries again`));
    await this.running;
    this.running = undefined;
  }
}

/**
 * A scheduled job that is one PeriodicTask: the subclass gives the pass (runOnce, which tests also call with
 * a time of their choosing), this base starts and stops the schedule.
 */
export abstract class PeriodicJob<Pass> {
  private readonly task: PeriodicTask;

  protected constructor(name: string, schedule: { intervalMs: number; logger: Logger }) {
    this.task = new PeriodicTask({ name, intervalMs: schedule.intervalMs, logger: schedule.logger, run: () => this.runOnce() });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  abstract runOnce(): Promise<Pass>;
}
