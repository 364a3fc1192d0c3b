/**
 * "Mark as sold" (dashboard and the listing's page): the seller names the buyer from the members who
 * wrote about the listing, or "Someone else"; both sides are then invited to review each other.
 */
import { useLingui } from '@lingui/react/macro';
import type { ListingBuyer } from '@vnmarket/proto/listing-lifecycle';
import type { Listing } from '@vnmarket/proto/listings';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useFailureToast } from '../lib/hooks';
import { listingBuyers, markListingSold } from '../lib/listings';
import { useToast } from '../lib/toast';
import { Dialog, DialogActions } from './Dialog';
import { Button } from './ui';

const SOMEONE_ELSE = '';

export function MarkSoldDialog({ listing, open, onClose }: { listing: Pick<Listing, 'id' | 'title'>; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const failed = useFailureToast();
  const [buyers, setBuyers] = useState<ListingBuyer[] | undefined>();
  const [choice, setChoice] = useState(SOMEONE_ELSE);
  const [sending, setSending] = useState(false);
  const name = useId();

  useEffect(() => {
    if (!open) return;
    // Mounted afresh for each opening (MarkSoldButton's key): the list starts empty.
    let current = true;
    listingBuyers(listing.id)
      .then((list) => {
        if (!current) return;
        setBuyers(list);
        setChoice(list[0]?.id ?? SOMEONE_ELSE);
      })
      .catch(() => current && setBuyers([]));
    return () => {
      current = false;
    };
  }, [open, listing.id]);

  const confirm = async () => {
    setSending(true);
    try {
      await markListingSold(listing.id, choice || null);
      toast({ title: t`Marked as sold`, description: t`It no longer shows in browse. We will invite you both to leave a review.` });
      onClose();
    } catch (cause) {
      failed(cause, { title: t`Error`, description: t`Failed to update listing` });
    } finally {
      setSending(false);
    }
  };

  const listingTitle = listing.title;
  return (
    <Dialog open={open} onClose={onClose} title={t`Mark as sold`} description={t`Who bought "${listingTitle}"?`} testId="mark-sold-dialog">
      <Choices aria-label={t`Buyer`}>
        {buyers === undefined ? (
          <p>{t`Loading...`}</p>
        ) : (
          <>
            {buyers.map((buyer) => (
              <Choice key={buyer.id}>
                <input
                  type="radio"
                  name={name}
                  value={buyer.id}
                  checked={choice === buyer.id}
                  onChange={() => setChoice(buyer.id)}
                  data-autofocus={choice === buyer.id || undefined}
                />
                {buyer.firstName} {buyer.lastName}
              </Choice>
            ))}
            <Choice>
              <input type="radio" name={name} value={SOMEONE_ELSE} checked={choice === SOMEONE_ELSE} onChange={() => setChoice(SOMEONE_ELSE)} />
              {t`Someone else`}
            </Choice>
          </>
        )}
      </Choices>
      <Actions>
        <Button variant="outline" onClick={onClose}>
          {t`Cancel`}
        </Button>
        <Button onClick={() => void confirm()} disabled={sending || buyers === undefined}>
          {t`Mark as sold`}
        </Button>
      </Actions>
    </Dialog>
  );
}

const Choices = styled.fieldset`
  display: grid;
  gap: 4px;
  margin: 8px 0 0;
  padding: 0;
  border: 0;
  p {
    margin: 0;
    color: var(--muted);
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  padding: 0 10px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    accent-color: var(--primary);
  }
`;

const Actions = styled(DialogActions)`
  margin-top: 16px;
`;
