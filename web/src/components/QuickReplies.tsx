/**
 * One-tap messages: each chip sends its text as it is (in the sender's language, as the app shows it),
 * the way most first messages start ("Is this still available?") and most answers go.
 */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { usePendingWrite } from '../lib/use-pending-write';
import { Cluster } from './layout';

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
  const [tap, sending] = usePendingWrite(send, { title: t`Error`, description: t`Failed to send message. Please try again.` });
  return (
    <Cluster $gap={8} role="group" aria-label={label} className={className} data-testid="quick-replies">
      {replies.map((text) => (
        <Chip key={text} type="button" onClick={() => void tap(text)} aria-disabled={sending || undefined}>
          {text}
        </Chip>
      ))}
    </Cluster>
  );
}

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
