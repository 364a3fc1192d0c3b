/**
 * Messages between members in a real browser against the real stack (web/test/support.ts): live over /ws
 * on both sides, read and unread, a phone's separate inbox and thread, and a thread that fails to load.
 */
import type { Listing } from '@vnmarket/proto';
import { eventually } from '@vnmarket/testkit';
import { a11yViolationsOf, installBrowserHarness, newAccount, pageWidth, postListingAs } from './support';

jest.setTimeout(120_000);

const web = installBrowserHarness('web-messages');
const { newPage } = web;

describe('messages', () => {
  it('a buyer writes from a listing; the seller on /messages sees it live, reads it (badge cleared, after a reload too) and replies live', async () => {
    const { page: seller, userId: sellerId } = await newPage({ account: newAccount('Hạnh', 'Lý') });
    const { page: buyer } = await newPage({ account: newAccount('Tú', 'Phan') });
    const created = await postListingAs(seller, web.base, {
      title: 'Bàn học gỗ sồi',
      description: 'Bàn học gỗ sồi, còn mới',
      category: 'sale',
      price: '85',
      condition: 'good',
      location: 'San Jose, CA',
      metadata: {},
    });
    expect(created.status()).toBe(201);
    const listing = (await created.json()) as Listing;
    expect(listing.userId).toBe(sellerId);

    await seller.goto(`${web.base}/messages`);
    await seller.getByText('No conversations yet').waitFor();
    await seller.getByText('Connected', { exact: true }).waitFor();

    await buyer.goto(`${web.base}/listing/${listing.id}`);
    // The seller card shows the account's real year, not a fixed one.
    await buyer.getByText(`Member since ${new Date().getFullYear()}`, { exact: true }).waitFor();
    await buyer.getByRole('button', { name: 'Message Seller' }).click();
    const modal = buyer.getByTestId('message-modal');
    await modal.getByPlaceholder('Type a message...').fill('Chào chị, bàn còn không ạ?');
    await modal.getByRole('button', { name: 'Send message' }).click();

    // Live on the seller's page: the conversation with its unread count, and the header badge.
    const conversation = seller.getByTestId('conversation').filter({ hasText: 'Tú Phan' });
    await conversation.getByTestId('conversation-unread').filter({ hasText: '1' }).waitFor();
    // The listing it is about, with its price, links to the listing (spec: the inbox's title and price link to it).
    const about = seller
      .getByRole('listitem')
      .filter({ has: conversation })
      .getByRole('link', { name: /Bàn học gỗ sồi/ });
    await about.waitFor();
    expect(await about.getAttribute('href')).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
    expect(await about.textContent()).toMatch(/^\$[\d,.]+ · Bàn học gỗ sồi/);
    await seller.getByTestId('unread-badge').first().waitFor();

    await conversation.click();
    await seller.getByTestId('message-bubble').filter({ hasText: 'Chào chị, bàn còn không ạ?' }).waitFor();
    await seller.getByTestId('unread-badge').first().waitFor({ state: 'detached' });
    // The badge and the inbox are refetched side by side after the read: either may answer first.
    await conversation.getByTestId('conversation-unread').waitFor({ state: 'detached' });
    await seller.reload();
    await seller.getByTestId('message-bubble').filter({ hasText: 'Chào chị, bàn còn không ạ?' }).waitFor();
    expect(await seller.getByTestId('unread-badge').count()).toBe(0);

    const input = seller.getByPlaceholder('Type a message...');
    await input.fill('Còn em nhé, chiều nay qua xem được');
    await seller.getByRole('button', { name: 'Send message' }).click();
    await seller.getByTestId('message-bubble').filter({ hasText: 'Còn em nhé' }).waitFor();
    expect(await input.inputValue()).toBe('');
    await modal.getByTestId('message-bubble').filter({ hasText: 'Còn em nhé, chiều nay qua xem được' }).waitFor();
    // Each side's bubbles, own (white on the primary colour) and the other's, with their times, readable on both screens.
    expect(await a11yViolationsOf(seller, ['color-contrast'])).toEqual([]);
    expect(await a11yViolationsOf(buyer, ['color-contrast'])).toEqual([]);
  });

  it('on a phone the inbox and the thread are separate views with a back button', async () => {
    const { page: seller } = await newPage({ account: newAccount('Quý', 'Trịnh'), viewport: { width: 375, height: 740 } });
    const { context: buyerContext, userId: buyerId } = await newPage({ account: newAccount('Lộc', 'Vũ') });
    const sellerId = ((await (await seller.request.get(`${web.base}/api/auth/user`)).json()) as { id: string }).id;
    await eventually(async () =>
      expect((await buyerContext.request.post(`${web.base}/api/messages`, { data: { receiverId: sellerId, content: 'Alo anh ơi' } })).status()).toBe(201),
    );
    expect(buyerId).toBeDefined();
    await seller.goto(`${web.base}/messages`);
    await seller.getByTestId('conversation').first().click();
    await seller.getByTestId('message-bubble').filter({ hasText: 'Alo anh ơi' }).waitFor();
    expect(await seller.getByTestId('conversation').first().isVisible()).toBe(false);
    await seller.getByRole('button', { name: 'Back to conversations' }).click();
    await seller.getByTestId('conversation').first().waitFor();
    expect(await pageWidth(seller)).toBeLessThanOrEqual(375);
  });

  it('a thread whose messages fail to load says "Failed to fetch messages", not an empty conversation, and Try Again loads them', async () => {
    const { page: seller, userId: sellerId } = await newPage({ account: newAccount('Thảo', 'Đinh') });
    const { context: buyerContext } = await newPage({ account: newAccount('Bình', 'Tô') });
    await eventually(async () =>
      expect(
        (await buyerContext.request.post(`${web.base}/api/messages`, { data: { receiverId: sellerId, content: 'Chị ơi, nồi cơm còn không?' } })).status(),
      ).toBe(201),
    );
    // Every read of a conversation's messages fails (a 500, not the 404 of a conversation without messages).
    const messagesRead = '**/api/conversations/*/messages';
    await seller.route(messagesRead, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error', code: 'internal' }) }),
    );
    await seller.goto(`${web.base}/messages`);
    await seller.getByTestId('conversation').filter({ hasText: 'Bình Tô' }).click();
    const thread = seller.getByRole('log', { name: 'Conversation with Bình' });
    await thread.getByText('Failed to fetch messages', { exact: true }).waitFor();
    expect(await thread.getByTestId('message-bubble').count()).toBe(0);

    await seller.unroute(messagesRead);
    await thread.getByRole('button', { name: 'Try Again' }).click();
    await thread.getByTestId('message-bubble').filter({ hasText: 'Chị ơi, nồi cơm còn không?' }).waitFor();
    expect(await thread.getByText('Failed to fetch messages').count()).toBe(0);
  });
});
