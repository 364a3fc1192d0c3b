/**
 * Leave a review of a seller: a rating of 1 to 5 stars (a radio group, so arrows move and Space picks)
 * and an optional comment, sent as POST /api/users/{id}/reviews. The server says first whether this user
 * may review (GET …/reviews/eligibility); when not, the reason is shown instead of the form.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { reviewBody, type ReviewBody } from '@vnmarket/proto/auth';
import { WEB_ROUTES } from '@vnmarket/proto/web-routes';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFailureToast } from '../lib/hooks';
import { submitReview, useReviewEligibility } from '../lib/reviews';
import { localizeServerText, serverText } from '../lib/server-messages';
import { Link } from '../lib/router';
import { useToast } from '../lib/toast';
import { StarIcon } from './Icons';
import { Button, Card, FieldError, Label, Skeleton, Textarea } from './ui';

const RATING_LABELS = [msg`Poor`, msg`Fair`, msg`Good`, msg`Very good`, msg`Excellent`] as const;
const COMMENT_MAX = 2000;

export function ReviewForm({ sellerId, sellerName, listingId }: { sellerId: string; sellerName: string; listingId?: string }) {
  const { data: eligibility, error } = useReviewEligibility(sellerId);
  const { t } = useLingui();
  if (error) return null;
  if (!eligibility) return <Skeleton $height="120px" $radius="12px" aria-hidden="true" />;
  if (!eligibility.canReview) {
    return (
      <Notice data-testid="review-ineligible">
        <StarIcon size={18} />
        <p>
          {eligibility.reason ? localizeServerText(eligibility.reason) : t`You cannot review this seller.`}
          {eligibility.code === 'phone_not_verified' && (
            <>
              {' '}
              <Link to={WEB_ROUTES.verifyPhone}>{t`Verify your phone`}</Link>
            </>
          )}
        </p>
      </Notice>
    );
  }
  return <Form sellerId={sellerId} sellerName={sellerName} listingId={listingId} />;
}

function Form({ sellerId, sellerName, listingId }: { sellerId: string; sellerName: string; listingId?: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string>();
  const [sending, setSending] = useState(false);
  const legendId = useId();
  const ratingErrorId = useId();
  const commentId = useId();
  const toast = useToast();
  const failed = useFailureToast();
  const { t, i18n } = useLingui();
  const starsLabel = (value: number) => t`${plural(value, { one: '# star', other: '# stars' })}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (rating < 1) {
      setRatingError(t`Please choose a rating from 1 to 5 stars`);
      return;
    }
    const body: ReviewBody = { rating, comment: comment.trim() || undefined, ...(listingId ? { listingId } : {}) };
    const checked = reviewBody.safeParse(body);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message;
      setRatingError(message === undefined ? undefined : localizeServerText(message));
      return;
    }
    setSending(true);
    try {
      await submitReview(sellerId, body);
      toast({ title: t`Review submitted`, description: t`Thank you for reviewing ${sellerName}.` });
    } catch (cause) {
      failed(cause, { title: t`Error`, description: serverText(cause) ?? t`Failed to submit review. Please try again.` });
    } finally {
      setSending(false);
    }
  };

  return (
    <FormCard as="form" onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby={legendId} data-testid="review-form" noValidate>
      <h3 id={legendId}>{t`Write a review of ${sellerName}`}</h3>
      <Fieldset aria-describedby={ratingError ? ratingErrorId : undefined}>
        <legend>
          {t`Your rating`} <span className="visually-hidden">{t`(required)`}</span>
        </legend>
        <StarRow>
          {RATING_LABELS.map((word, index) => {
            const value = index + 1;
            return (
              <StarChoice key={value} $lit={value <= rating}>
                <input
                  type="radio"
                  name={`rating-${sellerId}`}
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setRatingError(undefined);
                  }}
                  aria-label={starsLabel(value)}
                  required
                  aria-invalid={ratingError ? true : undefined}
                />
                <span aria-hidden="true" title={i18n._(word)}>
                  <StarIcon size={30} filled={value <= rating} />
                </span>
              </StarChoice>
            );
          })}
          <Chosen aria-hidden="true">{rating > 0 ? i18n._(RATING_LABELS[rating - 1]!) : t`Choose 1 to 5 stars`}</Chosen>
        </StarRow>
        {ratingError && <FieldError id={ratingErrorId}>{ratingError}</FieldError>}
      </Fieldset>
      <div>
        <Label htmlFor={commentId}>{t`Comment (optional)`}</Label>
        <Textarea
          id={commentId}
          rows={4}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t`How was your experience with this seller?`}
        />
      </div>
      <Actions>
        <Button type="submit" disabled={sending}>
          {sending ? t`Submitting...` : t`Submit Review`}
        </Button>
      </Actions>
    </FormCard>
  );
}

const Notice = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 14px 16px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--subtle);
  color: var(--text);
  svg {
    flex: none;
    margin-top: 2px;
    color: #8a6300;
  }
`;

const FormCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 18px;
  h3 {
    font-size: 1.05rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const StarRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 2px;
`;

/** The radio sits over its star, invisible but real: clicks, arrows and Space reach it; focus shows on the star. */
const StarChoice = styled.label<{ $lit: boolean }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 8px;
  cursor: pointer;
  color: ${({ $lit }) => ($lit ? '#b07d00' : '#78716c')};
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:hover {
    background: var(--accent-soft);
  }
  &:has(input:focus-visible) {
    box-shadow: 0 0 0 2px var(--primary);
  }
`;

const Chosen = styled.span`
  margin-left: 8px;
  font-size: 0.9rem;
  color: var(--muted);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
`;
