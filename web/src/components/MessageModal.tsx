/**
 * Message modal over a listing (members only): one conversation with the seller about the listing,
 * live over /ws. 500 px tall, the list at most 340 px; after a send the input clears, the list scrolls
 * to the bottom and focus returns to the input after 100 ms. A failed send shows the error toast (a 401,
 * the Unauthorized one and the sign-in redirect).
 */
import { useLingui } from '@lingui/react/macro';
import { conversationIdFor, type Message } from '@vnmarket/proto/messaging';
import { useCallback } from 'react';
import styled from 'styled-components';
import { useMessagingSocket } from '../lib/hooks';
import { refreshMessages, sendMessage, useMessages } from '../lib/messages';
import { useToast } from '../lib/toast';
import { ConnectionStatus, MessageBubbles, MessageComposer, MessagesLoadFailed, useScrollToBottom } from './conversation';
import { Dialog } from './Dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  currentUserId: string;
  seller: { id: string; firstName: string; lastName: string };
  listing: { id: string; title: string };
}

export function MessageModal({ open, onClose, currentUserId, seller, listing }: Props) {
  const conversationId = conversationIdFor(currentUserId, seller.id);
  const { data: messages, isLoading, error, mutate } = useMessages(open ? conversationId : undefined);
  const toast = useToast();
  const { t } = useLingui();
  const sellerName = `${seller.firstName} ${seller.lastName}`;
  const listingTitle = listing.title;

  const onPush = useCallback(
    (message: Message) => {
      if (open && message.conversationId === conversationId) void refreshMessages(conversationId);
    },
    [open, conversationId],
  );
  const connected = useMessagingSocket(open ? currentUserId : undefined, onPush);

  const { listRef, scrollToBottom } = useScrollToBottom(messages);
  const post = (content: string) => sendMessage(currentUserId, { receiverId: seller.id, content, listingId: listing.id });
  const afterSent = () => {
    toast({ title: t`Message sent`, description: t`Your message has been sent successfully.` });
    scrollToBottom();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Message ${sellerName}`}
      description={t`About: ${listingTitle}`}
      height={500}
      width={520}
      testId="message-modal"
    >
      <Status connected={connected} />
      <List ref={listRef} role="log" aria-label={t`Conversation`} aria-live="polite" data-testid="message-list">
        {error && !messages ? (
          <MessagesLoadFailed retry={() => mutate()} />
        ) : isLoading ? (
          <Empty>{t`Loading messages...`}</Empty>
        ) : !messages || messages.length === 0 ? (
          <Empty>{t`No messages yet. Say hello and ask about the listing.`}</Empty>
        ) : (
          <MessageBubbles messages={messages} currentUserId={currentUserId} otherName={seller.firstName} />
        )}
      </List>
      <Composer inputId="message-input" post={post} afterSent={afterSent} autoFocus />
    </Dialog>
  );
}

const Status = styled(ConnectionStatus)`
  margin-bottom: 8px;
  font-size: 0.8rem;
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

const Composer = styled(MessageComposer)`
  margin-top: 12px;
`;
