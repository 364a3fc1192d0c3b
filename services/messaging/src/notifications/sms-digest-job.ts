import { randomUUID } from 'node:crypto';
import { PeriodicJob, type Knex, type Logger, type Outbox } from '@vnmarket/shared';
import { claimLease, pendingDigests, recordDigest, releaseLease } from '../db/sms-digests';
import { digestText, type DigestCounts } from './digest-texts';

/** The digest's day and hours are the Bay Area's, whatever zone the servers run in. */
const DIGEST_TIME_ZONE = 'America/Los_Angeles';
/** No digest from this hour on (a late pass waits for the next day's send hour): nobody is texted at night. */
const DIGEST_LAST_HOUR = 21;
/** Members per transaction: short locks, and a large day drains in several. */
const BATCH = 200;
const LEASE = 'sms_digest';
/** Longer than a pass takes; a replica that dies holding it only delays the day's pass by this much. */
const LEASE_SECONDS = 300;

const dayAndHour = new Intl.DateTimeFormat('en-CA', {
  timeZone: DIGEST_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Bay Area's date (YYYY-MM-DD) and hour (0-23) at that instant. */
export function bayAreaDayAndHour(at: Date): { date: string; hour: number } {
  const parts = Object.fromEntries(dayAndHour.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export interface DigestPass {
  date: string;
  /** Why nothing was looked at: outside the send hours, or another replica holds the lease. */
  skipped?: 'outside_hours' | 'leased';
  sent: number;
}

/**
 * The daily SMS digest. Every replica checks every few minutes; from the send hour (Bay Area time) until
 * evening, the one holding the lease row texts each member who has unread notifications, in kinds they
 * chose for the digest, that arrived since their last digest: one count per kind and the site's address,
 * in their language. The sms_digests row and the digest.ready event (verification sends the SMS) are
 * written in one transaction, and the row's key (member, day) keeps it to one a day even if two passes meet.
 */
export class SmsDigestJob extends PeriodicJob<DigestPass> {
  private readonly holder = randomUUID();

  constructor(private readonly deps: { db: Knex; outbox: Outbox; logger: Logger; clock: () => Date; intervalMs: number; sendHour: number; siteUrl: string }) {
    super('SMS digest pass', deps);
  }

  /** One pass as at `now`: every member due today, in batches, unless it is not the time or another replica is at it. */
  override async runOnce(now = this.deps.clock()): Promise<DigestPass> {
    const { db, outbox } = this.deps;
    const { date, hour } = bayAreaDayAndHour(now);
    if (hour < this.deps.sendHour || hour >= DIGEST_LAST_HOUR) return { date, skipped: 'outside_hours', sent: 0 };
    if (!(await claimLease(db, LEASE, this.holder, LEASE_SECONDS))) return { date, skipped: 'leased', sent: 0 };
    const pass: DigestPass = { date, sent: 0 };
    try {
      for (;;) {
        const batch = await db.transaction(async (trx) => {
          const rows = await pendingDigests(trx, now, date, BATCH);
          const byMember = new Map<string, { counts: DigestCounts; total: number; language: string | null }>();
          for (const row of rows) {
            const member = byMember.get(row.user_id) ?? { counts: {}, total: 0, language: row.preferred_language };
            member.counts[row.kind] = row.count;
            member.total += row.count;
            byMember.set(row.user_id, member);
          }
          let sent = 0;
          for (const [userId, member] of byMember) {
            if (!(await recordDigest(trx, userId, date, now, member.total))) continue;
            await outbox.add(trx, 'digest.ready', { userId, date, text: digestText(member.counts, member.language, this.deps.siteUrl) });
            sent += 1;
          }
          return { members: byMember.size, sent };
        });
        pass.sent += batch.sent;
        if (batch.members < BATCH) break;
        // A long day: keep the lease while the batches go on.
        await claimLease(db, LEASE, this.holder, LEASE_SECONDS);
      }
    } finally {
      await releaseLease(db, LEASE, this.holder);
    }
    if (pass.sent > 0) this.deps.logger.info(pass, 'SMS digest pass');
    return pass;
  }
}
