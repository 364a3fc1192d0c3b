import type { EventData, Language, PublicUser, User } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

export interface UserRow {
  id: string;
  email: string | null;
  /** Null when a verified owner took the number back from this unverified account. */
  phone: string | null;
  password: string;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  bio: string | null;
  phone_verified: boolean;
  /** When the phone on file was verified; null while it is not (or verified before this was kept). */
  phone_verified_at: Date | null;
  location: string | null;
  website: string | null;
  is_verified: boolean;
  /** One of proto's LANGUAGES, or null: never chosen (English). */
  preferred_language: Language | null;
  average_rating: string;
  review_count: number;
  /** Granted and revoked by the operator's command (src/moderators.ts) only. */
  is_moderator: boolean;
  /** Set by a moderator's decision (member.suspended): sign-in is refused from then on. */
  suspended_at: Date | null;
  suspension_reason: string | null;
  created_at: Date;
  updated_at: Date;
  /** Grows by one with every change; events carry it (see proto's event versions). */
  version: number;
}

export type NewUser = Pick<UserRow, 'email' | 'phone' | 'password' | 'first_name' | 'last_name' | 'preferred_language'>;
export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | 'first_name'
    | 'last_name'
    | 'profile_image_url'
    | 'bio'
    | 'phone'
    | 'location'
    | 'website'
    | 'phone_verified'
    | 'phone_verified_at'
    | 'is_verified'
    | 'preferred_language'
    | 'is_moderator'
    | 'suspended_at'
    | 'suspension_reason'
  >
>;

/** The API shape. The password hash stays in this service and never leaves this function. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    bio: row.bio,
    phoneVerified: row.phone_verified,
    location: row.location,
    website: row.website,
    isVerified: row.is_verified,
    preferredLanguage: row.preferred_language,
    averageRating: Number(row.average_rating),
    reviewCount: row.review_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(row.is_moderator ? { isModerator: true } : {}),
  };
}

/** What anyone may see of an account: no email, phone or phone-verification state. */
export function toPublicUser(row: UserRow): PublicUser {
  const { id, firstName, lastName, profileImageUrl, bio, location, website, isVerified, averageRating, reviewCount, createdAt } = toUser(row);
  return { id, firstName, lastName, profileImageUrl, bio, location, website, isVerified, averageRating, reviewCount, createdAt };
}

export function toProfileEvent(row: UserRow): EventData<'user.updated'> {
  const { bio: _bio, location: _location, website: _website, ...event } = toUser(row);
  return {
    ...event,
    phoneVerifiedAt: row.phone_verified && row.phone_verified_at ? row.phone_verified_at.toISOString() : null,
    isModerator: row.is_moderator,
    suspended: row.suspended_at !== null,
    version: Number(row.version),
  };
}

export const findUserById = (db: Knex, id: string) => db<UserRow>('users').where({ id }).first();

export const lockUserById = (trx: Knex.Transaction, id: string) => trx<UserRow>('users').where({ id }).forUpdate().first();

/**
 * The accounts an identifier may mean, most likely first: one for an email; for a phone, the account
 * that verified it, then unverified ones holding it (a few at most), oldest first.
 */
export function candidatesForIdentifier(db: Knex, identifier: { email?: string; phone?: string }): Promise<UserRow[]> {
  if (identifier.email) return db<UserRow>('users').where({ email: identifier.email }).limit(1);
  if (identifier.phone) {
    return db<UserRow>('users')
      .where({ phone: identifier.phone })
      .orderBy([{ column: 'phone_verified', order: 'desc' }, { column: 'created_at' }])
      .limit(3);
  }
  return Promise.resolve([]);
}

/** Whether another account has verified this number (then nobody else may claim it). */
export async function phoneVerifiedByOther(db: Knex, phone: string, exceptUserId?: string): Promise<boolean> {
  const query = db('users').where({ phone, phone_verified: true });
  if (exceptUserId) query.whereNot({ id: exceptUserId });
  return (await query.first('id')) !== undefined;
}

/** Why a sign-up would be refused as a duplicate (the message the client sees), or undefined. */
export async function registrationConflict(db: Knex, user: { phone: string; email?: string }): Promise<string | undefined> {
  if (await phoneVerifiedByOther(db, user.phone)) return duplicateUserMessage('users_verified_phone_unique');
  if (user.email && (await db('users').where({ email: user.email }).first('id'))) return duplicateUserMessage('users_email_unique');
  return undefined;
}

/** Unverified accounts holding a number someone just verified lose it; returns them, changed. */
export async function releasePhoneFromOthers(trx: Knex.Transaction, phone: string, ownerId: string): Promise<UserRow[]> {
  return trx<UserRow>('users')
    .where({ phone, phone_verified: false })
    .whereNot({ id: ownerId })
    .update({ phone: null, updated_at: trx.fn.now() as unknown as Date, version: trx.raw('version + 1') as unknown as number })
    .returning('*');
}

export async function insertUser(trx: Knex.Transaction, user: NewUser): Promise<UserRow> {
  const [row] = await trx<UserRow>('users').insert(user).returning('*');
  return row as UserRow;
}

export async function updateUser(trx: Knex.Transaction, id: string, changes: ProfileChanges): Promise<UserRow | undefined> {
  const [row] = await trx<UserRow>('users')
    .where({ id })
    .update({ ...changes, updated_at: trx.fn.now() as unknown as Date, version: trx.raw('version + 1') as unknown as number })
    .returning('*');
  return row;
}

/** Deletes the user; returns the version their user.deleted carries (one past the last change), or null. */
export async function deleteUser(trx: Knex.Transaction, id: string): Promise<number | null> {
  const [row] = await trx<UserRow>('users').where({ id }).delete().returning('version');
  return row ? Number(row.version) + 1 : null;
}

/** Recomputes a seller's rating from their reviews, inside the transaction that changed them. */
export async function refreshRating(trx: Knex.Transaction, sellerId: string): Promise<UserRow | undefined> {
  const [row] = await trx<UserRow>('users')
    .where({ id: sellerId })
    .update({
      average_rating: trx.raw('coalesce((select round(avg(rating)::numeric, 1) from reviews where seller_id = ?), 0)', [sellerId]),
      review_count: trx.raw('(select count(*) from reviews where seller_id = ?)', [sellerId]),
      updated_at: trx.fn.now(),
      version: trx.raw('version + 1'),
    } as never)
    .returning('*');
  return row;
}

/** Which unique constraint a duplicate broke, as the message the client sees. */
export function duplicateUserMessage(constraint: string | undefined): string | undefined {
  if (constraint === 'users_phone_unique' || constraint === 'users_verified_phone_unique') return 'An account with this phone number already exists';
  if (constraint === 'users_email_unique') return 'An account with this email already exists';
  return undefined;
}
