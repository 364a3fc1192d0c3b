import type { Message, NotificationData, NotificationKind, PushPayload } from '@vnmarket/proto';

type PushLanguage = 'en' | 'vi';

/** A push's title and body in each language: the service worker shows them as they are (the app may be closed). */
const TEXTS: Record<NotificationKind, Record<PushLanguage, (data: NotificationData) => { title: string; body: string }>> = {
  saved_search_match: {
    en: (d) => ({ title: `New match for “${d.savedSearchName}”`, body: `${d.listingTitle} · $${d.listingPrice}` }),
    vi: (d) => ({ title: `Có tin mới hợp với “${d.savedSearchName}”`, body: `${d.listingTitle} · $${d.listingPrice}` }),
  },
  listing_expiring: {
    en: (d) => ({ title: 'Your listing expires in 3 days', body: `Renew “${d.listingTitle}” to keep it in search.` }),
    vi: (d) => ({ title: 'Tin đăng của bạn sẽ hết hạn sau 3 ngày', body: `Gia hạn “${d.listingTitle}” để tin vẫn hiện khi mọi người tìm.` }),
  },
  listing_held: {
    en: (d) => ({ title: 'Your listing is under review', body: `“${d.listingTitle}” is hidden until a moderator looks at it.` }),
    vi: (d) => ({ title: 'Tin đăng của bạn đang được xem xét', body: `“${d.listingTitle}” tạm ẩn cho đến khi người kiểm duyệt xem xong.` }),
  },
  listing_restored: {
    en: (d) => ({ title: 'Your listing is back', body: `“${d.listingTitle}” is visible again.` }),
    vi: (d) => ({ title: 'Tin đăng của bạn đã hiện lại', body: `“${d.listingTitle}” đã được hiện lại.` }),
  },
  listing_removed: {
    en: (d) => ({ title: 'Your listing was removed', body: `“${d.listingTitle}” broke the community rules. You can appeal.` }),
    vi: (d) => ({ title: 'Tin đăng của bạn đã bị gỡ', body: `“${d.listingTitle}” vi phạm quy định cộng đồng. Bạn có thể khiếu nại.` }),
  },
  review_received: {
    en: (d) => ({ title: 'You have a new review', body: `${d.reviewerName} gave you ${d.rating} ★` }),
    vi: (d) => ({ title: 'Bạn có đánh giá mới', body: `${d.reviewerName} đã đánh giá bạn ${d.rating} ★` }),
  },
  review_prompt: {
    en: (d) => ({ title: 'How did it go?', body: `“${d.listingTitle}” is sold. Leave a review.` }),
    vi: (d) => ({ title: 'Giao dịch thế nào?', body: `“${d.listingTitle}” đã bán. Để lại đánh giá nhé.` }),
  },
};

const MESSAGE_TITLE: Record<PushLanguage, (name: string) => string> = {
  en: (name) => `New message from ${name}`,
  vi: (name) => `Tin nhắn mới từ ${name}`,
};

/** A push's body keeps to what a lock screen shows. */
const MAX_BODY = 140;

function languageOf(preferred: string | null): PushLanguage {
  return preferred === 'vi' ? 'vi' : 'en';
}

function clip(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text;
}

export function notificationPush(kind: NotificationKind, data: NotificationData, link: string, preferred: string | null, id: string): PushPayload {
  const lang = languageOf(preferred);
  const { title, body } = TEXTS[kind][lang](data);
  return { title, body: clip(body), url: link, tag: `${kind}:${id}`, lang };
}

/** A new message: who wrote and what, opening the conversation. One tag per conversation, so a burst shows as one. */
export function messagePush(message: Message, senderName: string, preferred: string | null): PushPayload {
  const lang = languageOf(preferred);
  return {
    title: MESSAGE_TITLE[lang](senderName),
    body: clip(message.content),
    url: `/messages?c=${message.conversationId}`,
    tag: `message:${message.conversationId}`,
    lang,
  };
}
