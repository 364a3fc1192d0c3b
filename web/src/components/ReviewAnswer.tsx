/**
 * The seller's one answer to a review: shown beneath it, and, to the reviewed seller while there is none,
 * an "Answer" button that opens a short form (POST /api/users/{sellerId}/reviews/{id}/answer).
 */
import { useLingui } from '@lingui/react/macro';
import type { Review } from '@vnmarket/proto/auth';
import { reviewAnswerBody } from '@vnmarket/proto/seller-trust';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFailureToast } from '../lib/hooks';
import { answerReview } from '../lib/reviews';
import { localizeServerText, serverText } from '../lib/server-messages';
import { useToast } from '../lib/toast';
import { formatDay } from '../lib/users';
import { Button, FieldError, Label, Textarea } from './ui';

const ANSWER_MAX = 2000;

export function ReviewAnswerShown({ answer }: { answer: NonNullable<Review['answer']> }) {
  const { t } = useLingui();
  return (
    <Answer data-testid="review-answer">
      <AnswerHead>
        <strong>{t`Seller's answer`}</strong>
        <time dateTime={answer.createdAt}>{formatDay(answer.createdAt)}</time>
      </AnswerHead>
      <p>{answer.text}</p>
    </Answer>
  );
}

export function ReviewAnswerForm({ review }: { review: Review }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const toast = useToast();
  const failed = useFailureToast();
  const { t } = useLingui();
  // Opening the form takes the keyboard to it.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Opener variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t`Answer this review`}
      </Opener>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = reviewAnswerBody.safeParse({ text });
    if (!checked.success) {
      setError(localizeServerText(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setSending(true);
    try {
      // A failure refetches too: answered meanwhile (another tab), the answer that is there shows.
      await answerReview(review, checked.data);
      toast({ title: t`Answer posted`, description: t`Your answer is shown beneath the review.` });
    } catch (cause) {
      failed(cause, { title: t`Error`, description: serverText(cause) ?? t`Failed to post your answer. Please try again.` });
    } finally {
      setSending(false);
    }
  };

  return (
    <AnswerFormBox onSubmit={(event) => void submit(event)} data-testid="review-answer-form" noValidate>
      <Label htmlFor={fieldId}>{t`Your answer`}</Label>
      <Textarea
        id={fieldId}
        rows={3}
        maxLength={ANSWER_MAX}
        ref={field}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <p className="muted">{t`You can answer once; your answer cannot be changed.`}</p>
      <Row>
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? t`Posting...` : t`Post answer`}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t`Cancel`}
        </Button>
      </Row>
    </AnswerFormBox>
  );
}

const Answer = styled.div`
  margin-top: 12px;
  padding: 10px 12px;
  border-left: 3px solid var(--primary);
  border-radius: 0 8px 8px 0;
  background: var(--subtle);
  p {
    margin-top: 4px;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const AnswerHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 12px;
  font-size: 0.9rem;
  time {
    font-size: 0.85rem;
    color: var(--muted);
  }
`;

const Opener = styled(Button)`
  margin-top: 10px;
  min-height: 44px;
`;

const AnswerFormBox = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 12px;
  p {
    font-size: 0.85rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  > * {
    min-height: 44px;
  }
`;
