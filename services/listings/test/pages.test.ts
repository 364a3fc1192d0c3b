import { randomUUID } from 'node:crypto';
import { LISTING_PREVIEW_DESCRIPTION, listingPreviewSchema, sitemapBatchSchema, sitemapCountSchema } from '@vnmarket/proto';
import { listingBody, registered, startStack, type RegisteredUser, type Stack, withRecordedStatements } from '@vnmarket/testkit';
import { sitemapBatch } from '../src/db/pages';

/**
 * What the gateway reads to serve pages to robots: a listing's link preview (nothing of a hidden one, 404
 * for one that is not there, no view counted) and the sitemap's ids (a keyset walk of the primary key).
 */
let stack: Stack<'auth' | 'listings'>;
let owner: RegisteredUser;
const active: string[] = [];
let hidden: string;
let deleted: string;

beforeAll(async () => {
  stack = await startStack('listings-pages', { only: ['auth', 'listings'] });
  owner = await registered(stack);
  for (let index = 0; index < 5; index += 1) {
    const response = await owner.client.post('/api/listings', listingBody({ description: `${'Nhà đẹp, sạch sẽ. '.repeat(100)}${index}` }));
    active.push(response.body.id);
  }
  hidden = (await owner.client.post('/api/listings', listingBody({ title: 'Bí mật' }))).body.id;
  await owner.client.patch(`/api/listings/${hidden}`, { isActive: false });
  deleted = (await owner.client.post('/api/listings', listingBody())).body.id;
  await owner.client.request('DELETE', `/api/listings/${deleted}`);
  active.sort();
});
afterAll(() => stack.stop());

describe('GET /api/listings/{id}/preview', () => {
  it('gives a visible listing’s preview to a visitor, the description cut, counting no view', async () => {
    const [id] = active;
    const response = await stack.client().get(`/api/listings/${id}/preview`);
    expect(response.status).toBe(200);
    const preview = listingPreviewSchema.parse(response.body);
    expect(preview).toMatchObject({ id, visible: true, category: 'rent', price: '1250.00', priceType: 'monthly', location: 'San Jose, CA' });
    expect(preview.visible && preview.description.length).toBe(LISTING_PREVIEW_DESCRIPTION);
    const [row] = await stack.listings.infrastructure.db('listings').where({ id }).select('view_count');
    expect(row.view_count).toBe(0);
  });

  it('says of a deactivated listing only that it is hidden, to anyone, its owner too', async () => {
    for (const client of [stack.client(), owner.client]) {
      const response = await client.get(`/api/listings/${hidden}/preview`);
      expect([response.status, response.body]).toEqual([200, { id: hidden, visible: false }]);
    }
  });

  it.each([
    ['a deleted listing', () => deleted],
    ['one that never was', () => randomUUID()],
    ['a malformed id', () => 'not-an-id'],
  ])('answers 404 for %s', async (_what, id) => {
    const response = await stack.client().get(`/api/listings/${id()}/preview`);
    expect([response.status, response.body.message]).toEqual([404, 'Listing not found']);
  });
});

describe('GET /api/listings/sitemap', () => {
  it('walks every visible listing by id, a batch at a time, and says where the next batch starts', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let batches = 0; batches < 10; batches += 1) {
      const response = await stack.client().get(`/api/listings/sitemap?limit=2${after ? `&after=${after}` : ''}`);
      expect(response.status).toBe(200);
      const batch = sitemapBatchSchema.parse(response.body);
      expect(batch.listings.length).toBeLessThanOrEqual(2);
      for (const entry of batch.listings) expect(Number.isNaN(Date.parse(entry.updatedAt))).toBe(false);
      seen.push(...batch.listings.map((entry) => entry.id));
      if (batch.next === null) break;
      after = batch.next;
    }
    expect(seen).toEqual(active);
  });

  it('keeps to the range it is given (after and before, both left out)', async () => {
    const [first, second, third, fourth] = active;
    const response = await stack.client().get(`/api/listings/sitemap?after=${first}&before=${fourth}`);
    expect(response.body).toEqual({ listings: [expect.objectContaining({ id: second }), expect.objectContaining({ id: third })], next: null });
  });

  it.each(['limit=0', 'limit=10001', 'limit=x', 'after=nope', 'before=1', 'after=a&after=b'])('refuses %s with 400', async (query) => {
    const response = await stack.client().get(`/api/listings/sitemap?${query}`);
    expect([response.status, typeof response.body.message]).toEqual([400, 'string']);
  });

  it('is a walk of the primary key from the cursor, in its order: no sort, no offset', async () => {
    const db = stack.listings.infrastructure.db;
    const [statement] = await withRecordedStatements(db, async (statements) => {
      await sitemapBatch(db, { after: active[0], limit: 100 });
      return statements;
    });
    const plan = await db.transaction(async (trx) => {
      // A table this small the planner reads whole, or by any index and then sorts: ask how it reads it in
      // order when it may not. (At 300,000 listings it walks the primary key unasked, or takes a bucket's
      // range of it by bitmap and sorts those few thousand.) A query in another order has no such plan.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await trx.raw(`set local ${setting} = off`);
      const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${statement!.replace(/\$\d+/g, '?')}`, [true, active[0]!, 100]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using listings_pkey/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });
});

describe('GET /api/listings/sitemap/count', () => {
  it('counts the visible listings only', async () => {
    const response = await stack.client().get('/api/listings/sitemap/count');
    expect(sitemapCountSchema.parse(response.body)).toEqual({ count: active.length });
  });
});
