import type { Knex } from '@vnmarket/shared';

export interface ObjectRow {
  key: string;
  owner_id: string;
  content_type: string;
  size: number;
  created_at: Date;
}

export async function insertObjects(trx: Knex.Transaction, rows: Omit<ObjectRow, 'created_at'>[]): Promise<void> {
  await trx('objects').insert(rows);
}

export const findObject = (db: Knex, key: string) => db<ObjectRow>('objects').where({ key }).first();

export async function deleteObjectsOf(trx: Knex.Transaction, ownerId: string): Promise<string[]> {
  return (await trx('objects').where({ owner_id: ownerId }).delete().returning('key')).map((row: { key: string }) => row.key);
}

export async function deleteUploadsOf(trx: Knex.Transaction, ownerId: string): Promise<string[]> {
  return (await trx('uploads').where({ owner_id: ownerId }).delete().returning('key')).map((row: { key: string }) => row.key);
}

/** Deletes the rows of these keys; returns the keys that existed (their bytes are deleted next). */
export async function deleteObjectsWithKeys(trx: Knex.Transaction, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  return (await trx('objects').whereIn('key', keys).delete().returning('key')).map((row: { key: string }) => row.key);
}
