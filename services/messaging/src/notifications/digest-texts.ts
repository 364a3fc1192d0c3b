import type { NotificationChoiceKind } from '@vnmarket/proto';

type DigestLanguage = 'en' | 'vi';

/** How many of each kind the member has unread since their last digest. */
export type DigestCounts = Partial<Record<NotificationChoiceKind, number>>;

/** Each kind as a counted phrase (one, several): Vietnamese nouns do not change with the number. */
const KIND_PHRASES: Record<NotificationChoiceKind, Record<DigestLanguage, (count: number) => string>> = {
  saved_search_match: {
    en: (n) => `${n} saved search ${n === 1 ? 'match' : 'matches'}`,
    vi: (n) => `${n} tin hợp tìm kiếm`,
  },
  listing_expiring: {
    en: (n) => `${n} ${n === 1 ? 'listing' : 'listings'} expiring`,
    vi: (n) => `${n} tin sắp hết hạn`,
  },
  listing_held: {
    en: (n) => `${n} ${n === 1 ? 'listing' : 'listings'} under review`,
    vi: (n) => `${n} tin đang được xem xét`,
  },
  listing_restored: {
    en: (n) => `${n} ${n === 1 ? 'listing' : 'listings'} back`,
    vi: (n) => `${n} tin đã hiện lại`,
  },
  listing_removed: {
    en: (n) => `${n} ${n === 1 ? 'listing' : 'listings'} removed`,
    vi: (n) => `${n} tin bị gỡ`,
  },
  review_received: {
    en: (n) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
    vi: (n) => `${n} đánh giá`,
  },
  review_prompt: {
    en: (n) => `${n} ${n === 1 ? 'review request' : 'review requests'}`,
    vi: (n) => `${n} lời mời đánh giá`,
  },
  message: {
    en: (n) => `${n} ${n === 1 ? 'message' : 'messages'}`,
    vi: (n) => `${n} tin nhắn`,
  },
};

const SUMMARY: Record<DigestLanguage, (total: number, parts: string, link: string) => string> = {
  en: (total, parts, link) => `Chợ Việt: ${total} new ${total === 1 ? 'notification' : 'notifications'} (${parts}). See: ${link}`,
  vi: (total, parts, link) => `Chợ Việt: ${total} thông báo mới (${parts}). Xem: ${link}`,
};

/**
 * One short SMS in the member's language (English unless they chose Vietnamese): how many, of which kinds
 * (most first), and the site. No titles or names: a text can be read by anyone who picks up the phone.
 */
export function digestText(counts: DigestCounts, preferred: string | null, link: string): string {
  const language: DigestLanguage = preferred === 'vi' ? 'vi' : 'en';
  const kinds = (Object.entries(counts) as [NotificationChoiceKind, number][])
    .filter(([, count]) => count > 0)
    .sort(([kindA, a], [kindB, b]) => b - a || kindA.localeCompare(kindB));
  const total = kinds.reduce((sum, [, count]) => sum + count, 0);
  const parts = kinds.map(([kind, count]) => KIND_PHRASES[kind][language](count)).join(', ');
  return SUMMARY[language](total, parts, link);
}
