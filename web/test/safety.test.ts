/**
 * Safety in chat, in a real browser against the real stack: a message the scam guard flagged shows its
 * safety tip to its receiver (Tiếng Việt and English, on a 375 px phone) and nothing to its sender; a
 * member blocked from a conversation cannot message, the conversation leaves the blocker's inbox, and
 * Settings unblocks; a member's profile blocks too. SCREENSHOTS_DIR=… keeps the flagged message's screenshots.
 */
import { conversationIdFor } from '@vnmarket/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { installBrowserHarness, newAccount, seriousA11yViolations, toast, pageWidth } from './support';

jest.setTimeout(120_000);

const web = installBrowserHarness('safety');
const { newPage } = web;
const SHOTS = process.env.SCREENSHOTS_DIR;
const PHONE = { width: 375, height: 812 };

const SCAM = 'Chào chị, phòng còn nha. Chị chuyển khoản trước 500 để em giữ phòng, em đang ở Texas nên không dẫn đi xem được.';

/** Two members whom messaging knows; the second writes to the first. */
async function strangerAndReceiver(options: { receiverViewport?: { width: number; height: number }; receiverLocale?: string } = {}) {
  const receiver = await newPage({ account: newAccount('Ánh', 'Trần'), viewport: options.receiverViewport, locale: options.receiverLocale });
  const stranger = await newPage({ account: newAccount('Bảo', 'Lê') });
  await eventually(async () =>
    expect(await web.stack.messaging.infrastructure.db('users').whereIn('id', [receiver.userId!, stranger.userId!])).toHaveLength(2),
  );
  return { receiver, stranger, conversationId: conversationIdFor(receiver.userId!, stranger.userId!) };
}

async function send(context: BrowserContext, receiverId: string, content: string): Promise<number> {
  return (await context.request.post(`${web.base}/api/messages`, { data: { receiverId, content } })).status();
}

const bubble = (page: Page, text: string) => page.getByTestId('message-bubble').filter({ hasText: text });

describe('a flagged message', () => {
  it('shows its safety tip to the receiver in Tiếng Việt and in English, and nothing to its sender', async () => {
    const { receiver, stranger, conversationId } = await strangerAndReceiver({ receiverViewport: PHONE, receiverLocale: 'vi-VN' });
    expect(await send(stranger.context, receiver.userId!, 'Chào chị, phòng ở Story Rd còn không ạ?')).toBe(201);
    expect(await send(stranger.context, receiver.userId!, SCAM)).toBe(201);

    const { page } = receiver;
    await page.goto(`${web.base}/messages?c=${conversationId}`);
    await bubble(page, 'chuyển khoản trước').waitFor();
    const tips = page.getByTestId('safety-tip');
    await tips.first().waitFor();
    // One tip, under the flagged message only, as a note whose words say what it is (not colour alone).
    expect(await tips.count()).toBe(1);
    expect(await tips.first().getAttribute('role')).toBe('note');
    expect(await tips.first().textContent()).toBe('Lưu ý an toàn: Đừng trả tiền hay đặt cọc khi chưa tận mắt xem nhà hoặc món hàng.');
    const [messageBox, tipBox] = [await bubble(page, 'chuyển khoản trước').boundingBox(), await tips.first().boundingBox()];
    expect(tipBox!.y).toBeGreaterThan(messageBox!.y);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flagged-message-vi-375.png` });

    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await page.getByText('Safety tip: Never pay or leave a deposit before you have seen the place or the item in person.').waitFor();
    expect(await tips.count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flagged-message-en-375.png` });

    await stranger.page.goto(`${web.base}/messages?c=${conversationId}`);
    await bubble(stranger.page, 'chuyển khoản trước').waitFor();
    expect(await stranger.page.getByTestId('safety-tip').count()).toBe(0);
    expect(await stranger.page.getByText(/Safety tip|Lưu ý an toàn/).count()).toBe(0);
  });

  it('arrives with its tip while the receiver has the conversation open', async () => {
    const { receiver, stranger, conversationId } = await strangerAndReceiver();
    expect(await send(stranger.context, receiver.userId!, 'Hi, is the couch still available?')).toBe(201);
    await receiver.page.goto(`${web.base}/messages?c=${conversationId}`);
    await bubble(receiver.page, 'couch').waitFor();
    expect(await send(stranger.context, receiver.userId!, 'Send me the code you got so I know you are real')).toBe(201);
    await receiver.page.getByText('Safety tip: Never share a verification code sent to your phone.', { exact: false }).waitFor();
  });
});

describe('blocking', () => {
  it('from a conversation: the blocked member cannot message, the conversation leaves the inbox, and Settings unblocks', async () => {
    const { receiver, stranger, conversationId } = await strangerAndReceiver();
    expect(await send(stranger.context, receiver.userId!, 'Chị ơi còn xe không?')).toBe(201);
    const { page } = receiver;
    await page.goto(`${web.base}/messages?c=${conversationId}`);
    await bubble(page, 'còn xe').waitFor();

    await page.getByRole('button', { name: 'Block Bảo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Bảo?' });
    await dialog.getByText('They are not told.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await toast(page, 'Bảo is blocked').waitFor();
    await page.getByText('No conversations yet').waitFor();

    // The blocked member's side: the thread is still theirs, but a message is refused with the neutral words.
    await stranger.page.goto(`${web.base}/messages?c=${conversationId}`);
    await bubble(stranger.page, 'còn xe').waitFor();
    await stranger.page.getByPlaceholder('Type a message...').fill('Chị ơi?');
    await stranger.page.getByRole('button', { name: 'Send message' }).click();
    await toast(stranger.page, 'You cannot message this member').waitFor();
    expect(await web.stack.messaging.infrastructure.db('messages').where({ conversation_id: conversationId })).toHaveLength(1);
    expect(await send(stranger.context, receiver.userId!, 'Còn không?')).toBe(403);

    await page.goto(`${web.base}/profile#settings`);
    const blocked = page.getByTestId('blocked-member');
    await blocked.filter({ hasText: 'Bảo Lê' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await blocked.getByRole('button', { name: 'Unblock Bảo Lê' }).click();
    await page.getByText('You have not blocked anyone.').waitFor();
    await page.goto(`${web.base}/messages`);
    await page.getByTestId('conversation').filter({ hasText: 'Bảo' }).waitFor();
    expect(await send(stranger.context, receiver.userId!, 'Dạ em hỏi lại')).toBe(201);
  });

  it("from a member's profile, which then offers Unblock", async () => {
    const { receiver, stranger } = await strangerAndReceiver();
    const { page } = receiver;
    await page.goto(`${web.base}/users/${stranger.userId}`);
    await page.getByRole('button', { name: 'Block Bảo Lê' }).click();
    await page.getByRole('dialog', { name: 'Block Bảo Lê?' }).getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('button', { name: 'Unblock Bảo Lê' }).waitFor();
    expect(await send(stranger.context, receiver.userId!, 'Chào chị')).toBe(403);
    expect(await send(receiver.context, stranger.userId!, 'Chào em')).toBe(403);
  });

  it('Settings reads in Tiếng Việt on a 375 px phone', async () => {
    const { receiver, stranger } = await strangerAndReceiver({ receiverViewport: PHONE, receiverLocale: 'vi-VN' });
    expect((await receiver.context.request.post(`${web.base}/api/users/${stranger.userId}/block`)).status()).toBe(200);
    const { page } = receiver;
    await page.goto(`${web.base}/profile#settings`);
    await page.getByRole('heading', { name: 'Thành viên đã chặn' }).waitFor();
    await page.getByRole('group', { name: 'Ngôn ngữ' }).waitFor();
    await page.getByRole('button', { name: 'Bỏ chặn Bảo Lê' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-vi-375.png`, fullPage: true });
  });
});
