/**
 * Message modal over a listing (members only): one conversation with the seller about the listing,
 * live over /ws. 500 px tall, the list at most 340 px; after a send the input clears, the list scrolls
 * to the bottom and focus returns to the input after 100 ms. A failed send shows the error toast (a 401,
 * the Unauthorized one and the sign-in redirect).
 */
import { conversationIdFor, type Message, type SendMessageBody } from '@vnmarket/proto/src/messaging';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiRequest } from '../lib/api';
import { formatTime } from '../lib/format';
import { useFailureToast, useMessagingSocket } from '../lib/hooks';
import { useMessages } from '../lib/screen-reads';
import { revalidateAfterMessageSent, revalidateMessages } from '../lib/cache-writes';
import { FOCUS_AFTER_SEND_MS, SCROLL_TO_BOTTOM_MS } from '../lib/timing';
import { useToast } from '../lib/toast';
import { Dialog } from './Dialog';
import { SendIcon } from './Icons';
import { Button, Input } from './ui';

interface Props {
  open: boolean;
  onClose: () => void;
  currentUserId: string;
  seller: { id: string; firstName: string; lastName: string };
  listing: { id: string; title: string };
}

export function MessageModal({ open, onClose, currentUserId, seller, listing }: Props) {
  const conversationId = conversationIdFor(currentUserId, seller.id);
  const { data: messages, isLoading } = useMessages(open ? conversationId : undefined);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const failed = useFailureToast();

  const onPush = useCallback(
    (message: Message) => {
      if (open && message.conversationId === conversationId) void revalidateMessages(conversationId);
    },
    [open, conversationId],
  );
  const connected = useMessagingSocket(open ? currentUserId : undefined, onPush);

  const scrollToBottom = useCallback(() => {
    window.setTimeout(() => list.current?.scrollTo({ top: list.current.scrollHeight }), SCROLL_TO_BOTTOM_MS);
  }, []);
  useEffect(() => {
    if (messages) scrollToBottom();
  }, [messages, scrollToBottom]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const body: SendMessageBody = { conversationId, receiverId: seller.id, content, listingId: listing.id };
      await apiRequest('POST', '/api/messages', body);
      setText('');
      toast({ title: 'Message sent', description: 'Your message has been sent successfully.' });
      await revalidateAfterMessageSent(conversationId);
      scrollToBottom();
    } catch (error) {
      failed(error, { title: 'Error', description: 'Failed to send message. Please try again.' });
    } finally {
      setSending(false);
      window.setTimeout(() => input.current?.focus(), FOCUS_AFTER_SEND_MS);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Message ${seller.firstName} ${seller.lastName}`}
      description={`About: ${listing.title}`}
      height={500}
      width={520}
      testId="message-modal"
    >
      <Status $on={connected}>{connected ? 'Connected' : 'Disconnected'}</Status>
      <List ref={list} role="log" aria-label="Conversation" aria-live="polite" data-testid="message-list">
        {isLoading ? (
          <Empty>Loading messages...</Empty>
        ) : !messages || messages.length === 0 ? (
          <Empty>No messages yet. Say hello and ask about the listing.</Empty>
        ) : (
          messages.map((message) => {
            const own = message.senderId === currentUserId;
            return (
              <Bubble key={message.id} $own={own} data-testid="message-bubble">
                <span>{message.content}</span>
                <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
              </Bubble>
            );
          })
        )}
      </List>
      <Composer onSubmit={(event) => void send(event)}>
        <label htmlFor="message-input" className="visually-hidden">
          Message
        </label>
        <Input
          id="message-input"
          ref={input}
          data-autofocus
          placeholder="Type a message..."
          value={text}
          disabled={sending}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={sending || text.trim() === ''}>
          <SendIcon size={18} />
        </Button>
      </Composer>
    </Dialog>
  );
}

const Status = styled.p<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: 8px;
  font-size: 0.8rem;
  color: var(--muted);
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ $on }) => ($on ? 'var(--success)' : '#a8a29e')};
  }
`;

const List = styled.div`
  flex: 1;
  max-height: 340px;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  background: var(--background);
`;

const Empty = styled.p`
  margin: auto;
  font-size: 0.9rem;
  color: var(--muted);
  text-align: center;
`;

const Bubble = styled.div<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: 80%;
  padding: 8px 12px;
  border-radius: 14px;
  background: ${({ $own }) => ($own ? 'var(--primary)' : 'var(--surface)')};
  color: ${({ $own }) => ($own ? '#fff' : 'var(--text)')};
  border: 1px solid ${({ $own }) => ($own ? 'var(--primary)' : 'var(--border)')};
  overflow-wrap: anywhere;
  span {
    display: block;
    white-space: pre-wrap;
  }
  time {
    display: block;
    margin-top: 2px;
    font-size: 0.75rem;
    text-align: right;
  }
`;

const Composer = styled.form`
  display: flex;
  gap: 8px;
  margin-top: 12px;
`;
