/**
 * The operator's command that grants or revokes the moderator role; the API never can. Locally
 * `make grant-moderator PHONE=+1...` (or revoke-moderator) runs this file; inside an auth pod its bundle
 * (dist/moderators.js, scripts/build.ts) runs as
 *
 *   npm run grant-moderator -w services/auth -- +14085550123
 *   npm run revoke-moderator -w services/auth -- +14085550123
 *
 * The change and its user.updated event are written in one transaction; the running auth service relays
 * the event, so listings learns of the role within a second or so.
 */
import { buildEvent, normalizePhone } from '@vnmarket/proto';
import { baseConfigSchema, createDb, loadConfigOrExit, OUTBOX_TABLE, type Knex } from '@vnmarket/shared';
import { randomUUID } from 'node:crypto';
import { AUTH_SCHEMA } from './config';
import { toProfileEvent, updateUser, type UserRow } from './db/users';

export type ModeratorChange = 'grant' | 'revoke';

/** The account a phone number names: the one that verified it, else the only one holding it. */
async function accountOfPhone(trx: Knex.Transaction, phone: string): Promise<UserRow> {
  const accounts = await trx<UserRow>('users').where({ phone }).orderBy('phone_verified', 'desc').forUpdate();
  const verified = accounts.find((account) => account.phone_verified);
  if (verified) return verified;
  if (accounts.length === 1) return accounts[0]!;
  throw new Error(accounts.length === 0 ? `no account has the phone number ${phone}` : `${accounts.length} unverified accounts hold ${phone}: verify it first`);
}

/** Sets the role; returns the account's name and whether anything changed. */
export async function changeModerator(db: Knex, change: ModeratorChange, phoneText: string): Promise<{ name: string; changed: boolean }> {
  const phone = normalizePhone(phoneText);
  if (!phone) throw new Error(`not a phone number: ${phoneText}`);
  return db.transaction(async (trx) => {
    const account = await accountOfPhone(trx, phone);
    const name = `${account.first_name} ${account.last_name} (${phone})`;
    const wanted = change === 'grant';
    if (account.is_moderator === wanted) return { name, changed: false };
    const updated = (await updateUser(trx, account.id, { is_moderator: wanted }))!;
    const envelope = buildEvent('user.updated', toProfileEvent(updated), randomUUID(), new Date());
    await trx(OUTBOX_TABLE).insert({ id: envelope.id, type: envelope.type, envelope, request_id: null, trace_context: null });
    return { name, changed: true };
  });
}

async function main(): Promise<void> {
  const [change, phone] = process.argv.slice(2);
  if ((change !== 'grant' && change !== 'revoke') || !phone) {
    process.stderr.write('usage: moderators.ts grant|revoke <phone>\n');
    process.exit(2);
  }
  // Only the database is needed: the running service relays the event.
  const config = loadConfigOrExit(baseConfigSchema.pick({ DATABASE_URL: true }), 'auth');
  const db = createDb(config.DATABASE_URL, AUTH_SCHEMA, 1);
  try {
    const { name, changed } = await changeModerator(db, change, phone);
    const role = change === 'grant' ? 'is a moderator' : 'is no longer a moderator';
    process.stdout.write(`${name} ${role}${changed ? '' : ' (unchanged)'}\n`);
  } catch (error) {
    process.stderr.write(`${change}-moderator: ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) void main();
