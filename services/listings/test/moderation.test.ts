import { randomUUID } from 'node:crypto';
import { listingBody, moderatorCommand as runModeratorCommand, registered, startStack, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';

let stack: Stack<'auth' | 'listings'>;
let owner: RegisteredUser;
let moderator: RegisteredUser;
let reporters: RegisteredUser[];

/** The operator's command, as an operator runs it (npm run grant-moderator -w services/auth -- +1...). */
const moderatorCommand = (change: 'grant' | 'revoke', phone: string) => runModeratorCommand(stack.auth, change, phone);

const isModeratorInListings = async (userId: string) =>
  (await stack.listings.infrastructure.db('sellers').where({ id: userId }).first('is_moderator'))?.is_moderator === true;

beforeAll(async () => {
  stack = await startStack('moderation', { only: ['auth', 'listings'] });
  const members = await Promise.all(Array.from({ length: 6 }, () => registered(stack)));
  owner = members[0]!;
  moderator = members[1]!;
  reporters = members.slice(2);
  expect(await moderatorCommand('grant', moderator.phone)).toContain('is a moderator');
  await eventually(async () => {
    if (!(await isModeratorInListings(moderator.user.id))) throw new Error('role not copied yet');
  });
}, 60_000);
afterAll(() => stack.stop());

const post = async () => (await owner.client.post('/api/listings', listingBody())).body as { id: string };
const report = (who: RegisteredUser, listingId: string, reason = 'fraud') =>
  who.client.post('/api/reports', { listingId, reason, description: 'Asked for a deposit by Zelle before showing the room' });
const inBrowse = async (id: string) =>
  ((await reporters[0]!.client.get('/api/listings?limit=100')).body as { id: string }[]).some((listing) => listing.id === id);
const caseOf = async (listingId: string) => {
  const cases = (await moderator.client.get('/api/moderation/cases')).body as { id: string; listing: { id: string } }[];
  return cases.find((found) => found.listing.id === listingId) as Record<string, unknown> & { id: string };
};

describe('reports become cases', () => {
  it('holds a listing at the third distinct reporter, for everyone but its owner and moderators', async () => {
    const listing = await post();
    expect((await report(reporters[0]!, listing.id)).status).toBe(201);
    expect((await report(reporters[1]!, listing.id, 'spam')).status).toBe(201);
    expect(await inBrowse(listing.id)).toBe(true);
    expect((await report(reporters[2]!, listing.id)).status).toBe(201);

    expect(await inBrowse(listing.id)).toBe(false);
    expect((await reporters[3]!.client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await stack.client().get(`/api/listings/${listing.id}`)).status).toBe(404);
    const own = await owner.client.get(`/api/listings/${listing.id}`);
    expect(own.body).toMatchObject({ isActive: false, moderationStatus: 'held' });
    expect((await owner.client.get('/api/users/listings')).body.find((mine: { id: string }) => mine.id === listing.id)).toMatchObject({
      moderationStatus: 'held',
    });
    expect((await moderator.client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    // No link preview and no sitemap entry while it is held.
    expect((await stack.client().get(`/api/listings/${listing.id}/preview`)).body).toMatchObject({ visible: false });
    const sitemap = (await stack.client().get('/api/listings/sitemap')).body as { listings: { id: string }[] };
    expect(sitemap.listings.map((entry) => entry.id)).not.toContain(listing.id);
    // The owner cannot bring it back themselves.
    const reactivate = await owner.client.patch(`/api/listings/${listing.id}`, { isActive: true });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body).toMatchObject({ code: 'under_review' });

    const found = await caseOf(listing.id);
    expect(found).toMatchObject({ kind: 'reports', status: 'open', reporterCount: 3, listing: { moderationStatus: 'held' } });
    expect((found.reports as unknown[]).length).toBe(3);
    expect(found.owner).toMatchObject({ id: owner.user.id, phoneVerified: false, suspended: false, earlierCases: { dismissed: 0, removed: 0 } });
  });

  it('brings a dismissed listing back, records who and why, and tells each reporter', async () => {
    const listing = await post();
    for (const reporter of reporters.slice(0, 3)) await report(reporter, listing.id);
    const found = await caseOf(listing.id);
    const dismissed = await moderator.client.post(`/api/moderation/cases/${found.id}/dismiss`, { reason: 'The deposit is asked after the viewing' });
    expect(dismissed.status).toBe(200);
    expect(await inBrowse(listing.id)).toBe(true);
    expect((await reporters[3]!.client.get(`/api/listings/${listing.id}`)).body).not.toHaveProperty('moderationStatus');

    const mine = (await reporters[0]!.client.get('/api/reports/mine')).body as { listingId: string; outcome: string; decidedAt: string | null }[];
    expect(mine.find((entry) => entry.listingId === listing.id)).toMatchObject({ outcome: 'dismissed', decidedAt: expect.any(String) });
    const [action] = await stack.listings.infrastructure.db('moderation_actions').where({ case_id: found.id });
    expect(action).toMatchObject({ moderator_id: moderator.user.id, action: 'dismiss', reason: 'The deposit is asked after the viewing' });
    // Decided once.
    expect((await moderator.client.post(`/api/moderation/cases/${found.id}/remove`, { reason: 'second thoughts' })).status).toBe(409);
    // The owner's history counts it.
    const again = await post();
    await report(reporters[0]!, again.id);
    expect((await caseOf(again.id)).owner).toMatchObject({ earlierCases: { dismissed: 1 } });
  });

  it('removes a listing, lets its owner appeal once, and the appeal joins the queue', async () => {
    const listing = await post();
    await report(reporters[3]!, listing.id, 'misleading');
    const found = await caseOf(listing.id);
    expect((await moderator.client.post(`/api/moderation/cases/${found.id}/remove`, { reason: 'Asks for gift cards' })).status).toBe(200);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).body).toMatchObject({ moderationStatus: 'removed', isActive: false });
    const mine = (await reporters[3]!.client.get('/api/reports/mine')).body as { listingId: string; outcome: string }[];
    expect(mine.find((entry) => entry.listingId === listing.id)?.outcome).toBe('upheld');

    expect((await reporters[0]!.client.post(`/api/listings/${listing.id}/appeal`, { text: 'This is my listing, not yours' })).status).toBe(403);
    expect((await owner.client.post(`/api/listings/${listing.id}/appeal`, { text: 'short' })).status).toBe(400);
    expect((await owner.client.post(`/api/listings/${listing.id}/appeal`, { text: 'I never asked for gift cards; please look again.' })).status).toBe(201);
    expect((await owner.client.post(`/api/listings/${listing.id}/appeal`, { text: 'Please, once more, look again at it.' })).body).toMatchObject({
      code: 'already_appealed',
    });
    const appeal = await caseOf(listing.id);
    expect(appeal).toMatchObject({ kind: 'appeal', appealText: 'I never asked for gift cards; please look again.', listing: { moderationStatus: 'removed' } });
    expect((await moderator.client.post(`/api/moderation/cases/${appeal.id}/dismiss`, { reason: 'The appeal holds' })).status).toBe(200);
    expect(await inBrowse(listing.id)).toBe(true);
  });

  it('answers 403 to members and 401 to visitors on every moderation route', async () => {
    const listing = await post();
    await report(reporters[0]!, listing.id);
    const caseId = (await caseOf(listing.id)).id;
    const visitor = stack.client();
    const member = reporters[1]!.client;
    for (const client of [visitor, member]) {
      const expected = client === visitor ? 401 : 403;
      expect((await client.get('/api/moderation/cases')).status).toBe(expected);
      for (const action of ['dismiss', 'remove', 'suspend']) {
        const response = await client.post(`/api/moderation/cases/${caseId}/${action}`, { reason: 'not mine to decide' });
        expect([response.status, response.body.code]).toEqual([expected, expected === 403 ? 'not_moderator' : 'authentication_required']);
      }
    }
    expect((await moderator.client.post(`/api/moderation/cases/${randomUUID()}/dismiss`, { reason: 'no such case' })).status).toBe(404);
    expect((await moderator.client.post(`/api/moderation/cases/${caseId}/dismiss`, {})).status).toBe(400);
    expect((await caseOf(listing.id)).status).toBe('open');
  });

  it('suspends an owner: their listings leave, their sessions end, sign-in is refused', async () => {
    const bad = await registered(stack);
    const first = (await bad.client.post('/api/listings', listingBody())).body as { id: string };
    const second = (await bad.client.post('/api/listings', listingBody())).body as { id: string };
    await report(reporters[0]!, first.id);
    const found = await caseOf(first.id);
    expect((await moderator.client.post(`/api/moderation/cases/${found.id}/suspend`, { reason: 'Gift card scam, three victims' })).status).toBe(200);
    expect(await inBrowse(first.id)).toBe(false);
    expect(await inBrowse(second.id)).toBe(false);
    await eventually(async () => {
      if ((await bad.client.get('/api/auth/user')).status !== 401) throw new Error('session still open');
    });
    const signIn = await stack.client().post('/api/login', { identifier: bad.phone, password: bad.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'account_suspended' });
    const wrongPassword = await stack.client().post('/api/login', { identifier: bad.phone, password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
  });

  it('takes the role away with the operator command', async () => {
    const temporary = await registered(stack);
    await moderatorCommand('grant', temporary.phone);
    await eventually(async () => {
      if ((await temporary.client.get('/api/moderation/cases')).status !== 200) throw new Error('not a moderator yet');
    });
    expect((await temporary.client.get('/api/auth/user')).body).toMatchObject({ isModerator: true });
    expect(await moderatorCommand('revoke', temporary.phone)).toContain('is no longer a moderator');
    await eventually(async () => {
      if ((await temporary.client.get('/api/moderation/cases')).status !== 403) throw new Error('still a moderator');
    });
    await expect(moderatorCommand('grant', '+1 408 555 0000')).rejects.toThrow(/no account/);
  });
});
