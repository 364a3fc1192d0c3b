import type { BlockedMember, PageQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

/** Whether messaging knows the member (from their events) and they have not deleted their account. */
export async function isKnownMember(db: Knex, userId: string): Promise<boolean> {
  return (await db('users').where({ id: userId, deleted: false }).first('id')) !== undefined;
}

/** Blocking again changes nothing (the first block's time is kept). */
export async function block(db: Knex, blockerId: string, blockedId: string): Promise<void> {
  await db('blocks').insert({ blocker_id: blockerId, blocked_id: blockedId }).onConflict(['blocker_id', 'blocked_id']).ignore();
}

/** Answers whether there was a block to lift. */
export async function unblock(db: Knex, blockerId: string, blockedId: string): Promise<boolean> {
  return (await db('blocks').where({ blocker_id: blockerId, blocked_id: blockedId }).delete()) > 0;
}

interface BlockedRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  created_at: Date;
}

/** The members a member has blocked, newest first, with the names messaging keeps of them. */
export async function blockedBy(db: Knex, blockerId: string, page: PageQuery): Promise<BlockedMember[]> {
  const rows: BlockedRow[] = await db('blocks as b')
    .leftJoin('users as u', 'u.id', 'b.blocked_id')
    .where('b.blocker_id', blockerId)
    .orderBy([
      { column: 'b.created_at', order: 'desc' },
      { column: 'b.blocked_id', order: 'asc' },
    ])
    .limit(page.limit)
    .offset(page.offset)
    .select('b.blocked_id as id', 'u.first_name', 'u.last_name', 'u.profile_image_url', 'b.created_at');
  return rows.map((row) => ({
    id: row.id,
    // As the inbox names them: a deleted account keeps its block, without its name.
    firstName: row.first_name || 'Former',
    lastName: row.last_name || 'member',
    profileImageUrl: row.profile_image_url,
    blockedAt: row.created_at.toISOString(),
  }));
}
