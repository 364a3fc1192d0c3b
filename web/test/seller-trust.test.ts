/**
 * What a buyer can check of a seller, in a real browser against the real stack: the seller card's facts
 * (phone verified and its month, member since, listings posted, typical reply time) in both languages, a
 * review with the seller's one answer beneath it (answered in Tiếng Việt on a 375 px phone), and "Verified
 * Sellers Only" on home, kept in the address.
 */
import { randomUUID } from 'node:crypto';
import { conversationIdFor } from '@vnmarket/proto';
import type { Page } from 'playwright-core';
import { verifiedPhone, eventually } from '@vnmarket/testkit';
import { createListingAs, installBrowserHarness, isFocused, newAccount, seriousA11yViolations, toast, pageWidth } from './support';

jest.setTimeout(120_000);

const web = installBrowserHarness('seller-trust');
const { newPage } = web;
const SHOTS = process.env.SCREENSHOTS_DIR;

/** A listing card's title on the grid. */
const card = (page: Page, title: string) => page.getByTestId('listing-grid').getByRole('heading', { name: title });
const sellerCard = (page: Page) => page.locator('section[aria-labelledby="seller-name"]');
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Conversations as if held a day ago: the member answered after 10, 20 and 40 minutes (typically 20). */
async function repliesOf(sellerId: string, buyerIds: string[]): Promise<void> {
  const start = Date.now() - 86_400_000;
  const rows = buyerIds.flatMap((buyerId, index) => {
    const conversationId = conversationIdFor(sellerId, buyerId);
    const message = (senderId: string, receiverId: string, minute: number) => ({
      id: randomUUID(),
      conversation_id: conversationId,
      sender_id: senderId,
      receiver_id: receiverId,
      content: 'Còn không ạ?',
      created_at: new Date(start + minute * 60_000),
    });
    return [message(buyerId, sellerId, 0), message(sellerId, buyerId, [10, 20, 40][index]!)];
  });
  await web.stack.messaging.infrastructure.db('messages').insert(rows);
}

/** Month and year as the app writes them (Intl, the active language). */
const monthYear = (locale: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date());

describe('the seller card says what was checked', () => {
  it('phone verified in its month, member since, listings posted and the typical reply time, in English and Tiếng Việt', async () => {
    const sellerAccount = newAccount('Ngọc', 'Trần');
    const { context: sellerContext, userId: sellerId } = await newPage({ account: sellerAccount });
    const buyers = await Promise.all(['An', 'Bình', 'Chi'].map((name) => newPage({ account: newAccount(name, 'Lý') })));
    const listingId = await createListingAs(sellerContext, web.base, { title: 'Bàn ăn gỗ sồi', category: 'sale', price: '120', condition: 'good' });
    await createListingAs(sellerContext, web.base, { title: 'Ghế xếp', category: 'sale', price: '15', condition: 'fair' });
    await verifiedPhone(web.stack.auth, { user: { id: sellerId!, phone: `+1${sellerAccount.phone}` } });
    await eventually(async () =>
      expect(await web.stack.messaging.infrastructure.db('users').whereIn('id', [sellerId!, ...buyers.map((buyer) => buyer.userId!)])).toHaveLength(4),
    );
    await repliesOf(
      sellerId!,
      buyers.map((buyer) => buyer.userId!),
    );

    // English, on a desktop.
    const [first] = buyers;
    await eventually(async () => {
      await first!.page.goto(`${web.base}/listing/${listingId}`);
      await sellerCard(first!.page)
        .getByText(`Phone verified in ${monthYear('en-US')}`)
        .waitFor({ timeout: 2_000 });
    }, 15_000);
    const facts = sellerCard(first!.page).getByTestId('seller-facts');
    await facts.getByText(`Member since ${new Date().getFullYear()}`).waitFor();
    await facts.getByText('2 listings posted').waitFor();
    await facts.getByText('Usually replies within 20 minutes').waitFor();
    expect(await facts.getAttribute('aria-label')).toBe('What we checked');
    await shot(first!.page, 'seller-card-en-1280');
    expect(await seriousA11yViolations(first!.page)).toEqual([]);

    // Tiếng Việt, on a 375 px phone: the same facts, nothing off the screen.
    const { page: phone } = await newPage({ locale: 'vi-VN', viewport: { width: 375, height: 800 }, account: newAccount('Dũng', 'Võ') });
    await phone.goto(`${web.base}/listing/${listingId}`);
    const factsVi = sellerCard(phone).getByTestId('seller-facts');
    await factsVi.getByText(`Đã xác minh số điện thoại vào ${monthYear('vi-VN')}`).waitFor();
    await factsVi.getByText(`Thành viên từ năm ${new Date().getFullYear()}`).waitFor();
    await factsVi.getByText('Đã đăng 2 tin').waitFor();
    await factsVi.getByText('Thường trả lời trong vòng 20 phút').waitFor();
    await sellerCard(phone).scrollIntoViewIfNeeded();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(375);
    await shot(phone, 'seller-card-vi-375');
  });

  it('a seller who is new says so: not verified, no reply time yet', async () => {
    const { context, userId } = await newPage({ account: newAccount('Hải', 'Đặng') });
    const listingId = await createListingAs(context, web.base, { title: 'Máy may cũ', category: 'sale', price: '60', condition: 'fair' });
    const { page } = await newPage({ account: newAccount('Kim', 'Tạ') });
    await page.goto(`${web.base}/listing/${listingId}`);
    const facts = sellerCard(page).getByTestId('seller-facts');
    await facts.getByText('Phone not verified').waitFor();
    await facts.getByText('1 listing posted').waitFor();
    await facts.getByText('Reply time: not enough messages yet').waitFor();
    expect(userId).toBeDefined();
  });
});

describe("a review and the seller's answer", () => {
  it('the reviewed seller answers once from their profile (Tiếng Việt, 375 px); the answer shows beneath the review to others', async () => {
    const sellerAccount = newAccount('Phương', 'Lâm');
    const {
      page: seller,
      context: sellerContext,
      userId: sellerId,
    } = await newPage({
      account: sellerAccount,
      locale: 'vi-VN',
      viewport: { width: 375, height: 800 },
    });
    const buyerAccount = newAccount('Quân', 'Hồ');
    const { page: buyer, context: buyerContext, userId: buyerId } = await newPage({ account: buyerAccount });
    const listingId = await createListingAs(sellerContext, web.base, { title: 'Xe đạp địa hình', category: 'sale', price: '200', condition: 'good' });

    // A dealing: each wrote, and the buyer's phone is verified. Then the review.
    await eventually(async () =>
      expect(
        (await buyerContext.request.post(`${web.base}/api/messages`, { data: { receiverId: sellerId, content: 'Xe còn không anh?', listingId } })).status(),
      ).toBe(201),
    );
    expect((await sellerContext.request.post(`${web.base}/api/messages`, { data: { receiverId: buyerId, content: 'Còn em', listingId } })).status()).toBe(201);
    // Not yet verified: the reason, and the way to verify.
    await eventually(async () => {
      await buyer.goto(`${web.base}/users/${sellerId}`);
      await buyer.getByTestId('review-ineligible').getByText('Verify your phone number before you write a review').waitFor({ timeout: 2_000 });
    }, 15_000);
    expect(await buyer.getByTestId('review-ineligible').getByRole('link', { name: 'Verify your phone' }).getAttribute('href')).toBe('/verify-phone');
    await verifiedPhone(web.stack.auth, { user: { id: buyerId!, phone: `+1${buyerAccount.phone}` } });
    const comment = 'Xe đẹp nhưng anh giao trễ một tiếng.';
    await eventually(async () =>
      expect((await buyerContext.request.post(`${web.base}/api/users/${sellerId}/reviews`, { data: { rating: 4, comment, listingId } })).status()).toBe(201),
    );

    await seller.goto(`${web.base}/profile#reviews`);
    const review = seller.getByTestId('review').filter({ hasText: comment });
    await review.waitFor();
    await review.getByRole('button', { name: 'Trả lời đánh giá này' }).click();
    const form = review.getByTestId('review-answer-form');
    const field = form.getByLabel('Câu trả lời của bạn');
    // Opening the form takes the keyboard to it; an empty answer is refused on the spot, in Vietnamese.
    await eventually(async () => expect(await isFocused(field)).toBe(true));
    await form.getByRole('button', { name: 'Đăng câu trả lời' }).click();
    await form.getByText('Vui lòng nhập câu trả lời').waitFor();
    await shot(seller, 'review-answer-form-vi-375');
    expect(await seriousA11yViolations(seller)).toEqual([]);
    const answer = 'Cảm ơn em, lần sau anh giao đúng giờ.';
    await field.fill(answer);
    await form.getByRole('button', { name: 'Đăng câu trả lời' }).click();
    await toast(seller, 'Đã đăng câu trả lời').waitFor();
    const shown = review.getByTestId('review-answer');
    await shown.getByText('Người bán trả lời').waitFor();
    await shown.getByText(answer).waitFor();
    expect(await review.getByRole('button', { name: 'Trả lời đánh giá này' }).count()).toBe(0);
    expect(await pageWidth(seller)).toBeLessThanOrEqual(375);
    await shot(seller, 'review-answer-vi-375');

    // Once only: the API refuses a second answer.
    const [{ id: reviewId }] = (await (await buyerContext.request.get(`${web.base}/api/users/${sellerId}/reviews`)).json()) as [{ id: string }];
    expect((await sellerContext.request.post(`${web.base}/api/users/${sellerId}/reviews/${reviewId}/answer`, { data: { text: 'Sửa lại' } })).status()).toBe(
      409,
    );

    // The buyer sees it beneath the review, on the listing and on the seller's profile, with no answer button.
    await buyer.goto(`${web.base}/listing/${listingId}`);
    const underListing = buyer.getByTestId('review').filter({ hasText: comment });
    await underListing.getByTestId('review-answer').getByText(answer).waitFor();
    await underListing.getByText("Seller's answer").waitFor();
    await buyer.goto(`${web.base}/users/${sellerId}`);
    await buyer.getByTestId('review').filter({ hasText: comment }).getByTestId('review-answer').getByText(answer).waitFor();
    expect(await buyer.getByRole('button', { name: 'Answer this review' }).count()).toBe(0);
  });
});

describe('Verified Sellers Only', () => {
  it('keeps the listings of sellers with a verified phone, and stays in the address', async () => {
    const word = `Ztrust${randomUUID().slice(0, 6)}`;
    const verifiedAccount = newAccount('Tú', 'Ngô');
    const { context: verifiedContext, userId: verifiedId } = await newPage({ account: verifiedAccount });
    const { context: otherContext } = await newPage({ account: newAccount('Vy', 'Đinh') });
    const where = { location: 'San Francisco, CA', category: 'sale' as const, condition: 'good' };
    await createListingAs(verifiedContext, web.base, { ...where, title: `Tủ lạnh ${word}`, price: '300' });
    await createListingAs(otherContext, web.base, { ...where, title: `Lò vi sóng ${word}`, price: '40' });
    await verifiedPhone(web.stack.auth, { user: { id: verifiedId!, phone: `+1${verifiedAccount.phone}` } });

    const { page } = await newPage({ account: newAccount('Xuân', 'Mạc') });
    await page.goto(`${web.base}/?search=${word}`);
    await card(page, `Lò vi sóng ${word}`).waitFor();
    await card(page, `Tủ lạnh ${word}`).waitFor();

    const asked = page.waitForRequest((request) => request.url().includes('/api/listings?') && request.url().includes('verifiedSellers=true'));
    await page.getByLabel('Verified Sellers Only').check();
    await asked;
    await eventually(async () => expect(await card(page, `Lò vi sóng ${word}`).count()).toBe(0));
    await card(page, `Tủ lạnh ${word}`).waitFor();
    await page.waitForURL(/verifiedSellers=true/);

    // A reload (or a shared link) keeps it.
    await page.reload();
    expect(await page.getByLabel('Verified Sellers Only').isChecked()).toBe(true);
    await card(page, `Tủ lạnh ${word}`).waitFor();
    expect(await card(page, `Lò vi sóng ${word}`).count()).toBe(0);

    // Unchecked: everyone again, and the address forgets it.
    await page.getByLabel('Verified Sellers Only').uncheck();
    await card(page, `Lò vi sóng ${word}`).waitFor();
    expect(page.url()).not.toContain('verifiedSellers');
  });
});
