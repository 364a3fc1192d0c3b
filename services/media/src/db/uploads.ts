import type { Knex } from '@vnmarket/shared';

export interface UploadRow {
  id: string;
  owner_id: string;
  key: string;
  status: 'pending' | 'received' | 'processed';
  object_path: string | null;
  created_at: Date;
  expires_at: Date;
}

export async function insertUpload(db: Knex, upload: Pick<UploadRow, 'id' | 'owner_id' | 'key' | 'expires_at'>): Promise<void> {
  await db('uploads').insert(upload);
}

export const findUpload = (db: Knex, id: string) => db<UploadRow>('uploads').where({ id }).first();

export async function markUpload(db: Knex, id: string, changes: Partial<Pick<UploadRow, 'status' | 'object_path'>>): Promise<void> {
  await db('uploads').where({ id }).update(changes);
}

/** Slots never used before their link expired (plus a grace period): their raw files can go. */
export function staleUploads(db: Knex, olderThan: Date): Promise<Pick<UploadRow, 'id' | 'key'>[]> {
  return db('uploads').select('id', 'key').whereNot({ status: 'processed' }).where('created_at', '<', olderThan);
}

export async function deleteUploads(db: Knex, ids: string[]): Promise<void> {
  if (ids.length > 0) await db('uploads').whereIn('id', ids).delete();
}
