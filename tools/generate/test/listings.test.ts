import type { Knex } from '@vnmarket/shared';
import { generateListings, sampleListings } from '../listings';
import { listingsTestDatabase } from '../../../services/listings/test/support/database';

/**
 * The generated catalogue is what the search benchmarks measure, so it must be laid out as a live one: listings
 * are posted one after another, so the table holds them in the order of their created_at, and a newest-first
 * walk of the recency index reads neighbouring rows. Its ages keep the same distribution either way.
 */
const database = listingsTestDatabase('generate-listings');
let db: Knex;
const now = new Date('2026-11-26T12:00:00Z');
const DAY = 86_400_000;

beforeAll(() => {
  db = database();
});

it('writes listings oldest first, so the table lies in the order of created_at', async () => {
  // One batch at a time, so that the table's order is the generator's own (batches in flight at once, as the
  // benchmarks write them, may share pages). PostgreSQL may still put a short row in an earlier page's gap.
  await generateListings(db, 1400, { seed: 11, now, batchSize: 350, concurrency: 1 });
  const { rows } = await db.raw<{ rows: { correlation: number }[] }>(
    `select corr(extract(epoch from created_at), physical)::float as correlation
       from (select created_at, row_number() over (order by ctid) as physical from listings) as laid`,
  );
  // Drawn at random, as before, it is about 0.
  expect(rows[0]!.correlation).toBeGreaterThan(0.9);
});

it('keeps the ages of listings drawn at random: more recent than old, within the days asked for', async () => {
  const ages = (listings: { created_at: Date }[]) => listings.map((listing) => (now.getTime() - listing.created_at.getTime()) / DAY).sort((a, b) => a - b);
  const written = ages(await db('listings').select('created_at'));
  const drawn = ages(sampleListings(1400, { seed: 11, now }));
  for (const quantile of [0.1, 0.5, 0.9]) {
    const at = (sorted: number[]) => sorted[Math.floor(quantile * sorted.length)]!;
    // The same distribution, sample noise aside: age = 90 days × u^1.4, its median 34 days.
    expect(Math.abs(at(written) - at(drawn))).toBeLessThan(4);
  }
  expect(written[0]).toBeGreaterThanOrEqual(0);
  expect(written[written.length - 1]).toBeLessThanOrEqual(90);
  expect(written[Math.floor(written.length / 2)]).toBeLessThan(45);
});
