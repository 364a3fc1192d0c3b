import { listingQuery, TOTAL_COUNT_CAP, type Listing } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { withRecordedStatements } from '@vnmarket/testkit';
import { generateListings } from '../../../../tools/generate/listings';
import { KnownWords, searchListings, TitleWords, type SearchOptions } from '../../src/search';
import { LOOK_STEP, TITLE_PROBE } from '../../src/search/best-scored';
import { fold } from '../../src/search/fold';
import { parseSearch } from '../../src/search/parse';
import { readTitleFrequencies } from '../../src/search/title-words';
import { findVocabulary } from '../../src/search/vocabulary';
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

it("reads how common title words are from PostgreSQL's statistics of title_vector", async () => {
  const frequencies = await readTitleFrequencies(db);
  expect(frequencies).toBeDefined();
  const titlesWith = async (word: string) =>
    Number((await db.raw<{ rows: { n: string }[] }>(`select count(*) as n from listings where title_vector @@ to_tsquery('simple', ?)`, [word])).rows[0]!.n) /
    Number((await db.raw<{ rows: { n: string }[] }>('select count(*) as n from listings')).rows[0]!.n);
  // ANALYZE read every row of this small table: the shares are the true ones.
  expect(frequencies!.of.get('pho')).toBeCloseTo(await titlesWith('pho'), 3);
  expect(frequencies!.floor).toBeLessThanOrEqual(Math.min(...frequencies!.of.values()));
  expect(frequencies!.of.has('westminster')).toBe(false);
});

it("asks the vocabulary once for known words, and for a mistyped word's alternatives only when a word is unknown", async () => {
  const known = await withRecordedStatements(db, (statements) =>
    findVocabulary(db, parseSearch('apartment san jose')!).then((vocabulary) => ({ vocabulary, statements: [...statements] })),
  );
  expect(known.statements).toHaveLength(1);
  expect(known.vocabulary.alternatives.size).toBe(0);
  expect([...known.vocabulary.known].sort()).toEqual(['apartment', 'jose', 'san']);
  const typo = await withRecordedStatements(db, (statements) =>
    findVocabulary(db, parseSearch('apartmnet san jose')!).then((vocabulary) => ({ vocabulary, statements: [...statements] })),
  );
  expect(typo.statements).toHaveLength(2);
  expect(typo.vocabulary.alternatives.get(0)?.words).toContain('apartment');
  expect(typo.vocabulary.known.has('apartmnet')).toBe(false);
});

it('asks nothing for words found before, and asks again for a word that was not there until a listing brings it', async () => {
  const remembered = new KnownWords();
  const ask = (search: string, memory: KnownWords | undefined = remembered) =>
    withRecordedStatements(db, (statements) =>
      findVocabulary(db, parseSearch(search)!, memory).then((vocabulary) => ({ vocabulary, statements: [...statements] })),
    );
  const first = await ask('apartment san jose');
  expect(first.statements).toHaveLength(1);
  // The same words, typed otherwise: settled without a round trip, and the same answer.
  const again = await ask('Apartment San José');
  expect(again.statements).toHaveLength(0);
  expect(again.vocabulary).toEqual(first.vocabulary);
  // "phở a": the last letter is a word some listings have ("$15.99 a box"), and still a word being typed.
  expect((await ask('pho a')).vocabulary.known.has('a')).toBe(true);
  const typing = await ask('phở a');
  expect(typing.statements).toHaveLength(0);
  expect(typing.vocabulary.lastComplete).toBe(false);

  // A word no listing has is not remembered: asked (with its alternatives) every time.
  expect((await ask('san quokka')).statements).toHaveLength(2);
  expect((await ask('san quokka')).statements).toHaveLength(2);
  const { rows } = await db.raw<{ rows: { user_id: string }[] }>('select user_id from listings limit 1');
  await db('listings').insert({
    user_id: rows[0]!.user_id,
    title: 'Quokka plush toy',
    description: ADDED_QUOKKA,
    category: 'sale',
    price: 10,
    location: 'San Jose, CA',
  });
  try {
    // The listing brought it: found at the next asking, then remembered.
    const found = await ask('san quokka');
    expect(found.statements).toHaveLength(1);
    expect(found.vocabulary.known.has('quokka')).toBe(true);
    expect((await ask('san quokka')).statements).toHaveLength(0);
  } finally {
    await db('listings').where('description', ADDED_QUOKKA).delete();
  }
  // What makes remembering sound: the vocabulary keeps a word its last listing took away.
  expect((await ask('san quokka', undefined)).vocabulary.known.has('quokka')).toBe(true);
});

/** The description of the listing the vocabulary test adds, by which it is deleted after. */
const ADDED_QUOKKA = 'Added quokka row';

const totalHeader = (total: number) => (total > TOTAL_COUNT_CAP ? `${TOTAL_COUNT_CAP}+` : String(total));

/** Recognised by its subquery's name: a walk of the newest titles (newestBestScoredByTitle). */
const isTitleWalk = (sql: string) => sql.includes('"w"."title_vector"');
/** Each look at the newest matches is one statement that carries their vectors out of the window. */
const isMatchLook = (sql: string) => sql.includes('"l"."exact_vector"');

/** Statistics that call every title rare: the search goes by its matches from the newest (no title walk). */
const RARE_TITLES: SearchOptions = { titleWords: new TitleWords({ refreshMs: Infinity, read: async () => ({ of: new Map(), floor: 0 }) }) };

/** The description of the rentals withApartments adds, by which they are deleted after. */
const ADDED_APARTMENT = 'Added apartment row';

/** A page's listing ids, in order. */
const idsOf = (page: { listings: Listing[] }) => page.listings.map((listing) => listing.id);

/** What `run` returns, and each statement it ran, with its values. */
async function withStatementValues<T>(run: () => Promise<T>): Promise<{ result: T; statements: { sql: string; bindings: unknown[] }[] }> {
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const record = (statement: { sql: string; bindings?: unknown[] }) => void statements.push({ sql: statement.sql, bindings: statement.bindings ?? [] });
  db.on('query', record);
  try {
    return { result: await run(), statements };
  } finally {
    db.removeListener('query', record);
  }
}

/** What `run` returns, and how many matches each look at the newest matches read (its `place = ?`, the window). */
async function withLookWindows<T>(run: () => Promise<T>): Promise<{ result: T; windows: number[] }> {
  const { result, statements } = await withStatementValues(run);
  const looks = statements.filter(({ sql }) => isMatchLook(sql));
  return { result, windows: looks.map(({ bindings }) => Number(bindings[bindings.length - 2])) };
}

describe('the newest-first shortcut (best-scored listings among the newest matches)', () => {
  const QUERIES = ['pho', 'nha', 'ban', 'phở', 'nhà', 'banh mi', 'bánh mì', 'cho thuê', 'phở bò', 'apartment san jose', 'ph', 'iphone', 'xe'];
  const PAGES = [
    { limit: '24', offset: '0' },
    { limit: '24', offset: '24' },
    { limit: '12', offset: '60' },
  ];

  it('answers every page as ranking every match does, titles or matches first, and common words without ranking every match', async () => {
    const shortcutTaken: string[] = [];
    const byTitlesAlone: string[] = [];
    const secondLook: string[] = [];
    const readOn: string[] = [];
    const stepped: string[] = [];
    const oversized: string[] = [];
    for (const search of QUERIES) {
      for (const page of PAGES) {
        const query = listingQuery.parse({ search, ...page });
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        for (const [how, options] of [
          ['titles first', {}],
          ['matches first', RARE_TITLES],
        ] as const) {
          const { result, windows } = await withLookWindows(() =>
            withRecordedStatements(db, async (statements) => ({ fast: await searchListings(db, query, options), statements })),
          );
          const { fast, statements } = result;
          const label = `${search} @${page.offset} ${how}`;
          if (windows.some((window) => window > LOOK_STEP)) oversized.push(label);
          expect({ label, ids: idsOf(fast) }).toEqual({ label, ids: idsOf(reference) });
          // The shortcut counts up to the cap, as browse does: the same X-Total-Count either way.
          expect({ label, total: totalHeader(fast.total) }).toEqual({ label, total: totalHeader(reference.total) });
          const rankedAll = statements.some((sql) => sql.includes('count(*) over ()'));
          if (!rankedAll) shortcutTaken.push(label);
          const looks = statements.filter(isMatchLook);
          if (!rankedAll && looks.length === 0 && statements.some(isTitleWalk)) byTitlesAlone.push(label);
          // Rare titles, no title walk; except for a word still being typed ("ph"), a prefix the statistics cannot bound.
          if (how === 'matches first' && search !== 'ph')
            expect({ label, titleWalks: statements.filter(isTitleWalk).length }).toEqual({ label, titleWalks: 0 });
          if (!rankedAll && looks.length > 1) secondLook.push(label);
          // The second look reads on from the first one's last match, not again from the newest.
          if (!rankedAll && looks.length > 1 && looks[1]!.includes('(l.created_at, l.id) < (')) readOn.push(label);
          if (!rankedAll && looks.length > 2) stepped.push(label);
        }
      }
    }
    expect(shortcutTaken).toEqual(
      expect.arrayContaining([
        'pho @0 titles first',
        'nha @0 titles first',
        'ban @0 titles first',
        'pho @24 titles first',
        'pho @0 matches first',
        'nha @0 matches first',
      ]),
    );
    // The common words' pages come from their titles alone, with no look at the matches.
    expect(byTitlesAlone).toEqual(expect.arrayContaining(['pho @0 titles first', 'nha @0 titles first', 'ban @0 titles first']));
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

  /**
   * Runs `run` with `count` rentals by the catalogue's first seller added, newer than the catalogue (n = 1 the
   * newest), and the statistics analyzed again; deletes them after. Each is titled "Apartment San Jose n" where
   * `bestWhen` (SQL on n) holds, the best score for "apartment san jose", and "Apartment for rent near downtown
   * San Jose n" elsewhere (a match, not the best).
   */
  async function withApartments(count: number, bestWhen: string, run: () => Promise<void>): Promise<void> {
    const { rows } = await db.raw<{ rows: { user_id: string }[] }>('select user_id from listings limit 1');
    await db.raw(
      `insert into listings (user_id, title, description, category, price, location, created_at)
       select ?, case when ${bestWhen} then 'Apartment San Jose ' else 'Apartment for rent near downtown San Jose ' end || n,
              ?, 'rent', 2000, 'San Jose, CA', now() + interval '1 day' - n * interval '1 second'
         from generate_series(1, ?::int) as n`,
      [rows[0]!.user_id, ADDED_APARTMENT, count],
    );
    try {
      await db.raw('vacuum analyze listings');
      await run();
    } finally {
      await db.raw('delete from listings where description = ?', [ADDED_APARTMENT]);
    }
  }

  it('reads a rare best score on in steps of at most LOOK_STEP matches, and answers as ranking every match does', async () => {
    // The newest 1,500 matches of "apartment san jose": one in 40 has the phrase in its title (the best score), so
    // the first look (120 matches) holds 3 and the page of 24 needs a second look of about 1,300 more.
    await withApartments(1500, 'n % 40 = 0', async () => {
      for (const offset of ['0', '12']) {
        const query = listingQuery.parse({ search: 'apartment san jose', limit: '24', offset });
        // Matches first, as the statistics have it when such titles are rare (the titles-first way is the next test).
        const { result: fast, windows } = await withLookWindows(() => searchListings(db, query, RARE_TITLES));
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        expect(idsOf(fast)).toEqual(idsOf(reference));
        expect(fast.listings.every((listing) => /^Apartment San Jose \d+$/.test(listing.title))).toBe(true);
        // The first look, then the further matches in steps: none reads more than LOOK_STEP.
        expect(windows.length).toBeGreaterThan(2);
        expect(Math.max(...windows)).toBeLessThanOrEqual(LOOK_STEP);
      }
    });
  });

  it('reads on past the probe by the titles in the recency index alone, and answers as ranking every match does', async () => {
    // The newest 6,000 listings: one in 200 has "Apartment San Jose" in its title (the best score). The probe of the
    // newest TITLE_PROBE titles holds 20, fewer than the page needs, and their share sizes a second walk.
    await withApartments(6000, 'n % 200 = 0', async () => {
      expect(TITLE_PROBE).toBeLessThan(6000);
      for (const offset of ['0', '4']) {
        const query = listingQuery.parse({ search: 'apartment san jose', limit: '24', offset });
        const { fast, statements } = await withRecordedStatements(db, async (recorded) => ({ fast: await searchListings(db, query), statements: recorded }));
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        expect(idsOf(fast)).toEqual(idsOf(reference));
        expect(fast.listings.every((listing) => /^Apartment San Jose \d+$/.test(listing.title))).toBe(true);
        // The probe, then one longer walk: no look at the matches, and no ranking of every match.
        expect(statements.filter(isTitleWalk)).toHaveLength(2);
        expect(statements.filter(isMatchLook)).toEqual([]);
        expect(statements.some((sql) => sql.includes('count(*) over ()'))).toBe(false);
      }
      // The titles come from the index (an index-only scan): without `include (title_vector)` the plan reads every row walked.
      const { statements } = await withStatementValues(() => searchListings(db, listingQuery.parse({ search: 'apartment san jose', limit: '24' })));
      const walk = statements.find(({ sql }) => isTitleWalk(sql))!;
      const plan = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${walk.sql.replace(/\$\d+/g, '?')}`, walk.bindings as Knex.RawBinding[]);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Only Scan using listings_active_recent/);
      // The row is read by its key, only for a title that passes: not one pass over every match (a hashed subplan).
      expect(text).toMatch(/Index Scan using listings_pkey/);
      expect(text).not.toMatch(/hashed|Bitmap/);
    });
  });

  it('remembers what a search found by its probe: asked again, it walks its titles once, without the probe, and answers the same', async () => {
    // As in the test before: the probe of the newest TITLE_PROBE titles holds 20 best-scored listings of 6,000.
    await withApartments(6000, 'n % 200 = 0', async () => {
      const titleWords = new TitleWords({ refreshMs: 60_000 });
      const walksOf = async (offset: string) => {
        const query = listingQuery.parse({ search: 'apartment san jose', limit: '24', offset });
        const { result, statements } = await withStatementValues(() => searchListings(db, query, { titleWords }));
        const reference = await searchListings(db, query, { rankEveryMatch: true });
        expect(idsOf(result)).toEqual(idsOf(reference));
        expect(statements.filter(({ sql }) => isMatchLook(sql))).toEqual([]);
        // How many titles each walk may read (its limit, the first value after the `is_active` one).
        return statements.filter(({ sql }) => isTitleWalk(sql)).map(({ bindings }) => Number(bindings[1]));
      };
      // First asked: the probe, then the walk its 20 size.
      expect(await walksOf('0')).toEqual([TITLE_PROBE, Math.ceil((24 / 20) * TITLE_PROBE * 1.5)]);
      // Again, and its next page: the walk alone, sized from the 20 the probe found.
      expect(await walksOf('0')).toEqual([Math.ceil((24 / 20) * TITLE_PROBE * 1.5)]);
      expect(await walksOf('4')).toEqual([Math.ceil((28 / 20) * TITLE_PROBE * 1.5)]);
    });
  });

  it('remembers a probe that found nothing: asked again, the search goes by its matches without walking titles, and answers the same', async () => {
    // The newest 4,000 listings have the words apart in their titles ("Apartment for rent near downtown San Jose"):
    // common enough for the statistics to try the titles first, and no best-scored listing among them.
    await withApartments(TITLE_PROBE, 'false', async () => {
      const titleWords = new TitleWords({ refreshMs: 60_000 });
      const query = listingQuery.parse({ search: 'apartment san jose', limit: '24' });
      const reference = await searchListings(db, query, { rankEveryMatch: true });
      const first = await withStatementValues(() => searchListings(db, query, { titleWords }));
      const again = await withStatementValues(() => searchListings(db, query, { titleWords }));
      for (const { result } of [first, again]) expect(idsOf(result)).toEqual(idsOf(reference));
      expect(first.statements.filter(({ sql }) => isTitleWalk(sql))).toHaveLength(1);
      expect(again.statements.filter(({ sql }) => isTitleWalk(sql))).toEqual([]);
      // Then by the matches from the newest, as after the probe the first time.
      const looksOf = ({ statements }: typeof first) => statements.filter(({ sql }) => isMatchLook(sql)).map(({ sql }) => sql);
      expect(looksOf(again)).toEqual(looksOf(first));
    });
  });

  it('looks at the matches from where a walk of titles stopped when the titles grow rarer than the probe said', async () => {
    // The newest 4,000 listings hold 10 best-scored ones (one in 400): the walk those size (14,400 titles) finds no
    // more, so the page's other 14 come from the matches past the walk's last listing (one in 10 there).
    await withApartments(16000, '(n <= 4000 and n % 400 = 0) or (n > 14400 and n % 10 = 0)', async () => {
      const query = listingQuery.parse({ search: 'apartment san jose', limit: '24' });
      const { result: fast, statements } = await withStatementValues(() => searchListings(db, query));
      const reference = await searchListings(db, query, { rankEveryMatch: true });
      expect(idsOf(fast)).toEqual(idsOf(reference));
      expect(fast.listings.map((listing) => Number(listing.title.split(' ').pop()))).toEqual([
        ...Array.from({ length: 10 }, (_, at) => 400 * (at + 1)),
        ...Array.from({ length: 14 }, (_, at) => 14410 + 10 * at),
      ]);
      expect(statements.filter(({ sql }) => isTitleWalk(sql))).toHaveLength(2);
      // The walk's last listing, then the matches from there on, not again from the newest.
      const looks = statements.filter(({ sql }) => isMatchLook(sql));
      expect(looks.length).toBeGreaterThan(0);
      expect(looks.every(({ sql }) => sql.includes('(l.created_at, l.id) < ('))).toBe(true);
      expect(statements.some(({ sql }) => sql.includes('count(*) over ()'))).toBe(false);
    });
  });

  it('counts once when the strict matches of a longer search already pass the cap ("1000+")', async () => {
    await addBulk('Apartment San Jose', 'Bulk strict row', 'rent', 'San Jose, CA');
    try {
      const query = listingQuery.parse({ search: 'apartment san jose', limit: '24' });
      const { fast, statements } = await withRecordedStatements(db, async (recorded) => ({ fast: await searchListings(db, query), statements: recorded }));
      const reference = await searchListings(db, query, { rankEveryMatch: true });
      expect(idsOf(fast)).toEqual(idsOf(reference));
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
      expect(idsOf(fast)).toEqual(idsOf(reference));
      expect([totalHeader(fast.total), totalHeader(reference.total)]).toEqual(['1000+', '1000+']);
      expect(counted).toHaveLength(1);
      expect(counted[0]).toContain('banh <-> mi');
      expect(counted[0]).not.toContain(':*');
    } finally {
      await db.raw("delete from listings where description = 'Bulk phrase row'");
    }
  });
});
