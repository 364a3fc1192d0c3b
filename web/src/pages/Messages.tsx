/**
 * Messages (/messages, members only): the inbox on the left (avatar, name, unread badge, listing link
 * with price, last message, friendly time), the selected thread on the right (own bubbles on the right,
 * "Type a message..." and send), in a 600 px panel, with the Connected / Disconnected indicator. Opening
 * a conversation marks it read, so the header badge drops at once. On a phone the list and the thread
 * are separate views with a back button. Pushes arrive over the app-wide socket (lib/messaging.tsx).
 * A thread whose messages fail to load says so ("Failed to fetch messages", Try Again); a 404 is a
 * conversation without messages yet. The thread's header has "Block" (components/BlockMember.tsx); a
 * flagged message shows its safety tip to its receiver (components/SafetyTip.tsx).
 */
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ConversationSummary } from '@vnmarket/proto/messaging';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useSearchParams } from '../lib/router';
import styled, { css } from 'styled-components';
import { BlockMemberButton } from '../components/BlockMember';
import { ConnectionStatus, MessageBubbles, MessageComposer, MessagesLoadFailed, useScrollToBottom } from '../components/conversation';
import { QuickReplies } from '../components/QuickReplies';
import { Avatar, Card, Page, PageHead, PageTitle, Skeleton } from '../components/ui';
import { media } from '../lib/breakpoints';
import { formatPrice, formatTime, initials } from '../lib/format';
import { useRequireAuth } from '../lib/hooks';
import { useMessaging } from '../lib/messaging';
import { useOwnListings } from '../lib/listings';
import { markConversationRead, sendMessage, useConversations, useMessages } from '../lib/messages';

export default function Messages() {
  const { user, isAuthenticated, memberDataEnabled } = useRequireAuth();
  const { connected } = useMessaging();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const { data: conversations, error } = useConversations(memberDataEnabled);
  const selected = conversations?.find((conversation) => conversation.conversationId === selectedId);
  const { t } = useLingui();

  // Opening a conversation (or a new message arriving in the open one) marks it read.
  const unreadInSelected = selected?.unreadCount ?? 0;
  useEffect(() => {
    if (!selectedId || unreadInSelected === 0) return;
    markConversationRead(selectedId).catch(() => undefined);
  }, [selectedId, unreadInSelected]);

  // On a phone the inbox and the thread are shown one at a time, so the control just used disappears with
  // its view and focus would drop to <body>: opening a thread moves focus to its header, and Back returns
  // it to the conversation's button. Wider, both stay in view and focus stays where it is.
  const threadHeader = useRef<HTMLElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.getClientRects().length > 0) return;
    (selectedId ? threadHeader.current : opener.current)?.focus();
  }, [selectedId]);

  if (!isAuthenticated || !user) return null;
  const select = (conversationId: string | null) => {
    switched.current = true;
    setParams(conversationId ? { c: conversationId } : {});
  };

  return (
    <Page>
      <PageHead $spread>
        <PageTitle>{t`Messages`}</PageTitle>
        <ConnectionStatus connected={connected} />
      </PageHead>
      <Panel $threadOpen={Boolean(selectedId)}>
        <Inbox aria-label={t`Conversations`}>
          {error ? (
            <Empty>{t`Failed to fetch conversations`}</Empty>
          ) : !conversations ? (
            [1, 2, 3].map((row) => <Skeleton key={row} $height="64px" style={{ margin: 12 }} />)
          ) : conversations.length === 0 ? (
            <Empty>
              <strong>{t`No conversations yet`}</strong>
              <span>{t`Start one by contacting a seller from a listing page.`}</span>
            </Empty>
          ) : (
            <ul>
              {conversations.map((conversation) => (
                <ConversationItem key={conversation.conversationId} $current={conversation.conversationId === selectedId}>
                  <ConversationButton
                    type="button"
                    aria-current={conversation.conversationId === selectedId ? 'true' : undefined}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      select(conversation.conversationId);
                    }}
                    data-testid="conversation"
                  >
                    <Avatar $size={44}>
                      {conversation.otherUser.profileImageUrl ? (
                        <img src={conversation.otherUser.profileImageUrl} alt="" />
                      ) : (
                        initials(conversation.otherUser.firstName, conversation.otherUser.lastName)
                      )}
                    </Avatar>
                    <Summary>
                      <Row>
                        <strong>
                          {conversation.otherUser.firstName} {conversation.otherUser.lastName}
                        </strong>
                        <time dateTime={conversation.lastMessage.createdAt}>{formatTime(conversation.lastMessage.createdAt)}</time>
                      </Row>
                      <Row>
                        <Last>{conversation.lastMessage.content}</Last>
                        {conversation.unreadCount > 0 && (
                          <Unread data-testid="conversation-unread" aria-label={t`${ph({ count: conversation.unreadCount })} unread`}>
                            {conversation.unreadCount}
                          </Unread>
                        )}
                      </Row>
                    </Summary>
                  </ConversationButton>
                  {/* Beside the button, not in it: a link inside a button is neither reachable nor valid. */}
                  {conversation.listing &&
                    (conversation.listing.removed ? (
                      <InboxListingNote>{t`${ph({ title: conversation.listing.title })} (removed)`}</InboxListingNote>
                    ) : (
                      <InboxListingLink to={`/listing/${conversation.listing.id}`} data-testid="conversation-listing">
                        {formatPrice(conversation.listing.price)} · {conversation.listing.title}
                      </InboxListingLink>
                    ))}
                </ConversationItem>
              ))}
            </ul>
          )}
        </Inbox>
        <ThreadPane>
          {selected ? (
            <Thread key={selected.conversationId} conversation={selected} currentUserId={user.id} onBack={() => select(null)} headerRef={threadHeader} />
          ) : (
            <Empty>
              <strong>{t`Select a conversation to start messaging`}</strong>
            </Empty>
          )}
        </ThreadPane>
      </Panel>
    </Page>
  );
}

function Thread({
  conversation,
  currentUserId,
  onBack,
  headerRef,
}: {
  conversation: ConversationSummary;
  currentUserId: string;
  onBack: () => void;
  /** Focused (from script) when a phone switches from the inbox to this thread. */
  headerRef: RefObject<HTMLElement | null>;
}) {
  const { data: messages, error, mutate } = useMessages(conversation.conversationId);
  const other = conversation.otherUser;
  const { t } = useLingui();
  const firstName = other.firstName;
  const title = conversation.listing?.title;
  const { listRef, scrollToBottom } = useScrollToBottom(messages);
  // The seller's one-tap answers, in a thread about one of their own listings.
  const { data: own } = useOwnListings(true);
  const aboutOwnListing = Boolean(conversation.listing && !conversation.listing.removed && own?.some((listing) => listing.id === conversation.listing?.id));
  const listingId = conversation.listing && !conversation.listing.removed ? conversation.listing.id : undefined;
  const post = (content: string) => sendMessage(currentUserId, { receiverId: other.id, content, listingId });

  return (
    <>
      <ThreadHeader ref={headerRef} tabIndex={-1}>
        <BackButton type="button" onClick={onBack} aria-label={t`Back to conversations`}>
          ←
        </BackButton>
        <div>
          <strong>
            {other.firstName} {other.lastName}
          </strong>
          {conversation.listing &&
            (conversation.listing.removed ? (
              <ListingLine>{t`${title} (removed)`}</ListingLine>
            ) : (
              <ListingLine>
                <Link to={`/listing/${conversation.listing.id}`}>{conversation.listing.title}</Link>
              </ListingLine>
            ))}
        </div>
        {/* Blocked, the conversation leaves the inbox: back to the list. */}
        <BlockMemberButton memberId={other.id} name={other.firstName} variant="ghost" size="sm" onBlocked={onBack} />
      </ThreadHeader>
      <Bubbles ref={listRef} role="log" aria-label={t`Conversation with ${firstName}`} aria-live="polite">
        {error && !messages ? (
          <MessagesLoadFailed retry={() => mutate()} />
        ) : (
          <MessageBubbles messages={messages ?? []} currentUserId={currentUserId} otherName={other.firstName} />
        )}
      </Bubbles>
      {aboutOwnListing && (
        <Answers
          label={t`Quick answers`}
          replies={[t`Yes, still available`, t`Sold, sorry`]}
          send={async (text) => {
            await post(text);
            scrollToBottom();
          }}
        />
      )}
      <Composer inputId="thread-input" post={post} afterSent={scrollToBottom} />
    </>
  );
}

const Panel = styled(Card)<{ $threadOpen: boolean }>`
  display: grid;
  /* minmax(0, …): long names and messages wrap or ellipsize instead of widening the panel. */
  grid-template-columns: minmax(260px, 340px) minmax(0, 1fr);
  height: 600px;
  padding: 0;
  overflow: hidden;
  ${media.belowTablet} {
    grid-template-columns: minmax(0, 1fr);
    height: calc(100dvh - 180px);
    min-height: 420px;
    & > nav {
      display: ${({ $threadOpen }) => ($threadOpen ? 'none' : 'block')};
    }
    & > section {
      display: ${({ $threadOpen }) => ($threadOpen ? 'flex' : 'none')};
    }
  }
`;

const Inbox = styled.nav`
  border-right: 1px solid var(--border);
  overflow-y: auto;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

/* The row is the button and the listing link under it: hover and selection colour the whole row. */
const ConversationItem = styled.li<{ $current: boolean }>`
  border-bottom: 1px solid var(--border);
  background: ${({ $current }) => ($current ? 'var(--primary-soft)' : 'none')};
  &:hover {
    background: ${({ $current }) => ($current ? 'var(--primary-soft)' : 'var(--surface-alt, #f5f5f4)')};
  }
`;

const ConversationButton = styled.button`
  display: flex;
  gap: 10px;
  width: 100%;
  padding: 12px 12px 6px;
  border: 0;
  background: none;
  text-align: left;
  cursor: pointer;
  color: inherit;
  font: inherit;
`;

/** The listing the conversation is about, under its row, lined up with the text (12 px + the 44 px avatar + 10 px). */
const inboxListing = css`
  display: block;
  margin: 0;
  padding: 2px 12px 10px 66px;
  font-size: 0.85rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const InboxListingLink = styled(Link)`
  ${inboxListing}
  color: var(--primary);
`;
const InboxListingNote = styled.p`
  ${inboxListing}
  color: var(--muted);
`;

const Summary = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;
  flex: 1;
`;

const Row = styled.span`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  min-width: 0;
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  time {
    flex: none;
    font-size: 0.75rem;
    color: var(--muted);
  }
`;

const ListingLine = styled.span`
  display: block;
  font-size: 0.8rem;
  color: var(--primary);
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Last = styled.span`
  color: var(--muted);
  font-size: 0.9rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Unread = styled.span`
  flex: none;
  min-width: 22px;
  padding: 0 6px;
  border-radius: 11px;
  background: var(--primary);
  color: #fff;
  font-size: 0.75rem;
  font-weight: 700;
  text-align: center;
  line-height: 22px;
`;

const ThreadPane = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  min-width: 0;
`;

const ThreadHeader = styled.header`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 12px 16px;
  border-bottom: 1px solid var(--border);
  & > div {
    flex: 1;
    min-width: 0;
  }
  /* Inside, not around: the panel clips what is outside it. */
  &:focus-visible {
    outline-offset: -2px;
  }
`;

const BackButton = styled.button`
  display: none;
  border: 0;
  background: none;
  font-size: 1.3rem;
  min-width: 44px;
  min-height: 44px;
  cursor: pointer;
  ${media.belowTablet} {
    display: inline-block;
  }
`;

const Bubbles = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
`;

const Composer = styled(MessageComposer)`
  padding: 12px 16px;
  border-top: 1px solid var(--border);
`;

const Answers = styled(QuickReplies)`
  padding: 10px 16px 0;
  border-top: 1px solid var(--border);
`;

const Empty = styled.div`
  display: grid;
  place-content: center;
  gap: 6px;
  height: 100%;
  padding: 24px;
  text-align: center;
  color: var(--muted);
`;
