/**
 * What the server says, in the reader's language. Every error answer keeps its stable `code` and its
 * English `message` (proto's errorBody); a field check of proto's schemas says its English message. Here
 * each code that means one thing has its message, and each English text the services and schemas can say
 * has its translation, so a screen shows `serverText(error)` rather than the raw English. A text not
 * listed is shown as it came (English), never dropped: test/i18n.test.ts holds every message of proto's
 * schemas and of the services' errors listed here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { ApiError } from './api';
import { activeLanguage, i18n, intlLocale } from './i18n';

/**
 * Codes whose answer means one thing, whatever its English words: each with the one text the services
 * answer it with. Codes answered with several texts (invalid_request, not_found, rate_limited,
 * unavailable, account_exists, not_owner, payload_too_large, unsupported_media_type) are not here: their
 * texts are in BY_TEXT (and BY_PATTERN).
 */
const BY_CODE: Record<string, MessageDescriptor> = {
  // shared (errors.ts, http.ts, lifecycle.ts) and the gateway (app.ts, proxy.ts)
  authentication_required: msg`Unauthorized`,
  bad_request: msg`Bad request`,
  invalid_json: msg`Request body is not valid JSON`,
  headers_too_large: msg`Request headers or URL are too large`,
  csrf_origin: msg`Cross-site request refused`,
  not_your_photo: msg`You can only use photos you uploaded`,
  internal: msg`Internal server error`,
  bad_gateway: msg`Service unavailable, please try again shortly`,
  overloaded: msg`We are very busy right now. Please try again in a moment.`,
  too_many_in_flight: msg`Too many requests at once from your connection. Please wait a moment and try again.`,
  request_timeout: msg`The request took too long to arrive. Please try again.`,
  // auth
  invalid_credentials: msg`Invalid credentials`,
  wrong_password: msg`Password is incorrect`,
  no_conversation: msg`You can review a seller after you have exchanged messages with them`,
  already_reviewed: msg`You have already reviewed this seller`,
  self_review: msg`You cannot review yourself`,
  no_reply: msg`You can review this seller after they have replied to your messages`,
  phone_not_verified: msg`Verify your phone number before you write a review`,
  listing_not_sellers: msg`The listing must be one of this seller's listings`,
  review_not_found: msg`Review not found`,
  not_reviewed_seller: msg`Only the seller who was reviewed can answer this review`,
  already_answered: msg`You have already answered this review`,
  account_suspended: msg`This account has been suspended by a moderator.`,
  // listings
  already_reported: msg`You have already reported this listing`,
  under_review: msg`This listing is under review`,
  not_moderator: msg`Only moderators can do this`,
  case_closed: msg`This case has already been decided`,
  own_account: msg`You cannot suspend yourself`,
  not_removed: msg`Only a removed listing can be appealed`,
  already_appealed: msg`You have already appealed for this listing`,
  phone_verification_required: msg`Verify your phone number to see sellers' numbers`,
  not_phone_contact: msg`This seller asks to be contacted by message`,
  phone_unavailable: msg`This seller's phone number is not available. Please send a message instead.`,
  listing_sold: msg`This listing has been sold`,
  already_sold: msg`This listing is already marked as sold`,
  listing_expired: msg`This listing has expired. Renew it to show it again.`,
  not_a_buyer: msg`Choose a buyer from the people who messaged you about this listing`,
  saved_search_exists: msg`You have already saved this search`,
  too_many_saved_searches: msg`You can keep at most 50 saved searches. Delete one to save another.`,
  // messaging
  not_participant: msg`This conversation is not yours`,
  messaging_unavailable: msg`You cannot message this member`,
  push_unavailable: msg`Push notifications are not available here`,
  push_endpoint_refused: msg`This browser’s push service is not supported`,
  // media
  bad_upload_link: msg`This upload link is invalid or has expired`,
  upload_changed: msg`The upload changed while it was being checked; please upload the photo again`,
  // verification
  phone_taken: msg`This phone number is already verified on another account`,
};

/** The English texts of the services' answers and of proto's field checks, by their exact words. */
const BY_TEXT: Record<string, MessageDescriptor> = {
  // proto's field checks: every message proto's schemas give (auth.ts, listings.ts, primitives.ts,
  // object-path.ts, verification.ts, media.ts, messaging.ts), so a form's own check and a 400 answer's
  // field errors read in the active language; the checks that list their accepted values are MUST_BE_ONE_OF.
  // Sign-up, sign-in and profile (auth.ts)
  'Phone number is required': msg`Phone number is required`,
  'Phone number must be at most 20 characters': msg`Phone number must be at most 20 characters`,
  'Please enter a valid phone number': msg`Please enter a valid phone number`,
  'Email must be at most 255 characters': msg`Email must be at most 255 characters`,
  'Please enter a valid email address': msg`Please enter a valid email address`,
  'Preferred language must be "en" or "vi"': msg`Preferred language must be "en" or "vi"`,
  'First name is required': msg`First name is required`,
  'First name must be at most 100 characters': msg`First name must be at most 100 characters`,
  'Last name is required': msg`Last name is required`,
  'Last name must be at most 100 characters': msg`Last name must be at most 100 characters`,
  'Password must be at least 8 characters': msg`Password must be at least 8 characters`,
  'Password must be at most 255 characters': msg`Password must be at most 255 characters`,
  'Email or phone is required': msg`Email or phone is required`,
  'Email or phone is too long': msg`Email or phone is too long`,
  'Password is required': msg`Password is required`,
  'Password is too long': msg`Password is too long`,
  'Bio must be at most 2000 characters': msg`Bio must be at most 2000 characters`,
  'Website must be at most 255 characters': msg`Website must be at most 255 characters`,
  'Please enter a valid website address': msg`Please enter a valid website address`,
  'Rating must be a whole number from 1 to 5': msg`Rating must be a whole number from 1 to 5`,
  'Comment must be at most 2000 characters': msg`Comment must be at most 2000 characters`,
  'Invalid listing id': msg`Invalid listing id`,
  'Choose a buyer from the list': msg`Choose a buyer from the list`,
  'Answer is required': msg`Answer is required`,
  'Answer must be at most 2000 characters': msg`Answer must be at most 2000 characters`,
  // Photos (object-path.ts, media.ts) and ids (primitives.ts)
  'Image path is too long': msg`Image path is too long`,
  'Images must be uploaded through the photo uploader': msg`Images must be uploaded through the photo uploader`,
  'imageURL is required': msg`imageURL is required`,
  'imageURL is too long': msg`imageURL is too long`,
  'purpose must be listing or profile': msg`purpose must be listing or profile`,
  'Invalid id': msg`Invalid id`,
  // A listing (listings.ts): its fields…
  'Title is required': msg`Title is required`,
  'Title must be at most 255 characters': msg`Title must be at most 255 characters`,
  'Description is required': msg`Description is required`,
  'Description must be at most 10000 characters': msg`Description must be at most 10000 characters`,
  'Category is required': msg`Category is required`,
  'Price is required': msg`Price is required`,
  'Price must be a number from 0 to 99999999.99 with at most 2 decimals': msg`Price must be a number from 0 to 99999999.99 with at most 2 decimals`,
  'Unknown price type': msg`Unknown price type`,
  'Condition must be one of: new, like-new, good, fair': msg`Condition must be one of: new, like-new, good, fair`,
  'Location is required': msg`Location is required`,
  'Location must be at most 255 characters': msg`Location must be at most 255 characters`,
  'At most 10 photos': msg`At most 10 photos`,
  'Contact preference must be message or phone': msg`Contact preference must be message or phone`,
  'isActive must be true or false': msg`isActive must be true or false`,
  // Moderation (moderation.ts) and reports
  'Please give a reason': msg`Please give a reason`,
  'The reason must be at most 1000 characters': msg`The reason must be at most 1000 characters`,
  'Please say why the listing should come back': msg`Please say why the listing should come back`,
  'The appeal must be at most 2000 characters': msg`The appeal must be at most 2000 characters`,
  'You can only appeal for your own listings': msg`You can only appeal for your own listings`,
  'You cannot report your own listing': msg`You cannot report your own listing`,
  // …and its category's details
  'Bedrooms must be a number': msg`Bedrooms must be a number`,
  'Bedrooms cannot be negative': msg`Bedrooms cannot be negative`,
  'Bedrooms is too large': msg`Bedrooms is too large`,
  'Bedrooms must be a whole number': msg`Bedrooms must be a whole number`,
  'Bathrooms must be a number': msg`Bathrooms must be a number`,
  'Bathrooms cannot be negative': msg`Bathrooms cannot be negative`,
  'Bathrooms is too large': msg`Bathrooms is too large`,
  'Bathrooms must be a multiple of 0.5': msg`Bathrooms must be a multiple of 0.5`,
  'Brand must be at most 100 characters': msg`Brand must be at most 100 characters`,
  'Remote work must be true or false': msg`Remote work must be true or false`,
  'Availability must be at most 255 characters': msg`Availability must be at most 255 characters`,
  'Event date must be at most 50 characters': msg`Event date must be at most 50 characters`,
  'Event time must be at most 50 characters': msg`Event time must be at most 50 characters`,
  'Duration must be at most 100 characters': msg`Duration must be at most 100 characters`,
  'Capacity must be a number': msg`Capacity must be a number`,
  'Capacity cannot be negative': msg`Capacity cannot be negative`,
  'Capacity is too large': msg`Capacity is too large`,
  'Capacity must be a whole number': msg`Capacity must be a whole number`,
  'Organizer must be at most 255 characters': msg`Organizer must be at most 255 characters`,
  // Browsing's filters (listings.ts, primitives.ts)
  'Unknown category': msg`Unknown category`,
  'Minimum price must be a number': msg`Minimum price must be a number`,
  'Minimum price cannot be negative': msg`Minimum price cannot be negative`,
  'Maximum price must be a number': msg`Maximum price must be a number`,
  'Maximum price cannot be negative': msg`Maximum price cannot be negative`,
  'Filter text is too long': msg`Filter text is too long`,
  // Saved searches (saved-searches.ts, and the listings service's routes/saved-searches.ts)
  'Name is required': msg`Name is required`,
  'Name must be at most 80 characters': msg`Name must be at most 80 characters`,
  'Filters must be an object of the listing filters': msg`Filters must be an object of the listing filters`,
  'Saved search not found': msg`Saved search not found`,
  'Search must have a word or number in it': msg`Search must have a word or number in it`,
  // services/listings/src/distance/near.ts, and proto's radius
  'Choose a Bay Area city, neighbourhood or ZIP code from the list': msg`Choose a Bay Area city, neighbourhood or ZIP code from the list`,
  'Choose a place to search within a distance of it': msg`Choose a place to search within a distance of it`,
  'Choose a place to sort by distance from it': msg`Choose a place to sort by distance from it`,
  'Place is too long': msg`Place is too long`,
  'Unknown condition': msg`Unknown condition`,
  'Unknown property type': msg`Unknown property type`,
  'Unknown cuisine': msg`Unknown cuisine`,
  'Unknown dietary option': msg`Unknown dietary option`,
  'Unknown item category': msg`Unknown item category`,
  'Unknown job type': msg`Unknown job type`,
  'Unknown experience level': msg`Unknown experience level`,
  'Unknown industry': msg`Unknown industry`,
  'Unknown service type': msg`Unknown service type`,
  'Unknown event type': msg`Unknown event type`,
  'Invalid seller id': msg`Invalid seller id`,
  'remote must be true or false': msg`remote must be true or false`,
  'verifiedSellers must be true or false': msg`verifiedSellers must be true or false`,
  'limit must be a number': msg`limit must be a number`,
  'limit must be a whole number': msg`limit must be a whole number`,
  'limit must be at least 1': msg`limit must be at least 1`,
  'limit must be at most 100': msg`limit must be at most 100`,
  'limit must be at most 200': msg`limit must be at most 200`,
  'offset must be a number': msg`offset must be a number`,
  'offset must be a whole number': msg`offset must be a whole number`,
  'offset cannot be negative': msg`offset cannot be negative`,
  'offset must be at most 10000': msg`offset must be at most 10000`,
  // Reports (listings.ts), phone codes (verification.ts), messages (messaging.ts)
  'Please select a reason': msg`Please select a reason`,
  'Details must be at most 2000 characters': msg`Details must be at most 2000 characters`,
  'Please enter the verification code': msg`Please enter the verification code`,
  'The verification code must be 6 digits': msg`The verification code must be 6 digits`,
  'Choose who to message': msg`Choose who to message`,
  'Message cannot be empty': msg`Message cannot be empty`,
  'Messages can be at most 5000 characters': msg`Messages can be at most 5000 characters`,
  'before must be a message id': msg`before must be a message id`,
  // end of proto's field checks
  // The services' answers (services/*/src, services/shared/src, gateway/src). Shared: errors.ts's
  // defaults, http.ts's body parsing and database trouble, validate.ts, the gateway's proxy.
  Unauthorized: msg`Unauthorized`,
  'Not found': msg`Not found`,
  'Invalid request': msg`Invalid request`,
  'Bad request': msg`Bad request`,
  'Request body is too large': msg`Request body is too large`,
  'Request body must be JSON': msg`Request body must be JSON`,
  'Unsupported body encoding': msg`Unsupported body encoding`,
  'Service unavailable': msg`Service unavailable`,
  'Service temporarily unavailable, please try again shortly': msg`Service temporarily unavailable, please try again shortly`,
  'Service unavailable, please try again shortly': msg`Service unavailable, please try again shortly`,
  // auth: accounts, sign-in, reviews (also the review eligibility's reasons)
  'User not found': msg`User not found`,
  'An account with this phone number already exists': msg`An account with this phone number already exists`,
  'An account with this email already exists': msg`An account with this email already exists`,
  'Too many sign-in attempts. Please wait a few minutes and try again.': msg`Too many sign-in attempts. Please wait a few minutes and try again.`,
  'Too many accounts created from this network. Please try again later.': msg`Too many accounts created from this network. Please try again later.`,
  'You cannot review yourself': msg`You cannot review yourself`,
  'You have already reviewed this seller': msg`You have already reviewed this seller`,
  'You can review a seller after you have exchanged messages with them': msg`You can review a seller after you have exchanged messages with them`,
  'You can review this seller after they have replied to your messages': msg`You can review this seller after they have replied to your messages`,
  'Verify your phone number before you write a review': msg`Verify your phone number before you write a review`,
  "The listing must be one of this seller's listings": msg`The listing must be one of this seller's listings`,
  'Review not found': msg`Review not found`,
  'Only the seller who was reviewed can answer this review': msg`Only the seller who was reviewed can answer this review`,
  'You have already answered this review': msg`You have already answered this review`,
  'Signed out': msg`Signed out`,
  'Account deleted': msg`Account deleted`,
  // listings
  'Listing not found': msg`Listing not found`,
  'You can only change your own listings': msg`You can only change your own listings`,
  'Listing deleted': msg`Listing deleted`,
  'You have posted as many listings as allowed today. Please try again tomorrow.': msg`You have posted as many listings as allowed today. Please try again tomorrow.`,
  'You have sent as many reports as allowed today. Please try again tomorrow.': msg`You have sent as many reports as allowed today. Please try again tomorrow.`,
  'You have seen as many phone numbers as allowed today. Please message sellers instead, or try again tomorrow.': msg`You have seen as many phone numbers as allowed today. Please message sellers instead, or try again tomorrow.`,
  // messaging
  'Conversation not found': msg`Conversation not found`,
  'Recipient not found': msg`Recipient not found`,
  'You are sending messages too fast. Please wait a moment.': msg`You are sending messages too fast. Please wait a moment.`,
  'You have started as many new conversations as allowed this hour. Please try again later.': msg`You have started as many new conversations as allowed this hour. Please try again later.`,
  'You cannot message yourself': msg`You cannot message yourself`,
  'You cannot message this member': msg`You cannot message this member`,
  'You cannot block yourself': msg`You cannot block yourself`,
  'Member not found': msg`Member not found`,
  "A message can only be about the recipient's listing or your own": msg`A message can only be about the recipient's listing or your own`,
  'conversationId does not match the sender and receiver': msg`conversationId does not match the sender and receiver`,
  // media
  'Image not found': msg`Image not found`,
  'Upload not found': msg`Upload not found`,
  'This upload is not yours': msg`This upload is not yours`,
  'This upload has expired; please upload the photo again': msg`This upload has expired; please upload the photo again`,
  'No file has been uploaded to this link yet': msg`No file has been uploaded to this link yet`,
  'imageURL must be an upload link issued by POST /api/objects/upload': msg`imageURL must be an upload link issued by POST /api/objects/upload`,
  'Only JPEG, PNG, WebP or GIF images can be uploaded': msg`Only JPEG, PNG, WebP or GIF images can be uploaded`,
  'The image could not be read': msg`The image could not be read`,
  'The image dimensions are too large': msg`The image dimensions are too large`,
  'Too many photo uploads. Please wait a while and try again.': msg`Too many photo uploads. Please wait a while and try again.`,
  'Too many photos processed. Please wait a while and try again.': msg`Too many photos processed. Please wait a while and try again.`,
  'Many photos are being processed right now. Please try again in a moment.': msg`Many photos are being processed right now. Please try again in a moment.`,
  Uploaded: msg`Uploaded`,
  // verification (routes/phone.ts's MESSAGES)
  'Verification code sent': msg`Verification code sent`,
  'Your phone number has been verified': msg`Your phone number has been verified`,
  "We don't have your phone number on file yet. Please try again in a moment.": msg`We don't have your phone number on file yet. Please try again in a moment.`,
  'Your phone number is already verified': msg`Your phone number is already verified`,
  'Too many verification codes requested. Please try again later.': msg`Too many verification codes requested. Please try again later.`,
  'Too many verification codes sent to this phone number. Please try again later.': msg`Too many verification codes sent to this phone number. Please try again later.`,
  'Too many verification requests from your network. Please try again later.': msg`Too many verification requests from your network. Please try again later.`,
  'We could not send the verification code. Please try again later.': msg`We could not send the verification code. Please try again later.`,
  'No verification code has been sent. Please request a new code.': msg`No verification code has been sent. Please request a new code.`,
  'Invalid verification code': msg`Invalid verification code`,
  'This verification code has already been used. Please request a new code.': msg`This verification code has already been used. Please request a new code.`,
  'Too many incorrect attempts. Please request a new code.': msg`Too many incorrect attempts. Please request a new code.`,
  'This verification code has expired. Please request a new code.': msg`This verification code has expired. Please request a new code.`,
  'Your phone number has changed. Please request a new code.': msg`Your phone number has changed. Please request a new code.`,
  'Add your phone number to your profile first': msg`Add your phone number to your profile first`,
  'This phone number is already verified on another account': msg`This phone number is already verified on another account`,
  'We are sending too many verification codes right now. Please try again later.': msg`We are sending too many verification codes right now. Please try again later.`,
  // Notifications and push (notifications.ts)
  'Invalid notification id': msg`Invalid notification id`,
  'ids must be a list of notification ids': msg`ids must be a list of notification ids`,
  'ids must name at least one notification': msg`ids must name at least one notification`,
  'all must be true': msg`all must be true`,
  'Send ids or all: true': msg`Send ids or all: true`,
  'Choose a known kind of notification': msg`Choose a known kind of notification`,
  'endpoint must be a URL': msg`endpoint must be a URL`,
  'endpoint is too long': msg`endpoint is too long`,
  'keys.p256dh is required': msg`keys.p256dh is required`,
  'keys.p256dh must be a P-256 public key (base64url)': msg`keys.p256dh must be a P-256 public key (base64url)`,
  'keys.auth is required': msg`keys.auth is required`,
  'keys.auth must be 16 bytes (base64url)': msg`keys.auth must be 16 bytes (base64url)`,
  'keys must hold p256dh and auth': msg`keys must hold p256dh and auth`,
};

/**
 * proto's checks that list the accepted values ("Job type must be one of: full-time, part-time, …"), by the
 * field they name; the list stays as the API spells it.
 */
const MUST_BE_ONE_OF: Record<string, (values: string) => string> = {
  'Property type': (propertyTypes) => t`Property type must be one of: ${propertyTypes}`,
  Amenities: (amenities) => t`Amenities must be one of: ${amenities}`,
  Cuisine: (cuisines) => t`Cuisine must be one of: ${cuisines}`,
  'Dietary information': (dietaryOptions) => t`Dietary information must be one of: ${dietaryOptions}`,
  'Item category': (itemCategories) => t`Item category must be one of: ${itemCategories}`,
  'Job type': (jobTypes) => t`Job type must be one of: ${jobTypes}`,
  'Experience level': (experienceLevels) => t`Experience level must be one of: ${experienceLevels}`,
  Industry: (industries) => t`Industry must be one of: ${industries}`,
  'Service type': (serviceTypes) => t`Service type must be one of: ${serviceTypes}`,
  'Event type': (eventTypes) => t`Event type must be one of: ${eventTypes}`,
  // Browsing's filters
  radius: (radii) => t`radius must be one of: ${radii}`,
  Sort: (sorts) => t`Sort must be one of: ${sorts}`,
};

/**
 * The texts with a value inside (a wait, a size limit, the countries SMS reaches, the accepted values), by
 * their shape: verification's waitSeconds and countryNotSupported, media's size limits, proto's lists of values.
 */
const BY_PATTERN: readonly { pattern: RegExp; text: (match: RegExpExecArray) => string }[] = [
  {
    pattern: /^Please wait (\d+) seconds before requesting another code$/,
    text: ([, seconds = '']) => t`Please wait ${seconds} seconds before requesting another code`,
  },
  {
    pattern: /^We can send verification codes only to numbers starting with (\+\d+(?: or \+\d+)*)$/,
    text: ([, prefixes = '']) => {
      // "+1 or +84" as the active language joins a choice ("+1 hoặc +84"); English as it came.
      const codes = activeLanguage() === 'en' ? prefixes : new Intl.ListFormat(intlLocale(), { type: 'disjunction' }).format(prefixes.split(' or '));
      return t`We can send verification codes only to numbers starting with ${codes}`;
    },
  },
  { pattern: /^Files must be (\d+) MB or smaller$/, text: ([, size = '']) => t`Files must be ${size} MB or smaller` },
  { pattern: /^Photos must be (\d+) MB or smaller$/, text: ([, size = '']) => t`Photos must be ${size} MB or smaller` },
  { pattern: /^Profile photos must be (\d+) MB or smaller$/, text: ([, size = '']) => t`Profile photos must be ${size} MB or smaller` },
  {
    pattern: /^(.+) must be one of: (.+)$/,
    text: ([text, field = '', values = '']) => (Object.hasOwn(MUST_BE_ONE_OF, field) ? MUST_BE_ONE_OF[field]!(values) : text),
  },
];

/** An English text from the server or a schema, in the active language (as it came when not listed). */
export function localizeServerText(text: string): string {
  const known = Object.hasOwn(BY_TEXT, text) ? BY_TEXT[text] : undefined;
  if (known) return i18n._(known);
  for (const { pattern, text: localized } of BY_PATTERN) {
    const match = pattern.exec(text);
    if (match) return localized(match);
  }
  return text;
}

/** An error answer's message in the active language: by its code when that says it all, else by its words. */
export function serverText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.error) return undefined;
  const { code, message } = error.error;
  const byCode = code && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  return byCode ? i18n._(byCode) : localizeServerText(message);
}

/** A 400 answer's per-field messages, each in the active language. */
export function serverFieldErrors(error: unknown): Record<string, string[]> | undefined {
  if (!(error instanceof ApiError) || !error.fieldErrors) return undefined;
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map(localizeServerText)]));
}
