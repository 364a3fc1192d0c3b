import type { Knex } from '@vnmarket/shared';

/**
 * Notifications by age, for the hourly prune (src/notifications/notification-prune-job.ts). Built
 * concurrently, as the table takes writes meanwhile; an index left invalid by a failed build is dropped first.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('drop index concurrently if exists notifications_by_age');
  await db.raw('create index concurrently notifications_by_age on notifications (created_at)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index concurrently if exists notifications_by_age');
}

/** Concurrent index builds cannot run in a transaction. */
export const config = { transaction: false };
