import type { EventData } from '@vnmarket/proto';
import type { Knex } from './db';

/**
 * Read copies kept from another service's events. Events can arrive out of order (retries, replicas,
 * DLQ replays), so each row keeps the `version` of the event it came from and only a newer version
 * changes it. A deletion leaves a tombstone (the row, flagged `deleted`, personal data cleared) rather
 * than removing the row, so a late update cannot bring the deleted data back.
 */
export interface VersionedCopy {
  table: string;
  /** The primary key column (a uuid). */
  key: string;
}

/** Columns every versioned read copy has; add them in the service's migration. */
export function addVersionColumns(table: Knex.AlterTableBuilder): void {
  table.bigInteger('version').notNullable().defaultTo(0);
  table.boolean('deleted').notNullable().defaultTo(false);
}

export function dropVersionColumns(table: Knex.AlterTableBuilder): void {
  table.dropColumn('deleted');
  table.dropColumn('version');
}

/**
 * Inserts or updates the copy unless it already holds this version or a newer one (a tombstone
 * included). Returns the stored row when the event was applied, undefined when it was stale.
 */
export async function applyVersioned<Row extends object>(
  trx: Knex.Transaction,
  copy: VersionedCopy,
  row: Record<string, unknown> & { version: number },
): Promise<Row | undefined> {
  const [stored] = await trx(copy.table)
    .insert({ ...row, deleted: false })
    .onConflict(copy.key)
    .merge()
    .where(`${copy.table}.version`, '<', row.version)
    .returning('*');
  return stored as Row | undefined;
}

/**
 * Marks the copy deleted at `version` (creating the tombstone if the copy was never seen). `row` holds
 * the key and values for the NOT NULL columns of a new tombstone; `clear` lists the columns to blank
 * on an existing row (personal data), others are kept (e.g. a removed listing's title).
 */
export async function applyTombstone(
  trx: Knex.Transaction,
  copy: VersionedCopy,
  row: Record<string, unknown>,
  version: number,
  clear: string[],
): Promise<boolean> {
  const stored = await trx(copy.table)
    .insert({ ...row, version, deleted: true })
    .onConflict(copy.key)
    .merge(['version', 'deleted', ...clear])
    .where(`${copy.table}.version`, '<', version)
    .returning(copy.key);
  return stored.length > 0;
}

/**
 * The columns every service's read copy of auth's users has, from a user.updated event: the name and photo
 * shown beside what the user wrote, when the user last changed, and the event's version. A service adds its own.
 */
export function userCopyColumns(user: EventData<'user.updated'>) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    updated_at: new Date(user.updatedAt),
    version: user.version,
  };
}

/** Those of userCopyColumns a user's deletion blanks (applyTombstone's `clear`, with the service's own). */
export const CLEARED_USER_COPY_COLUMNS = { first_name: '', last_name: '', profile_image_url: null };
