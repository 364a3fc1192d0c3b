import { PeriodicJob, type Knex, type Logger } from '@vnmarket/shared';
import { pruneNotificationsBefore } from '../db/notifications';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Keeps the bell's table to its retention: every hour, on each replica, the notifications older than
 * NOTIFICATION_RETENTION_DAYS are deleted. Replicas that meet delete the same rows once; the later one
 * finds none. A notification is a pointer to a listing, message or review that stays where it is.
 */
export class NotificationPruneJob extends PeriodicJob<number> {
  constructor(private readonly deps: { db: Knex; logger: Logger; clock: () => Date; retentionDays: number; intervalMs?: number }) {
    super('notification prune', { intervalMs: deps.intervalMs ?? HOUR_MS, logger: deps.logger });
  }

  /** One pass as at `now`: answers how many notifications went. */
  override async runOnce(now = this.deps.clock()): Promise<number> {
    const pruned = await pruneNotificationsBefore(this.deps.db, new Date(now.getTime() - this.deps.retentionDays * DAY_MS));
    if (pruned > 0) this.deps.logger.info({ pruned }, 'pruned notifications past their retention');
    return pruned;
  }
}
