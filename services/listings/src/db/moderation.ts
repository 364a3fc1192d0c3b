import type { ModerationAction, ModerationCase, MyReport } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import type { ListingRow } from './listings';

/** Reports from the first open report of a listing to a moderator's decision (see proto's moderation.ts). */

export interface CaseRow {
  id: string;
  listing_id: string;
  owner_id: string;
  kind: 'reports' | 'appeal';
  status: 'open' | 'dismissed' | 'removed' | 'suspended';
  appeal_text: string | null;
  opened_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

const bumped = (trx: Knex.Transaction) => ({ updated_at: trx.fn.now(), version: trx.raw('version + 1') });

/** The listing's open case, opened now if it has none. */
export async function openCaseOf(trx: Knex.Transaction, listing: Pick<ListingRow, 'id' | 'user_id'>): Promise<CaseRow> {
  const open = await trx<CaseRow>('moderation_cases').where({ listing_id: listing.id, status: 'open' }).first();
  if (open) return open;
  const [created] = await trx<CaseRow>('moderation_cases').insert({ listing_id: listing.id, owner_id: listing.user_id, kind: 'reports' }).returning('*');
  return created!;
}

/** Distinct members whose reports of this case are still waiting. */
export async function reporterCount(trx: Knex.Transaction, caseId: string): Promise<number> {
  const [row] = await trx('reports').where({ case_id: caseId, status: 'pending' }).countDistinct<{ count: string }[]>({ count: 'reporter_id' });
  return Number(row?.count ?? 0);
}

/** Takes a listing out of the catalogue until a moderator decides; its owner's own choice is kept. */
export async function holdListing(trx: Knex.Transaction, id: string): Promise<ListingRow | undefined> {
  const [row] = await trx('listings')
    .where({ id })
    .whereNull('moderation_state')
    .update({ moderation_state: 'held', active_before_moderation: trx.ref('is_active'), is_active: false, ...bumped(trx) })
    .returning('*');
  return row;
}

/** Gives a held or removed listing back to its owner as they had it (shown or not); a suspended owner's stays out. */
export async function restoreListing(trx: Knex.Transaction, id: string): Promise<ListingRow | undefined> {
  const [row] = await trx('listings')
    .where({ id })
    .whereIn('moderation_state', ['held', 'removed'])
    .update({
      is_active: trx.raw('coalesce(active_before_moderation, is_active)'),
      moderation_state: null,
      active_before_moderation: null,
      ...bumped(trx),
    })
    .returning('*');
  return row;
}

/** Removes a listing from the catalogue for good (its owner may appeal once). */
export async function removeListing(trx: Knex.Transaction, id: string): Promise<ListingRow | undefined> {
  const [row] = await trx('listings')
    .where({ id })
    .update({
      active_before_moderation: trx.raw('case when moderation_state is null then is_active else active_before_moderation end'),
      moderation_state: 'removed',
      is_active: false,
      ...bumped(trx),
    })
    .returning('*');
  return row;
}

/** Every listing of a suspended member that is still up leaves the catalogue. */
export async function hideListingsOfOwner(trx: Knex.Transaction, ownerId: string): Promise<ListingRow[]> {
  return trx('listings')
    .where({ user_id: ownerId })
    .whereNull('moderation_state')
    .update({ moderation_state: 'suspended', active_before_moderation: trx.ref('is_active'), is_active: false, ...bumped(trx) })
    .returning('*');
}

export async function lockCase(trx: Knex.Transaction, id: string): Promise<CaseRow | undefined> {
  return trx<CaseRow>('moderation_cases').where({ id }).forUpdate().first();
}

const DECISION_STATUS = { dismiss: 'dismissed', remove: 'removed', suspend: 'suspended' } as const;

/** Closes a case: who, when and why on the case and in the actions log; its reports learn the outcome. */
export async function decideCase(trx: Knex.Transaction, caseId: string, action: ModerationAction, moderatorId: string, reason: string): Promise<void> {
  await trx('moderation_cases')
    .where({ id: caseId })
    .update({ status: DECISION_STATUS[action], decided_by: moderatorId, decided_at: trx.fn.now(), decision_reason: reason });
  await trx('moderation_actions').insert({ case_id: caseId, moderator_id: moderatorId, action, reason });
  await trx('reports')
    .where({ case_id: caseId, status: 'pending' })
    .update({ status: action === 'dismiss' ? 'dismissed' : 'upheld', decided_at: trx.fn.now() });
}

/** An owner's one appeal of a removed listing: a new case in the queue. */
export async function openAppeal(trx: Knex.Transaction, listing: Pick<ListingRow, 'id' | 'user_id'>, text: string): Promise<CaseRow> {
  const [created] = await trx<CaseRow>('moderation_cases')
    .insert({ listing_id: listing.id, owner_id: listing.user_id, kind: 'appeal', appeal_text: text })
    .returning('*');
  return created!;
}

/** The queue: open cases, held listings first (they are out of the catalogue while they wait), oldest first. */
export async function openCases(db: Knex, limit = 100): Promise<ModerationCase[]> {
  const rows = await db('moderation_cases as c')
    .join('listings as l', 'l.id', 'c.listing_id')
    .leftJoin('sellers as s', 's.id', 'c.owner_id')
    .where('c.status', 'open')
    .orderByRaw('(l.moderation_state is not null) desc, c.opened_at asc')
    .limit(limit)
    .select(
      'c.*',
      'l.title',
      'l.description',
      'l.category',
      'l.price',
      'l.price_type',
      'l.location',
      'l.images',
      'l.created_at as listing_created_at',
      'l.moderation_state',
      's.first_name',
      's.last_name',
      's.member_since',
      's.phone_verified',
      's.suspended',
    );
  if (rows.length === 0) return [];
  const caseIds = rows.map((row) => row.id as string);
  const ownerIds = [...new Set(rows.map((row) => row.owner_id as string))];
  const reports: { id: string; case_id: string; reporter_id: string; reason: string; description: string | null; created_at: Date }[] = await db('reports')
    .whereIn('case_id', caseIds)
    .orderBy('created_at');
  const history: { owner_id: string; status: string; count: string }[] = await db('moderation_cases')
    .whereIn('owner_id', ownerIds)
    .whereIn('status', ['dismissed', 'removed', 'suspended'])
    .groupBy('owner_id', 'status')
    .select('owner_id', 'status')
    .count({ count: '*' });
  const earlier = (ownerId: string, statuses: string[]) =>
    history.filter((row) => row.owner_id === ownerId && statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
  return rows.map((row) => {
    const ofCase = reports.filter((report) => report.case_id === row.id);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      openedAt: row.opened_at.toISOString(),
      appealText: row.appeal_text,
      listing: {
        id: row.listing_id,
        title: row.title,
        description: row.description,
        category: row.category,
        price: row.price,
        priceType: row.price_type,
        location: row.location,
        images: row.images,
        createdAt: row.listing_created_at.toISOString(),
        moderationStatus: row.moderation_state ?? null,
      },
      reports: ofCase.map((report) => ({
        id: report.id,
        reason: report.reason as ModerationCase['reports'][number]['reason'],
        description: report.description,
        createdAt: report.created_at.toISOString(),
      })),
      reporterCount: new Set(ofCase.map((report) => report.reporter_id)).size,
      owner: {
        id: row.owner_id,
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        memberSince: row.member_since?.toISOString() ?? null,
        phoneVerified: row.phone_verified ?? false,
        suspended: row.suspended ?? false,
        earlierCases: { dismissed: earlier(row.owner_id, ['dismissed']), removed: earlier(row.owner_id, ['removed', 'suspended']) },
      },
    };
  });
}

/** A member's reports, newest first, with what became of each. */
export async function reportsOf(db: Knex, reporterId: string, limit = 100): Promise<MyReport[]> {
  const rows = await db('reports as r')
    .join('listings as l', 'l.id', 'r.listing_id')
    .where('r.reporter_id', reporterId)
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .select('r.id', 'r.listing_id', 'l.title', 'r.reason', 'r.status', 'r.created_at', 'r.decided_at');
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listing_id,
    listingTitle: row.title,
    reason: row.reason,
    outcome: row.status === 'dismissed' ? 'dismissed' : row.status === 'upheld' ? 'upheld' : 'pending',
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  }));
}
