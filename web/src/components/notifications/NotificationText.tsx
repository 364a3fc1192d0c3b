/**
 * A notification's words, in the reader's language, from its kind and its facts (the server stores no
 * text: switching language rewrites the whole list).
 */
import { useLingui } from '@lingui/react/macro';
import type { Notification } from '@vnmarket/proto/notifications';
import { formatUsd } from '../../lib/format';

export function useNotificationText(): (notification: Notification) => { title: string; detail: string } {
  const { t } = useLingui();
  return ({ kind, data }) => {
    const title = data.listingTitle ?? '';
    switch (kind) {
      case 'saved_search_match': {
        const name = data.savedSearchName ?? '';
        return { title: t`New match for “${name}”`, detail: data.listingPrice ? `${title} · ${formatUsd(data.listingPrice)}` : title };
      }
      case 'listing_expiring':
        return { title: t`Your listing expires in 3 days`, detail: t`Renew “${title}” to keep it in search.` };
      case 'listing_held':
        return { title: t`Your listing is under review`, detail: t`“${title}” is hidden until a moderator looks at it.` };
      case 'listing_restored':
        return { title: t`Your listing is back`, detail: t`“${title}” is visible again.` };
      case 'listing_removed':
        return { title: t`Your listing was removed`, detail: t`“${title}” broke the community rules. You can appeal.` };
      case 'review_received': {
        const reviewer = data.reviewerName ?? '';
        const rating = data.rating ?? 0;
        return { title: t`You have a new review`, detail: t`${reviewer} gave you ${rating} ★` };
      }
      case 'review_prompt':
        return { title: t`How did it go?`, detail: t`“${title}” is sold. Leave a review.` };
    }
  };
}
