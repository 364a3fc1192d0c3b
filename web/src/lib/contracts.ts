/**
 * The proto schemas that the shared fetch layer (lib/api.ts, lib/queries.ts) and the messaging socket
 * check answers against. They are zod, and zod is no part of the first page: this module is only ever
 * imported with import() (see `lazyContract`), the first time an answer has to be checked, in its own chunk.
 */
export { publicUserSchema, reviewEligibilitySchema, reviewSchema, userSchema } from '@vnmarket/proto/src/auth';
export { errorBody } from '@vnmarket/proto/src/errors';
export { listingSchema, phoneRevealAnswer, savedListingSchema } from '@vnmarket/proto/src/listings';
export { listingBuyerSchema } from '@vnmarket/proto/src/listing-lifecycle';
export { blockedMemberSchema, conversationSummarySchema, messageSchema } from '@vnmarket/proto/src/messaging';
export { moderationCaseSchema, myReportSchema } from '@vnmarket/proto/src/moderation';
export {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushPublicKeySchema,
  unreadCountSchema,
} from '@vnmarket/proto/src/notifications';
export { savedSearchSchema } from '@vnmarket/proto/src/saved-searches';
export { replyTimeSchema } from '@vnmarket/proto/src/seller-trust';
