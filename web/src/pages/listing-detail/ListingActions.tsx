import { useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import { useState } from 'react';
import styled from 'styled-components';
import { ChatIcon, FlagIcon, HeartIcon } from '../../components/Icons';
import { MarkSoldButton, RenewButton } from '../../components/ListingLifecycle';
import { QuickReplies } from '../../components/QuickReplies';
import { Button, ButtonLink } from '../../components/ui';
import { useAuth, useFailureToast } from '../../lib/hooks';
import { sendMessage } from '../../lib/messages';
import { setSaved } from '../../lib/saved';
import { useToast } from '../../lib/toast';
import { ShowNumber } from './ShowNumber';

interface Props {
  listing: Listing;
  isOwner: boolean;
  isSaved: boolean;
  onMessage: () => void;
  onReport: () => void;
}

/**
 * What the viewer can do: the owner edits; anyone else messages the seller (or, for phone-contact listings,
 * asks for the number and calls), saves or unsaves (the heart follows the server's answer), and reports.
 */
export function ListingActions({ listing, isOwner, isSaved, onMessage, onReport }: Props) {
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const failed = useFailureToast();
  const seller = listing.user;
  // The number itself comes only on "Show number"; a seller is verified once their phone is.
  const phoneContact = listing.contactPreference === 'phone' && seller?.isVerified === true;
  const { t } = useLingui();
  const { user } = useAuth();

  // "Is this still available?" in one tap, in the sender's language; the conversation opens on it.
  const askIfAvailable = async (content: string) => {
    if (!seller || !user) return;
    await sendMessage(user.id, { receiverId: seller.id, listingId: listing.id, content });
    toast({ title: t`Message sent`, description: t`Your message has been sent successfully.` });
    onMessage();
  };

  const toggleSave = async () => {
    if (saving) return;
    setSaving(true);
    try {
      // The heart flips only after the server agreed (the saved list refetches, and the counts).
      await setSaved(listing.id, !isSaved);
      toast(
        isSaved
          ? { title: t`Listing Unsaved`, description: t`Removed from your saved listings` }
          : { title: t`Listing Saved`, description: t`Added to your saved listings` },
      );
    } catch (saveError) {
      failed(saveError, { title: t`Error`, description: t`Failed to save listing` });
    } finally {
      setSaving(false);
    }
  };

  if (isOwner) {
    return (
      <>
        <ButtonLink to={`/listing/${listing.id}/edit`} block>
          {t`Edit Listing`}
        </ButtonLink>
        {listing.expiredAt && !listing.soldAt && !listing.moderationStatus && <RenewButton listing={listing} />}
        <MarkSoldButton listing={listing} block size="md" />
      </>
    );
  }
  return (
    <>
      {/* Sold: nobody needs to ask any more. */}
      {listing.soldAt ? null : phoneContact ? (
        <ShowNumber listingId={listing.id} />
      ) : (
        <>
          <Button block onClick={onMessage} disabled={!seller}>
            <ChatIcon size={18} /> {t`Message Seller`}
          </Button>
          {seller && <QuickReplies label={t`Quick message`} replies={[t`Is this still available?`]} send={askIfAvailable} />}
        </>
      )}
      <IconRow>
        <SaveButton
          variant="outline"
          block
          aria-pressed={isSaved}
          // The name starts with what the button shows (WCAG 2.5.3: a speech-input user says what they see).
          aria-label={isSaved ? t`Saved, unsave listing` : t`Save listing`}
          // aria-disabled, not disabled, while saving: a disabled button drops keyboard focus to <body> (toggleSave ignores clicks meanwhile).
          aria-disabled={saving || undefined}
          onClick={() => void toggleSave()}
          data-testid="save-button"
        >
          <span style={{ color: isSaved ? 'var(--primary)' : undefined, display: 'inline-flex' }}>
            <HeartIcon size={18} filled={isSaved} />
          </span>
          {isSaved ? t`Saved` : t`Save`}
        </SaveButton>
        <Button variant="outline" block aria-label={t`Report listing`} onClick={onReport}>
          <FlagIcon size={18} /> {t`Report`}
        </Button>
      </IconRow>
    </>
  );
}

const SaveButton = styled(Button)`
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: progress;
  }
`;

const IconRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
`;
