import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listingBody, listingQuery } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { createTestDatabase, type TestDatabase } from '@vnmarket/testkit';
import { migrations } from '../../migrations';
import { LISTINGS_SCHEMA } from '../../src/config';
import { toColumns } from '../../src/db/listings';
import { searchListings } from '../../src/search';
import { CUTOFF, mean, ndcgAtK, precisionAtK, type Judgments } from './metrics';

/**
 * The judged relevance set (issue 18, goal 3): the catalogue in ./catalogue, the queries and their graded
 * listings in ./queries.json, every query run through the real searchListings, precision@10 and nDCG@10
 * reported per query class and overall, and the overall figures held to thresholds. RELEVANCE_REPORT=<path>
 * writes the figures as JSON.
 */

interface CatalogueListing {
  key: string;
  title: string;
  description: string;
  category: string;
  price: string;
  priceType: string;
  condition?: string;
  location: string;
  metadata: Record<string, unknown>;
  createdDaysAgo: number;
}

interface JudgedQuery {
  query: string;
  class: string;
  filters?: Record<string, string>;
  judgments: Judgments;
}

interface QueryResult {
  query: JudgedQuery;
  returned: string[];
  precision: number;
  ndcg: number;
}

const THRESHOLDS = { precision: 0.9, ndcg: 0.9 };
const DAY_MS = 24 * 60 * 60 * 1000;
const SELLERS = [
  ['Lan', 'Nguyễn'],
  ['Minh', 'Trần'],
  ['Hùng', 'Lê'],
  ['Thu', 'Phạm'],
  ['Kevin', 'Võ'],
] as const;

const here = __dirname;
const catalogue: CatalogueListing[] = readdirSync(path.join(here, 'catalogue'))
  .filter((name) => name.endsWith('.json'))
  .sort()
  .flatMap((name) => JSON.parse(readFileSync(path.join(here, 'catalogue', name), 'utf8')) as CatalogueListing[]);
const queries: JudgedQuery[] = JSON.parse(readFileSync(path.join(here, 'queries.json'), 'utf8'));

let database: TestDatabase;
let db: Knex;
const keyOf = new Map<string, string>();
const titleOf = new Map<string, string>();
const results: QueryResult[] = [];

beforeAll(async () => {
  database = await createTestDatabase('relevance');
  await migrateService(database.url, LISTINGS_SCHEMA, migrations);
  db = createDb(database.url, LISTINGS_SCHEMA, 4);

  const now = Date.now();
  const sellerIds = SELLERS.map(() => randomUUID());
  await db('sellers').insert(
    SELLERS.map(([firstName, lastName], index) => ({
      id: sellerIds[index],
      first_name: firstName,
      last_name: lastName,
      updated_at: new Date(now),
      member_since: new Date(now - 400 * DAY_MS),
    })),
  );
  const rows = catalogue.map((fixture, index) => {
    const input = listingBody.parse({
      title: fixture.title,
      description: fixture.description,
      category: fixture.category,
      price: fixture.price,
      priceType: fixture.priceType,
      condition: fixture.condition,
      location: fixture.location,
      metadata: fixture.metadata,
    });
    const id = randomUUID();
    keyOf.set(id, fixture.key);
    titleOf.set(fixture.key, fixture.title);
    // Minutes apart within a day, so listings of the same age still have a stable newest-first order.
    const createdAt = new Date(now - fixture.createdDaysAgo * DAY_MS - index * 60_000);
    return {
      id,
      user_id: sellerIds[index % sellerIds.length],
      ...toColumns(input),
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  await db.batchInsert('listings', rows, 100);
  await db.raw('analyze listings');

  for (const query of queries) {
    const page = await searchListings(db, listingQuery.parse({ ...query.filters, search: query.query, limit: CUTOFF }));
    const returned = page.listings.map((listing) => keyOf.get(listing.id) ?? listing.id);
    results.push({ query, returned, precision: precisionAtK(returned, query.judgments), ndcg: ndcgAtK(returned, query.judgments) });
  }
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const fixed = (value: number) => value.toFixed(3);

function summary() {
  const classes = [...new Set(results.map((result) => result.query.class))];
  const perClass = Object.fromEntries(
    classes.map((name) => {
      const inClass = results.filter((result) => result.query.class === name);
      return [name, { queries: inClass.length, precisionAt10: mean(inClass.map((r) => r.precision)), ndcgAt10: mean(inClass.map((r) => r.ndcg)) }];
    }),
  );
  const overall = { queries: results.length, precisionAt10: mean(results.map((r) => r.precision)), ndcgAt10: mean(results.map((r) => r.ndcg)) };
  return { perClass, overall };
}

function report(): string {
  const { perClass, overall } = summary();
  const lines = ['', `Relevance: ${catalogue.length} listings, ${queries.length} judged queries (precision@${CUTOFF}, nDCG@${CUTOFF})`, ''];
  lines.push(`${'class'.padEnd(12)} ${'queries'.padStart(7)} ${'P@10'.padStart(7)} ${'nDCG@10'.padStart(8)}`);
  for (const [name, figures] of Object.entries(perClass)) {
    lines.push(`${name.padEnd(12)} ${String(figures.queries).padStart(7)} ${fixed(figures.precisionAt10).padStart(7)} ${fixed(figures.ndcgAt10).padStart(8)}`);
  }
  lines.push(
    `${'overall'.padEnd(12)} ${String(overall.queries).padStart(7)} ${fixed(overall.precisionAt10).padStart(7)} ${fixed(overall.ndcgAt10).padStart(8)}`,
  );
  lines.push('', 'Worst queries (returned: grade key title):');
  const worst = [...results].sort((a, b) => a.precision + a.ndcg - (b.precision + b.ndcg)).slice(0, 15);
  for (const result of worst) {
    if (result.precision === 1 && result.ndcg === 1) break;
    lines.push(`  "${result.query.query}" [${result.query.class}] P@10 ${fixed(result.precision)} nDCG@10 ${fixed(result.ndcg)}`);
    if (result.returned.length === 0) lines.push('      (nothing)');
    for (const key of result.returned) lines.push(`      ${result.query.judgments[key] ?? 0} ${key} ${titleOf.get(key) ?? ''}`);
  }
  return lines.join('\n');
}

describe('the judged relevance set', () => {
  it('holds a catalogue and queries that fit each other', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(500);
    expect(queries.length).toBeGreaterThanOrEqual(60);
    const keys = new Set(catalogue.map((listing) => listing.key));
    expect(keys.size).toBe(catalogue.length);
    for (const query of queries) {
      for (const [key, grade] of Object.entries(query.judgments)) {
        expect({ query: query.query, key, known: keys.has(key), grade: [1, 2, 3].includes(grade) }).toEqual({
          query: query.query,
          key,
          known: true,
          grade: true,
        });
      }
    }
  });

  it(`reaches precision@${CUTOFF} ≥ ${THRESHOLDS.precision} and nDCG@${CUTOFF} ≥ ${THRESHOLDS.ndcg} over the set`, () => {
    process.stdout.write(`${report()}\n`);
    const figures = summary();
    if (process.env.RELEVANCE_REPORT) {
      const perQuery = results.map((result) => ({
        query: result.query.query,
        class: result.query.class,
        precisionAt10: result.precision,
        ndcgAt10: result.ndcg,
        returned: result.returned,
      }));
      writeFileSync(process.env.RELEVANCE_REPORT, `${JSON.stringify({ ...figures, thresholds: THRESHOLDS, perQuery }, null, 2)}\n`);
    }
    expect(figures.overall.precisionAt10).toBeGreaterThanOrEqual(THRESHOLDS.precision);
    expect(figures.overall.ndcgAt10).toBeGreaterThanOrEqual(THRESHOLDS.ndcg);
  });
});
