import { listingQuery, TOTAL_COUNT_CAP } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { withRecordedStatements } from '@vnmarket/testkit';
import { generateListings } from '../../../tools/generate/listings';
import { CountMemory, searchListings, type SearchOptions } from '../src/search';
import { listingsTestDatabase } from './support/database';

/**
 * Counts past the cap ("1000+") are remembered for a while, by the statement that made them: the same search
 * or filters skip the count, pages stay fresh, and counts under the cap are always made.
 */
const database = listingsTestDatabase('count-memory');
let db: Knex;
let seller: string;
// Not 0: lru-cache takes an entry stored at time 0 as one without a time.
let clock = 1_000_000;
const TTL_MS = 60_000;

beforeAll(async () => {
  db = database();
  await generateListings(db, 200, { seed: 7 });
  seller = ((await db('listings').first('user_id')) as { user_id: string }).user_id;
  await db.raw(
    `insert into listings (user_id, title, description, category, price, location, created_at)
     select ?, 'Bánh mì thịt nguội ' || n, 'Bulk row', 'food', 6, 'Milpitas, CA', now() - n * interval '1 minute' from generate_series(1, 1050) as n`,
    [seller],
  );
  await db.raw('analyze listings');
}, 60_000);

const memory = () => new CountMemory({ ttlMs: TTL_MS, maxEntries: 100, now: () => clock });
const header = (total: number) => (total > TOTAL_COUNT_CAP ? `${TOTAL_COUNT_CAP}+` : String(total));

/** One page, with the statements it ran that count (a capped count, or a page counted beside its matches). */
async function pageOf(params: Record<string, string>, options: SearchOptions) {
  return withRecordedStatements(db, async (statements) => {
    const page = await searchListings(db, listingQuery.parse({ limit: '24', ...params }), options);
    const counting = statements.filter((sql) => sql.startsWith('select count(*) as "count"') || sql.includes('count(*) over ()'));
    return { ids: page.listings.map((listing) => listing.id), total: header(page.total), counts: counting.length };
  });
}

async function addListing(title: string, location = 'Milpitas, CA'): Promise<string> {
  const [row] = (await db('listings').insert({ user_id: seller, title, description: 'Fresh row', category: 'food', price: 7, location }).returning('id')) as {
    id: string;
  }[];
  return row!.id;
}

describe.each([
  ['a search', { search: 'banh mi' }],
  ['filters that read rows', { category: 'food', location: 'milpitas' }],
])('%s past the cap', (_label, params) => {
  it('counts once, then skips its count while remembered, with pages as fresh as without memory; counts again after the time', async () => {
    const counts = memory();
    const first = await pageOf(params, { counts });
    expect(first).toMatchObject({ total: '1000+' });
    expect(first.counts).toBeGreaterThan(0);

    const again = await pageOf(params, { counts });
    expect(again).toEqual({ ids: first.ids, total: '1000+', counts: 0 });

    // A new listing shows at once: only the count is remembered, never a page.
    const fresh = await addListing('Bánh mì đặc biệt mới ra lò');
    try {
      const after = await pageOf(params, { counts });
      const reference = await pageOf(params, {});
      expect(after.ids[0]).toBe(fresh);
      expect(after).toEqual({ ids: reference.ids, total: '1000+', counts: 0 });
      expect(reference.counts).toBeGreaterThan(0);

      clock += TTL_MS + 1;
      expect((await pageOf(params, { counts })).counts).toBeGreaterThan(0);
    } finally {
      await db('listings').where({ id: fresh }).delete();
    }
  });
});

it('never remembers a count under the cap: a new match counts at once', async () => {
  const counts = memory();
  const ids = [await addListing('Bánh tét Zzyzx', 'Zzyzx, CA'), await addListing('Bánh chưng Zzyzx', 'Zzyzx, CA')];
  try {
    const queries: Record<string, string>[] = [{ search: 'zzyzx' }, { category: 'food', location: 'zzyzx' }];
    for (const params of queries) {
      expect(await pageOf(params, { counts })).toMatchObject({ total: '2' });
      ids.push(await addListing('Bánh giầy Zzyzx', 'Zzyzx, CA'));
      const after = await pageOf(params, { counts });
      expect(after).toMatchObject({ total: String(ids.length) });
      expect(after.counts).toBeGreaterThan(0);
      await db('listings').whereIn('id', ids.splice(2)).delete();
    }
    expect(counts.size).toBe(0);
  } finally {
    await db('listings').whereIn('id', ids).delete();
  }
});

it('remembers nothing when its time is 0', async () => {
  const off = new CountMemory({ ttlMs: 0, maxEntries: 100 });
  await pageOf({ search: 'banh mi' }, { counts: off });
  expect((await pageOf({ search: 'banh mi' }, { counts: off })).counts).toBeGreaterThan(0);
  expect(off.size).toBe(0);
});

it('pages filters with many matches newest first exactly as the full order does, from the newest listings of the category', async () => {
  const counts = memory();
  const reference = (offset: number, limit: number) =>
    db('listings')
      .where({ is_active: true, category: 'food' })
      .whereRaw("location_folded like '%milpitas%'")
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(offset)
      .limit(limit)
      .pluck('id');
  for (const [offset, limit] of [
    [0, 24],
    [24, 24],
    [480, 24],
    [990, 20],
  ] as const) {
    const params = { category: 'food', location: 'milpitas', offset: String(offset), limit: String(limit) };
    // Counted (the page read again past the cap), then remembered (only the page read): the same ids.
    for (let asking = 0; asking < 2; asking += 1) expect((await pageOf(params, { counts })).ids).toEqual(await reference(offset, limit));
  }
  // The first pages came from the newest listings of the category, walked newest first.
  const statements = await withRecordedStatements(db, async (recorded) => {
    await searchListings(db, listingQuery.parse({ category: 'food', location: 'milpitas', limit: '24' }), { counts });
    return recorded;
  });
  expect(statements.filter((sql) => sql.includes('select "l".* from "listings" as "l"'))).toHaveLength(1);
});
