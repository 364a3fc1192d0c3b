/**
 * The proto schemas that the shared fetch layer (lib/api.ts, lib/queries.ts) and the messaging socket
 * check answers against. They are zod, and zod is no part of the first page: this module is only ever
 * imported with import() (see `lazyContract`), the first time an answer has to be checked, in its own chunk.
 */
export { publicUserSchema, reviewEligibilitySchema, reviewSchema, userSchema } from '@vnmarket/proto/auth';
export { errorBody } from '@vnmarket/proto/errors';
export { listingSchema, phoneRevealAnswer, savedListingSchema } from '@vnmarket/proto/listings';
export { listingBuyerSchema } from '@vnmarket/proto/listing-lifecycle';
export { blockedMemberSchema, conversationSummarySchema, messageSchema } from '@vnmarket/proto/messaging';
export { moderationCaseSchema, myReportSchema } from '@vnmarket/proto/moderation';
export {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushPublicKeySchema,
  unreadCountSchema,
} from '@vnmarket/proto/notifications';
export { savedSearchSchema } from '@vnmarket/proto/saved-searches';
export { replyTimeSchema } from '@vnmarket/proto/seller-trust';
