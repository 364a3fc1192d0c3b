import { listingQuery, TOTAL_COUNT_CAP, type Listing } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { withRecordedStatements } from '@vnmarket/shared/testing';
import { generateListings } from '../../../../tools/generate/listings';
import { LOOK_STEP, searchListings } from '../../src/db/listings';
import { fold } from '../../src/db/search';
import { listingsTestDatabase } from '../support/database';

/**
 * Issue 18's checks on a generated catalogue (the demo's generator, a smaller one): the first page for
 * "pho" holds no listing without a word that folds to "pho" (no "Phòng cho thuê"), "phở" puts no listing
 * with only "phố" on it, and "banh mi" puts "bánh mì" titles first.
 */
const database = listingsTestDatabase('relevance-generated');
let db: Knex;

beforeAll(async () => {
  db = database();
  await generateListings(db, 4000, { seed: 18 });
  await db.raw('analyze listings');
}, 120_000);

const firstPage = async (search: string) => (await searchListings(db, listingQuery.parse({ search, limit: '24' }))).listings;
const wordsOf = (listing: Listing) => fold(`${listing.title} ${listing.description} ${listing.location}`).split(/[^\p{L}\p{N}]+/u);

it('"pho": every listing of the first page has a word that folds to "pho"', async () => {
  const page = await firstPage('pho');
  expect(page).toHaveLength(24);
  expect(page.filter((listing) => !wordsOf(listing).includes('pho')).map((listing) => listing.title)).toEqual([]);
});

it('"phở": no listing with only "phố" on the first page, while such listings exist', async () => {
  const onlyPho = (listing: Listing) => /phố/i.test(`${listing.title} ${listing.description}`) && !/phở/i.test(`${listing.title} ${listing.description}`);
  expect((await firstPage('phở')).filter(onlyPho).map((listing) => listing.title)).toEqual([]);
  const all = (await searchListings(db, listingQuery.parse({ search: 'phở', limit: '100', offset: '0' }))).total;
  expect(all).toBeGreaterThan(24);
});

it('"banh mi": the first page is listings with "bánh mì" in the title', async () => {
  const page = await firstPage('banh mi');
  expect(page.length).toBeGreaterThan(10);
  expect(page.filter((listing) => !/\bbanh mi\b/.test(fold(listing.title))).map((listing) => listing.title)).toEqual([]);
});

const totalHeader = (total: number) => (total > TOTAL_COUNT_CAP ? `${TOTAL_COUNT_CAP}+` : String(total));

/** What `run` returns, and how many matches each look at the newest matches read (its `place = ?`, the window). */
async function withLookWindows<T>(run: () => Promise<T>): Promise<{ result: T; windows: number[] }> {
  const windows: number[] = [];
  const record = (statement: { sql: string; bindings?: readonly unknown[] }) => {
    if (statement.sql.includes('"scored"."place"')) windows.push(Number(statement.bindings?.[statement.bindings.length - 2]));
  };
  db.on('query', record);
  try {
    return { result: await run(), windows };
  } finally {
    db.removeListener('query', record);
  }
}

describe('the newest-first shortcut (best-scored listings among the newest matches)', () => {
  const QUERIES = ['pho', 'nha', 'ban', 'phở', 'nhà', 'banh mi', 'bánh mì', 'cho thuê', 'phở bò', 'apartment san jose', 'ph', 'iphone', 'xe'];
  const PAGES = [
    { limit: '24', offset: '0' },
    { limit: '24', offset: '24' },
    { limit: '12', offset: '60' },
  ];

  it('answers every page exactly as ranking every match does, and answers the common words without ranking every match', async () => {
    const shortcutTaken: string[] = [];
    const secondLook: string[] = [];
    const readOn: string[] = [];
    const stepped: string[] = [];
    const oversized: string[] = [];
    for (const search of QUERIES) {
      for (const page of PAGES) {
        const query = listingQuery.parse({ search, ...page });
        const { result, windows } = await withLookWindows(() =>
          withRecordedStatements(db, async (statements) => ({ fast: await searchListings(db, query), statements })),
        );
        const { fast, statements } = result;
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        const label = `${search} @${page.offset}`;
        if (windows.some((window) => window > LOOK_STEP)) oversized.push(label);
        expect({ label, ids: fast.listings.map((listing) => listing.id) }).toEqual({ label, ids: reference.listings.map((listing) => listing.id) });
        // The shortcut counts up to the cap, as browse does: the same X-Total-Count either way.
        expect({ label, total: totalHeader(fast.total) }).toEqual({ label, total: totalHeader(reference.total) });
        const rankedAll = statements.some((sql) => sql.includes('count(*) over ()'));
        if (!rankedAll) shortcutTaken.push(label);
        // Each look at the newest matches is one statement that carries their vectors out of the window.
        const looks = statements.filter((sql) => sql.includes('"l"."exact_vector"'));
        if (!rankedAll && looks.length > 1) secondLook.push(label);
        // The second look reads on from the first one's last match, not again from the newest.
        if (!rankedAll && looks.length > 1 && looks[1]!.includes('(l.created_at, l.id) < (')) readOn.push(label);
        if (!rankedAll && looks.length > 2) stepped.push(label);
      }
    }
    expect(shortcutTaken).toEqual(expect.arrayContaining(['pho @0', 'nha @0', 'ban @0', 'pho @24']));
    // Some pages are found only by the second, larger look: that path is held to the reference too.
    expect(secondLook.length).toBeGreaterThan(0);
    expect(readOn).toEqual(secondLook);
    // A look reads at most LOOK_STEP matches (a larger one goes on in steps).
    expect(oversized).toEqual([]);
  });

  /** 1,050 listings titled `title` and a number, by the catalogue's first seller, marked by `description`. */
  async function addBulk(title: string, description: string, category: string, location: string): Promise<void> {
    const { rows } = await db.raw<{ rows: { user_id: string }[] }>('select user_id from listings limit 1');
    await db.raw(
      `insert into listings (user_id, title, description, category, price, location)
       select ?, ? || ' ' || n, ?, ?, 20, ? from generate_series(1, 1050) as n`,
      [rows[0]!.user_id, title, description, category, location],
    );
  }

  it('reads a rare best score on in steps of at most LOOK_STEP matches, and answers as ranking every match does', async () => {
    // The newest 1,500 matches of "apartment san jose": one in 40 has the phrase in its title (the best score), so
    // the first look (120 matches) holds 3 and the page of 24 needs a second look of about 1,300 more.
    const { rows } = await db.raw<{ rows: { user_id: string }[] }>('select user_id from listings limit 1');
    await db.raw(
      `insert into listings (user_id, title, description, category, price, location, created_at)
       select ?, case when n % 40 = 0 then 'Apartment San Jose ' else 'Apartment for rent near downtown San Jose ' end || n,
              'Stepped look row', 'rent', 2000, 'San Jose, CA', now() + interval '1 day' - n * interval '1 minute'
         from generate_series(1, 1500) as n`,
      [rows[0]!.user_id],
    );
    try {
      for (const offset of ['0', '12']) {
        const query = listingQuery.parse({ search: 'apartment san jose', limit: '24', offset });
        const { result: fast, windows } = await withLookWindows(() => searchListings(db, query));
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        expect(fast.listings.map((listing) => listing.id)).toEqual(reference.listings.map((listing) => listing.id));
        expect(fast.listings.every((listing) => /^Apartment San Jose \d+$/.test(listing.title))).toBe(true);
        // The first look, then the further matches in steps: none reads more than LOOK_STEP.
        expect(windows.length).toBeGreaterThan(2);
        expect(Math.max(...windows)).toBeLessThanOrEqual(LOOK_STEP);
      }
    } finally {
      await db.raw("delete from listings where description = 'Stepped look row'");
    }
  });

  it('counts once when the strict matches of a longer search already pass the cap ("1000+")', async () => {
    await addBulk('Apartment San Jose', 'Bulk strict row', 'rent', 'San Jose, CA');
    try {
      const query = listingQuery.parse({ search: 'apartment san jose', limit: '24' });
      const { fast, statements } = await withRecordedStatements(db, async (recorded) => ({ fast: await searchListings(db, query), statements: recorded }));
      const reference = await searchListings(db, query, { rankEveryMatch: true });
      expect(fast.listings.map((listing) => listing.id)).toEqual(reference.listings.map((listing) => listing.id));
      expect([totalHeader(fast.total), totalHeader(reference.total)]).toEqual(['1000+', '1000+']);
      // The strict matches' capped count (1,001) stands for all the matches: no second count.
      expect(statements.filter((sql) => sql.startsWith('select count(*) as "count"'))).toHaveLength(1);
    } finally {
      await db.raw("delete from listings where description = 'Bulk strict row'");
    }
  });

  it('counts a phrase by its whole words when they pass the cap, not by every word its last one starts ("mi:*": Milpitas)', async () => {
    await addBulk('Bánh mì thịt nguội', 'Bulk phrase row', 'food', 'Milpitas, CA');
    const counted: string[] = [];
    const recordCount = (statement: { sql: string; bindings?: unknown[] }) => {
      if (statement.sql.startsWith('select count(*) as "count"')) counted.push(String(statement.bindings?.[1]));
    };
    try {
      const query = listingQuery.parse({ search: 'banh mi', limit: '24' });
      db.on('query', recordCount);
      const fast = await searchListings(db, query).finally(() => db.removeListener('query', recordCount));
      const reference = await searchListings(db, query, { rankEveryMatch: true });
      expect(fast.listings.map((listing) => listing.id)).toEqual(reference.listings.map((listing) => listing.id));
      expect([totalHeader(fast.total), totalHeader(reference.total)]).toEqual(['1000+', '1000+']);
      expect(counted).toHaveLength(1);
      expect(counted[0]).toContain('banh <-> mi');
      expect(counted[0]).not.toContain(':*');
    } finally {
      await db.raw("delete from listings where description = 'Bulk phrase row'");
    }
  });
});
