/** SWR's cache keys (the URLs the reads fetch) and the key families a write refetches. */
import { queryString } from './api';

/** The cache keys: each is the URL it reads. Only the lib modules that read and write name one, never a screen. */
export const keys = {
  currentUser: '/api/auth/user',
  unreadCount: '/api/messages/unread-count',
  saved: '/api/saved-listings',
  /** The signed-in user's own listings, active and inactive (profile and dashboard). */
  ownListings: '/api/users/listings',
  conversations: '/api/conversations',
  /** The members the signed-in member has blocked (Settings). */
  blockedMembers: '/api/users/blocked',
  /** The bell: its count, and its list (the newest page). */
  notificationCount: '/api/notifications/unread-count',
  notifications: '/api/notifications',
  notificationPreferences: '/api/notifications/preferences',
  listing: (id: string) => `/api/listings/${id}`,
  latestListings: (limit: number) => `/api/listings${queryString({ limit })}`,
  messages: (conversationId: string) => `/api/conversations/${conversationId}/messages`,
  publicUser: (userId: string) => `/api/users/${userId}`,
  reviews: (userId: string) => `/api/users/${userId}/reviews`,
  reviewEligibility: (userId: string) => `/api/users/${userId}/reviews/eligibility`,
  replyTime: (userId: string) => `/api/users/${userId}/reply-time`,
};

/** Every listing read: browse pages, one listing, own listings and saved items (which embed theirs). */
export const isListingKey = (key: unknown) => typeof key === 'string' && /^\/api\/(listings|saved-listings|users\/listings)/.test(key);
/** Any user's reviews (they embed their reviewer's name and photo). */
export const isReviewsKey = (key: unknown) => typeof key === 'string' && /^\/api\/users\/[^/]+\/reviews$/.test(key);
/** The inbox, with or without a query string. */
export const isInboxKey = (key: unknown) => typeof key === 'string' && (key === keys.conversations || key.startsWith(`${keys.conversations}?`));
/** The inbox and every conversation's messages. */
export const isConversationKey = (key: unknown) => typeof key === 'string' && key.startsWith(keys.conversations);
