import type { Knex } from '@vnmarket/shared';

export type DeadReason = 'superseded' | 'too_many_attempts' | 'phone_changed' | 'undelivered';

export interface CodeRow {
  id: string;
  user_id: string;
  phone: string;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
  dead_at: Date | null;
  dead_reason: DeadReason | null;
}

export type NewCode = Pick<CodeRow, 'user_id' | 'phone' | 'code_hash' | 'created_at' | 'expires_at'>;

/** Codes neither used nor retired. (A block body: a query builder is a thenable, not a value to return.) */
const live = (query: Knex.QueryBuilder): void => {
  query.whereNull('consumed_at').whereNull('dead_at');
};

export async function insertCode(trx: Knex.Transaction, code: NewCode): Promise<CodeRow> {
  const [row] = await trx<CodeRow>('verification_codes').insert(code).returning('*');
  return row!;
}

/** Retires the user's live code (if any); with `unlessPhone`, only one sent to another number. */
export async function retireLiveCodes(trx: Knex.Transaction, userId: string, reason: DeadReason, now: Date, unlessPhone?: string): Promise<void> {
  const query = trx('verification_codes').where({ user_id: userId }).modify(live);
  if (unlessPhone !== undefined) query.whereNot({ phone: unlessPhone });
  await query.update({ dead_at: now, dead_reason: reason });
}

export async function retireCode(trx: Knex | Knex.Transaction, id: string, reason: DeadReason, now: Date): Promise<void> {
  await trx('verification_codes').where({ id }).modify(live).update({ dead_at: now, dead_reason: reason });
}

/** The user's newest code, locked so concurrent guesses are counted one after another. */
export const lockLatestCode = (trx: Knex.Transaction, userId: string) =>
  trx<CodeRow>('verification_codes').where({ user_id: userId }).orderBy('created_at', 'desc').orderBy('id', 'desc').forUpdate().first();

/** Counts a wrong guess; the guess that reaches the limit kills the code. */
export async function recordWrongAttempt(trx: Knex.Transaction, code: CodeRow, maxAttempts: number, now: Date): Promise<void> {
  const attempts = code.attempts + 1;
  const dead = attempts >= maxAttempts ? { dead_at: now, dead_reason: 'too_many_attempts' } : {};
  await trx('verification_codes')
    .where({ id: code.id })
    .update({ attempts, ...dead });
}

export async function consumeCode(trx: Knex.Transaction, id: string, now: Date): Promise<void> {
  await trx('verification_codes').where({ id }).update({ consumed_at: now });
}

export async function deleteCodesOfUser(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('verification_codes').where({ user_id: userId }).delete();
}

/** Old codes have no use left; they are removed after a retention period. */
export async function pruneCodes(db: Knex, createdBefore: Date): Promise<number> {
  return db('verification_codes').where('created_at', '<', createdBefore).delete();
}
