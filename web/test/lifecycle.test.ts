/**
 * Listings expire, renew and sell, and quick replies, in a real browser against the real backend: an
 * expired listing leaves browse and shows "Expired" with Renew on its owner's dashboard, and renewing brings
 * it back; a buyer asks "Is this still available?" in one tap (in their language), the seller answers in
 * one tap, marks it sold to that buyer from the dashboard, and the listing leaves browse and says "Sold" on
 * its page. SAVE_SCREENSHOTS_TO=<folder> keeps the screens as PNGs (web/screenshots/notify/).
 */
import { eventually } from '@vnmarket/testkit';
import { createListingAs, installBrowserHarness, newAccount, seriousA11yViolations, toast } from './support';
import { inBrowse } from './helpers/catalogue';
import { keepScreenshot } from './helpers/screenshots';

jest.setTimeout(150_000);

const web = installBrowserHarness('web-lifecycle');
const { newPage } = web;

const untilInBrowse = (id: string, expected: boolean) =>
  eventually(async () => {
    if ((await inBrowse(web, id)) !== expected) throw new Error(`in browse is not ${expected} yet`);
  });

/** As the expiry job finds it past its date: the date moved back, and one pass of the job. */
async function expire(listingId: string): Promise<void> {
  await web.stack.listings.infrastructure
    .db('listings')
    .where({ id: listingId })
    .update({ expires_at: new Date(Date.now() - 60_000) });
  await web.stack.listings.service.expiry.runOnce();
}

describe('expiry and renewal', () => {
  it('takes an expired listing out of browse; its owner renews it from the dashboard and it comes back', async () => {
    const owner = await newPage({ account: newAccount('Hạnh', 'Trần'), viewport: { width: 375, height: 800 }, locale: 'vi-VN' });
    const listingId = await createListingAs(owner.context, web.base, {
      title: 'Xe đạp trẻ em còn mới',
      category: 'sale',
      price: '60',
      priceType: 'fixed',
      condition: 'like-new',
    });
    await untilInBrowse(listingId, true);
    await expire(listingId);
    await untilInBrowse(listingId, false);

    await owner.page.goto(`${web.base}/dashboard`);
    const card = owner.page.getByTestId('dashboard-listing').filter({ hasText: 'Xe đạp trẻ em còn mới' });
    await card.getByTestId('lifecycle-badge').filter({ hasText: 'Đã hết hạn' }).waitFor();
    await card.getByTestId('expired-notice').waitFor();
    // Not the on/off switch: an expired listing comes back by a renewal.
    expect(await card.getByRole('button', { name: /Ẩn tin|Hiện tin/ }).count()).toBe(0);
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
    await keepScreenshot(owner.page, 'expired-card-vi-375');

    await card.getByRole('button', { name: 'Gia hạn' }).click();
    await toast(owner.page, 'Đã gia hạn tin').waitFor();
    await untilInBrowse(listingId, true);
    await card.getByTestId('expires-on').waitFor();
    expect(await card.getByTestId('expired-notice').count()).toBe(0);
  });

  it('shows the expired card in English on a desktop', async () => {
    const owner = await newPage({ account: newAccount('Minh', 'Lý') });
    const listingId = await createListingAs(owner.context, web.base, { title: 'Room near Lion Market', category: 'rent', price: '950', priceType: 'monthly' });
    await expire(listingId);
    await owner.page.goto(`${web.base}/dashboard`);
    const card = owner.page.getByTestId('dashboard-listing').filter({ hasText: 'Room near Lion Market' });
    await card.getByTestId('lifecycle-badge').filter({ hasText: 'Expired' }).waitFor();
    await card.getByRole('button', { name: 'Renew' }).waitFor();
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
    await keepScreenshot(owner.page, 'expired-card-1280');
  });
});

describe('quick replies and sold', () => {
  it('asks in one tap, answers in one tap, sells to that buyer, and the page says "Sold"', async () => {
    const seller = await newPage({ account: newAccount('Tuấn', 'Võ') });
    const title = 'Nồi cơm điện Zojirushi 10 cups';
    const listingId = await createListingAs(seller.context, web.base, { title, category: 'sale', price: '45', priceType: 'fixed', condition: 'good' });

    // A buyer in Tiếng Việt asks in one tap: the message goes in their language and the conversation opens on it.
    const buyer = await newPage({ account: newAccount('Lan', 'Nguyễn'), viewport: { width: 375, height: 800 }, locale: 'vi-VN', keep: true });
    await buyer.page.goto(`${web.base}/listing/${listingId}`);
    await buyer.page.getByTestId('quick-replies').getByRole('button', { name: 'Còn không ạ?' }).click();
    const modal = buyer.page.getByTestId('message-modal');
    await modal.getByTestId('message-list').getByText('Còn không ạ?').waitFor();
    // Another buyer, in English.
    const other = await newPage({ account: newAccount('Peter', 'Ho') });
    await other.page.goto(`${web.base}/listing/${listingId}`);
    await other.page.getByRole('button', { name: 'Is this still available?' }).click();
    await other.page.getByTestId('message-modal').getByText('Is this still available?').waitFor();

    // The seller's thread offers one-tap answers.
    await seller.page.goto(`${web.base}/messages`);
    await seller.page.getByRole('button', { name: /Lan Nguyễn/ }).click();
    const answers = seller.page.getByTestId('quick-replies');
    await answers.getByRole('button', { name: 'Yes, still available' }).click();
    await seller.page.getByRole('log').getByText('Yes, still available').waitFor();
    expect(await seriousA11yViolations(seller.page)).toEqual([]);

    // Sold to Lan, picked from the people who wrote about it.
    await seller.page.goto(`${web.base}/dashboard`);
    const card = seller.page.getByTestId('dashboard-listing').filter({ hasText: title });
    await card.getByRole('button', { name: 'Mark as sold' }).click();
    const dialog = seller.page.getByTestId('mark-sold-dialog');
    await dialog.getByRole('radio', { name: 'Peter Ho' }).waitFor();
    await dialog.getByRole('radio', { name: 'Someone else' }).waitFor();
    await dialog.getByRole('radio', { name: 'Lan Nguyễn' }).check();
    expect(await seriousA11yViolations(seller.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mark as sold' }).click();
    await toast(seller.page, 'Marked as sold').waitFor();
    await card.getByTestId('lifecycle-badge').filter({ hasText: 'Sold' }).waitFor();
    expect(await card.getByRole('button', { name: 'Mark as sold' }).count()).toBe(0);
    await untilInBrowse(listingId, false);
    const sold = await web.stack.listings.infrastructure.db('listings').where({ id: listingId }).first('buyer_id');
    expect(sold.buyer_id).toBe(buyer.userId);

    // Its page says "Sold", to the buyer in Tiếng Việt and to anyone in English, and nobody is asked to write.
    await buyer.page.goto(`${web.base}/listing/${listingId}`);
    await buyer.page.getByTestId('sold-banner').filter({ hasText: 'Đã bán' }).waitFor();
    expect(await buyer.page.getByTestId('quick-replies').count()).toBe(0);
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await keepScreenshot(buyer.page, 'sold-listing-vi-375');
    await other.page.goto(`${web.base}/listing/${listingId}`);
    await other.page.getByTestId('sold-banner').filter({ hasText: 'This item was sold on' }).waitFor();
    expect(await other.page.getByRole('button', { name: 'Message Seller' }).count()).toBe(0);
    await keepScreenshot(other.page, 'sold-listing-1280');
  });
});
