/**
 * What a conversation looks and behaves like wherever it is shown (the message modal over a listing, the
 * Messages screen's thread): the Connected / Disconnected indicator, the bubbles (own on the right), and
 * the composer. After a send the input clears and the list scrolls to the bottom; focus returns to the
 * input 100 ms later, sent or not. A failed send shows the error toast (for a 401, the Unauthorized one
 * and the sign-in redirect; for a member one cannot message, the server's neutral words) and keeps the
 * text. A failed load (anything but the 404 of a conversation without messages yet, which reads as an
 * empty list) shows "Failed to fetch messages" and Try Again, never an empty conversation.
 */
import { useLingui } from '@lingui/react/macro';
import type { Message } from '@vnmarket/proto/messaging';
import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError } from '../lib/api';
import { formatTime } from '../lib/format';
import { useFailureToast } from '../lib/hooks';
import { serverText } from '../lib/server-messages';
import { FOCUS_AFTER_SEND_MS, SCROLL_TO_BOTTOM_MS } from '../lib/timing';
import { SendIcon } from './Icons';
import { SafetyTip } from './SafetyTip';
import { Button, Input } from './ui';

export function ConnectionStatus({ connected, className }: { connected: boolean; className?: string }) {
  const { t } = useLingui();
  return (
    <StatusLine $on={connected} className={className}>
      {connected ? t`Connected` : t`Disconnected`}
    </StatusLine>
  );
}

/**
 * In place of the bubbles when the messages could not be loaded: "Failed to fetch messages" and Try
 * Again, which asks for them again (`retry`: the read's SWR mutate).
 */
export function MessagesLoadFailed({ retry, className }: { retry: () => unknown; className?: string }) {
  const { t } = useLingui();
  const [retrying, setRetrying] = useState(false);
  const tryAgain = async () => {
    setRetrying(true);
    // A failure again shows in the read's own error state.
    await Promise.resolve(retry()).catch(() => undefined);
    setRetrying(false);
  };
  return (
    <LoadFailed role="alert" className={className} data-testid="messages-load-failed">
      <span>{t`Failed to fetch messages`}</span>
      <Button type="button" variant="outline" size="sm" disabled={retrying} onClick={() => void tryAgain()}>
        {t`Try Again`}
      </Button>
    </LoadFailed>
  );
}

/** The list of bubbles scrolls to the bottom whenever `messages` changes, and on `scrollToBottom()`. */
export function useScrollToBottom(messages: Message[] | undefined) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollToBottom = useCallback(() => {
    window.setTimeout(() => listRef.current?.scrollTo({ top: listRef.current.scrollHeight }), SCROLL_TO_BOTTOM_MS);
  }, []);
  useEffect(() => {
    if (messages) scrollToBottom();
  }, [messages, scrollToBottom]);
  return { listRef, scrollToBottom };
}

/**
 * The conversation's messages as bubbles, the member's own on the right; a screen reader hears who wrote
 * each ("You:" or the other person's name), which sight gets from the side and colour. Under a received
 * message the scam guard flagged, its safety tip (the server gives a sender's own messages no warning).
 */
export function MessageBubbles({ messages, currentUserId, otherName }: { messages: Message[]; currentUserId: string; otherName: string }) {
  const { t } = useLingui();
  const you = t`You`;
  return messages.map((message) => (
    <Fragment key={message.id}>
      <Bubble $own={message.senderId === currentUserId} data-testid="message-bubble">
        <span className="visually-hidden">{message.senderId === currentUserId ? you : otherName}: </span>
        <span>{message.content}</span>
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
      </Bubble>
      {message.warning && message.senderId !== currentUserId && <SafetyTip warning={message.warning} />}
    </Fragment>
  ));
}

/**
 * "Type a message..." and the send button (disabled while sending or with nothing typed). `post` sends the
 * trimmed text; once it is sent the input clears and `afterSent` refreshes what shows it.
 */
export function MessageComposer({
  inputId,
  post,
  afterSent,
  autoFocus = false,
  className,
}: {
  /** Unique on the page: the visually hidden label points at it. */
  inputId: string;
  post: (content: string) => Promise<void>;
  afterSent: () => Promise<void> | void;
  /** Focused when its dialog opens (Dialog focuses the first [data-autofocus]). */
  autoFocus?: boolean;
  className?: string;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const failed = useFailureToast();
  const { t } = useLingui();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await post(content);
      setText('');
      await afterSent();
    } catch (error) {
      // Trying again will not help with a member one cannot message (proto's MESSAGING_UNAVAILABLE): say so, in words that do not say why.
      const unavailable = error instanceof ApiError && error.error?.code === 'messaging_unavailable';
      failed(error, { title: t`Error`, description: (unavailable && serverText(error)) || t`Failed to send message. Please try again.` });
    } finally {
      setSending(false);
      window.setTimeout(() => inputRef.current?.focus(), FOCUS_AFTER_SEND_MS);
    }
  };

  return (
    <ComposerForm onSubmit={(event) => void send(event)} className={className}>
      <label htmlFor={inputId} className="visually-hidden">
        {t`Message`}
      </label>
      <Input
        id={inputId}
        ref={inputRef}
        data-autofocus={autoFocus || undefined}
        placeholder={t`Type a message...`}
        value={text}
        disabled={sending}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      <Button type="submit" size="icon" aria-label={t`Send message`} disabled={sending || text.trim() === ''}>
        <SendIcon size={18} />
      </Button>
    </ComposerForm>
  );
}

const StatusLine = styled.p<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 0.85rem;
  color: var(--muted);
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ $on }) => ($on ? 'var(--success)' : '#a8a29e')};
  }
`;

const Bubble = styled.p<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: 80%;
  overflow-wrap: anywhere;
  display: grid;
  gap: 2px;
  margin: 0;
  padding: 8px 12px;
  border-radius: 14px;
  border: 1px solid ${({ $own }) => ($own ? 'var(--primary)' : 'var(--border)')};
  background: ${({ $own }) => ($own ? 'var(--primary)' : 'var(--surface-alt, #f1f0ee)')};
  /* Solid, not faded: white on the primary colour at this size needs all its contrast (WCAG AA 4.5:1). */
  color: ${({ $own }) => ($own ? '#fff' : 'var(--text)')};
  span {
    white-space: pre-wrap;
  }
  time {
    font-size: 0.75rem;
    text-align: right;
  }
`;

const LoadFailed = styled.div`
  margin: auto;
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 16px;
  font-size: 0.9rem;
  color: var(--muted);
  text-align: center;
`;

const ComposerForm = styled.form`
  display: flex;
  gap: 8px;
`;
