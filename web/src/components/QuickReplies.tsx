/**
 * One-tap messages: each chip sends its text as it is (in the sender's language, as the app shows it),
 * the way most first messages start ("Is this still available?") and most answers go.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useFailureToast } from '../lib/hooks';

export function QuickReplies({
  replies,
  send,
  label,
  className,
}: {
  replies: string[];
  send: (text: string) => Promise<void>;
  label: string;
  className?: string;
}) {
  const { t } = useLingui();
  const failed = useFailureToast();
  const [sending, setSending] = useState(false);
  const tap = async (text: string) => {
    if (sending) return;
    setSending(true);
    try {
      await send(text);
    } catch (error) {
      failed(error, { title: t`Error`, description: t`Failed to send message. Please try again.` });
    } finally {
      setSending(false);
    }
  };
  return (
    <Chips role="group" aria-label={label} className={className} data-testid="quick-replies">
      {replies.map((text) => (
        <Chip key={text} type="button" onClick={() => void tap(text)} aria-disabled={sending || undefined}>
          {text}
        </Chip>
      ))}
    </Chips>
  );
}

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.button`
  min-height: 40px;
  padding: 6px 14px;
  border: 1px solid var(--primary);
  border-radius: 999px;
  background: var(--primary-soft);
  color: var(--primary-hover);
  font: inherit;
  font-size: 0.92rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: var(--background);
  }
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: progress;
  }
`;
