import { PeriodicJob, type Knex, type Logger, type Outbox } from '@vnmarket/shared';
import { claimExpiryNotices, expireDue } from '../db/lifecycle';
import { publishListing } from '../events/publish';

/** Rows per transaction: short locks, and a backlog (after an outage) drains in several passes. */
const BATCH = 200;

export interface ExpiryPass {
  expired: number;
  noticed: number;
}

/**
 * The scheduled expiry: every replica runs it, and SKIP LOCKED shares the rows, so two replicas never take
 * the same listing and a stopped one leaves nothing half done. Each pass takes the listings whose time is
 * up out of the catalogue (listing.updated, like any change) and tells owners three days before
 * (listing.expiring), each in the transaction that changes the rows, through the outbox.
 */
export class ExpiryJob extends PeriodicJob<ExpiryPass> {
  constructor(private readonly deps: { db: Knex; outbox: Outbox; logger: Logger; clock: () => Date; intervalMs: number; onExpired: () => void }) {
    super('expiry pass', deps);
  }

  /** One pass at the clock's time, until nothing is due. */
  override async runOnce(now = this.deps.clock()): Promise<ExpiryPass> {
    const { db, outbox } = this.deps;
    const pass: ExpiryPass = { expired: 0, noticed: 0 };
    for (;;) {
      const expired = await db.transaction(async (trx) => {
        const rows = await expireDue(trx, now, BATCH);
        for (const row of rows) await publishListing(outbox, trx, 'listing.updated', row);
        return rows.length;
      });
      pass.expired += expired;
      if (expired < BATCH) break;
    }
    for (;;) {
      const noticed = await db.transaction(async (trx) => {
        const rows = await claimExpiryNotices(trx, now, BATCH);
        for (const row of rows) {
          await outbox.add(trx, 'listing.expiring', {
            userId: row.user_id,
            listingId: row.id,
            listingTitle: row.title,
            expiresAt: row.expires_at.toISOString(),
          });
        }
        return rows.length;
      });
      pass.noticed += noticed;
      if (noticed < BATCH) break;
    }
    if (pass.expired > 0) this.deps.onExpired();
    if (pass.expired + pass.noticed > 0) this.deps.logger.info(pass, 'expiry pass');
    return pass;
  }
}
