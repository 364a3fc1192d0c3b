import { z } from 'zod';
import { LANGUAGES } from './languages';
import { memberSummarySchema } from './primitives';

/**
 * Domain events shared over RabbitMQ. Every event travels in the same envelope; the routing key is the
 * event type. Payloads carry the full current state a consumer needs for its read copy, so handlers are
 * simple upserts and replaying an event is harmless.
 */

const isoDate = z.iso.datetime({ offset: true });

/**
 * A per-row counter that only grows (never a clock: `now()` is the transaction's start and can go
 * backwards between commits). A consumer applies an event only if its version is newer than what its
 * read copy holds, so a late `updated` never overwrites a `deleted` or a newer update.
 */
const version = z.number().int().nonnegative();

export const userProfileEventData = memberSummarySchema.extend({
  /** Null when the number was taken back by the account that verified it. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** When the phone on file was verified; null when it is not, absent from events written before it existed. */
  phoneVerifiedAt: isoDate.nullable().optional(),
  isVerified: z.boolean(),
  /**
   * Null: the account never chose (English). Absent from events written before it existed, and read as
   * absent when it names a language this release does not know (a newer release's): a consumer then keeps
   * the language its copy holds, and the rest of the event still applies.
   */
  preferredLanguage: z.enum(LANGUAGES).nullable().optional().catch(undefined),
  // A number; events written before it was one carried PostgreSQL's numeric string ("4.3").
  averageRating: z.coerce.number(),
  reviewCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Absent from events written before moderation existed: read as false. */
  isModerator: z.boolean().optional(),
  suspended: z.boolean().optional(),
  version,
});

export const listingEventData = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
  price: z.string(),
  category: z.string(),
  isActive: z.boolean(),
  images: z.array(z.string()),
  updatedAt: isoDate,
  version,
});

/** What the messaging service's scam guard can find in a message; its receiver sees a safety tip for it. */
export const MESSAGE_WARNINGS = ['prepayment', 'gift_card', 'off_platform_payment', 'code_request', 'external_link', 'contact_details'] as const;
export type MessageWarning = (typeof MESSAGE_WARNINGS)[number];

export const messageEventData = z.object({
  id: z.uuid(),
  conversationId: z.string(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  listingId: z.uuid().nullable(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: isoDate,
  /**
   * The scam guard's finding, for the receiver's eyes only: null in what the sender is shown. Absent from
   * events written before it existed; read as null when it names a kind this release does not know.
   */
  warning: z.enum(MESSAGE_WARNINGS).nullable().optional().catch(null),
});

/**
 * A new listing matched a member's saved search (listings): one event per member, never the listing's own
 * seller. The messaging service turns it into a notification.
 */
export const savedSearchMatchedEventData = z.object({
  userId: z.uuid(),
  savedSearchId: z.uuid(),
  savedSearchName: z.string(),
  listingId: z.uuid(),
  listingTitle: z.string(),
  listingPrice: z.string(),
  /** The listing's first photo (an object path), or null when it has none. */
  listingImage: z.string().nullable(),
});

export const eventDataSchemas = {
  'user.registered': userProfileEventData,
  'user.updated': userProfileEventData,
  'user.deleted': z.object({ id: z.uuid(), version }),
  'phone.verified': z.object({ userId: z.uuid(), phone: z.string() }),
  'listing.created': listingEventData,
  'listing.updated': listingEventData,
  'listing.deleted': z.object({ id: z.uuid(), userId: z.uuid(), version }),
  'message.created': messageEventData,
  /** A listing expires in three days (listings' expiry job, once per expiry period): its owner is told. */
  'listing.expiring': z.object({ userId: z.uuid(), listingId: z.uuid(), listingTitle: z.string(), expiresAt: isoDate }),
  /** Its owner marked a listing sold, to a member who wrote about it or to someone else (null). */
  'listing.sold': z.object({ listingId: z.uuid(), listingTitle: z.string(), sellerId: z.uuid(), buyerId: z.uuid().nullable() }),
  /** A session was signed out (or its user deleted): replicas close the WebSockets it opened. */
  'session.revoked': z.object({ sessionId: z.string(), userId: z.uuid() }),
  /** A moderator suspended a member (listings): auth refuses their sign-in and ends their sessions. */
  'member.suspended': z.object({ userId: z.uuid(), moderatorId: z.uuid(), reason: z.string(), caseId: z.uuid() }),
  /** A listing was held for review, restored or removed (listings): its owner is told (messaging's notifications). */
  'listing.moderated': z.object({ userId: z.uuid(), listingId: z.uuid(), listingTitle: z.string(), state: z.enum(['held', 'restored', 'removed']) }),
  /** A member reviewed a seller (auth): the seller is told. */
  'review.created': z.object({ sellerId: z.uuid(), reviewerId: z.uuid(), reviewerName: z.string(), rating: z.number().int(), reviewId: z.uuid() }),
  'saved_search.matched': savedSearchMatchedEventData,
  /**
   * A member's daily SMS digest (messaging), written in their language: verification texts it to their
   * verified phone, at most once per member and Bay Area day (`date`, YYYY-MM-DD).
   */
  'digest.ready': z.object({ userId: z.uuid(), date: z.iso.date(), text: z.string().min(1).max(320) }),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const eventTypes = Object.keys(eventDataSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.enum(eventTypes as [EventType, ...EventType[]]),
  occurredAt: isoDate,
  data: z.unknown(),
});

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
}

/** Any one event, discriminated by `type`, so a `switch` narrows `data`. */
export type DomainEvent = { [T in EventType]: EventEnvelope<T> }[EventType];

export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/** Validates an incoming envelope and its payload against the contract for its type. */
export function parseEvent(raw: unknown): DomainEvent {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) throw new InvalidEventError(`invalid envelope: ${z.prettifyError(envelope.error)}`);
  const data = eventDataSchemas[envelope.data.type].safeParse(envelope.data.data);
  if (!data.success) {
    throw new InvalidEventError(`invalid ${envelope.data.type} payload: ${z.prettifyError(data.error)}`);
  }
  return { ...envelope.data, data: data.data } as DomainEvent;
}

/** Builds a validated envelope; throws if the payload breaks the contract, so bad events never leave. */
export function buildEvent<T extends EventType>(type: T, data: EventData<T>, id: string, occurredAt: Date): EventEnvelope<T> {
  const parsed = eventDataSchemas[type].parse(data) as EventData<T>;
  return { id, type, occurredAt: occurredAt.toISOString(), data: parsed };
}
