import { findPlace, HOME_CITIES, milesBetween, placeOfLocation, suggestPlaces } from '@vnmarket/proto';
import { createDb } from '@vnmarket/shared';
import { listingBody, registered, type RegisteredUser, type Stack, type TestClient } from '@vnmarket/testkit';
import { LISTINGS_SCHEMA } from '../src/config';
import { up as placeExistingListings } from '../migrations/20261128190000_listing_coordinates';
import { listingsStack, postListing } from './support/stack';

let stack: Stack<'auth' | 'listings'>, seller: RegisteredUser, visitor: RegisteredUser;
listingsStack('listings-distance', (...started) => ([stack, seller, visitor] = started));

const at = async (client: TestClient, location: string, overrides: Record<string, unknown> = {}): Promise<string> =>
  (await postListing(client, { location, ...overrides })).id as string;

/** The ids this seller's listings answer for a query, in the order answered. */
async function idsFor(query: string, owner = seller): Promise<string[]> {
  const response = await visitor.client.get(`/api/listings?sellerId=${owner.user.id}&${query}`);
  expect(response.status).toBe(200);
  return (response.body as { id: string }[]).map((listing) => listing.id);
}

describe('the place list', () => {
  it('holds cities, neighbourhoods and ZIP codes of the Bay Area with coordinates', () => {
    expect(findPlace('San Jose')).toMatchObject({ kind: 'city', latitude: expect.closeTo(37.33, 1) });
    expect(findPlace('little saigon, san jose')).toMatchObject({ kind: 'neighbourhood', city: 'San Jose' });
    expect(findPlace('95035')).toMatchObject({ kind: 'zip', city: 'Milpitas' });
    expect(findPlace('Sacramento')).toBeUndefined();
    // Home's city banner offers cities of the same list.
    for (const city of HOME_CITIES) expect(findPlace(city)).toMatchObject({ kind: 'city', name: city });
    // The distances the example rests on.
    expect(milesBetween(findPlace('San Jose')!, findPlace('Milpitas')!)).toBeLessThan(10);
    expect(milesBetween(findPlace('San Jose')!, findPlace('San Francisco')!)).toBeGreaterThan(40);
  });

  it('places a location by its exact place, a ZIP code in it, or the longest place it names', () => {
    expect(placeOfLocation('Milpitas, CA')?.label).toBe('Milpitas');
    expect(placeOfLocation('Phòng gần chợ, 95122')?.label).toBe('95122 San Jose');
    expect(placeOfLocation('South San Francisco, CA')?.label).toBe('South San Francisco');
    expect(placeOfLocation('Little Saigon, San Francisco')?.label).toBe('Little Saigon, San Francisco');
    expect(placeOfLocation('Grand Century Mall, San José')?.label).toBe('San Jose');
    expect(placeOfLocation('Westminster, CA')).toBeUndefined();
  });

  it('suggests places as a name is typed', () => {
    expect(suggestPlaces('milp').map((place) => place.label)).toEqual(['Milpitas', '95035 Milpitas', '95036 Milpitas']);
    expect(suggestPlaces('9503').map((place) => place.label)).toContain('95035 Milpitas');
    expect(suggestPlaces('little sai').map((place) => place.label)).toContain('Little Saigon, San Jose');
  });
});

describe('GET /api/listings?near=&radius=', () => {
  let sanJose: string;
  let milpitas: string;
  let sanFrancisco: string;
  let littleSaigon: string;
  let fremont: string;
  let nowhere: string;

  beforeAll(async () => {
    sanJose = await at(seller.client, 'San Jose, CA');
    milpitas = await at(seller.client, 'Milpitas, CA');
    sanFrancisco = await at(seller.client, 'San Francisco, CA');
    littleSaigon = await at(seller.client, 'Little Saigon, San Jose');
    fremont = await at(seller.client, '94538');
    nowhere = await at(seller.client, 'Westminster, CA');
  });

  it('"Within 10 miles of San Jose" includes Milpitas and excludes San Francisco', async () => {
    const within = await idsFor('near=San Jose&radius=10');
    expect(within).toContain(milpitas);
    expect(within).toContain(sanJose);
    expect(within).toContain(littleSaigon);
    expect(within).not.toContain(sanFrancisco);
    expect(within).not.toContain(fremont); // Irvington is 15 miles away
    expect(within).not.toContain(nowhere); // names no known place: never within a distance
    // Wider, Fremont comes in; 50 miles reach San Francisco.
    expect(await idsFor('near=San Jose&radius=25')).toContain(fremont);
    expect(await idsFor('near=San Jose&radius=50')).toContain(sanFrancisco);
    // Without a place, every listing.
    expect(await idsFor('limit=50')).toContain(nowhere);
  });

  it('takes a ZIP code or a neighbourhood as the place, and sorts by distance', async () => {
    expect((await idsFor('near=95035&radius=5')).sort()).toEqual([milpitas].sort());
    expect(await idsFor('near=94103&radius=5')).toEqual([sanFrancisco]);
    expect(await idsFor('near=Little Saigon, San Jose&radius=5')).toEqual(expect.arrayContaining([sanJose, littleSaigon]));
    // Nearest first from Milpitas: Milpitas, San Jose's centre (7 miles), Little Saigon (8), Irvington (10), San Francisco (39).
    expect(await idsFor('near=Milpitas&radius=50&sort=distance')).toEqual([milpitas, sanJose, littleSaigon, fremont, sanFrancisco]);
  });

  it('moves a listing when its location changes', async () => {
    const moving = await at(seller.client, 'Oakland, CA');
    expect(await idsFor('near=San Jose&radius=10')).not.toContain(moving);
    const edited = await seller.client.request('PUT', `/api/listings/${moving}`, { json: listingBody({ location: 'Milpitas, CA' }) });
    expect(edited.status).toBe(200);
    expect(await idsFor('near=San Jose&radius=10')).toContain(moving);
  });

  it('refuses an unknown place, an odd radius, and a radius or Distance without a place, with a 400', async () => {
    for (const [query, message] of [
      ['near=Sacramento', 'Choose a Bay Area city, neighbourhood or ZIP code from the list'],
      ['near=10001', 'Choose a Bay Area city, neighbourhood or ZIP code from the list'],
      ['near=San Jose&radius=7', 'radius must be one of: 5, 10, 25, 50'],
      ['near=San Jose&radius=ten', 'radius must be one of: 5, 10, 25, 50'],
      ['radius=10', 'Choose a place to search within a distance of it'],
      ['sort=distance', 'Choose a place to sort by distance from it'],
    ]) {
      const response = await visitor.client.get(`/api/listings?${query}`);
      expect({ query, status: response.status, body: response.body }).toMatchObject({ query, status: 400, body: { message, code: 'invalid_request' } });
    }
  });
});

describe('the migration', () => {
  it('places the listings that were there before it', async () => {
    const other = await registered(stack);
    const id = await at(other.client, 'Milpitas, CA');
    const db = createDb(stack.listings.config.DATABASE_URL, LISTINGS_SCHEMA, 1);
    try {
      // As a listing written before the columns: no coordinates. The migration's backfill, run again, places it.
      await db.raw('alter table listings drop column earth_position');
      await db.raw('drop index if exists listings_earth_position');
      await db('listings').where({ id }).update({ latitude: null, longitude: null });
      await db.raw('alter table listings drop column latitude, drop column longitude');
      await placeExistingListings(db);
      const row = await db('listings').where({ id }).first('latitude', 'longitude');
      expect(row).toEqual({ latitude: findPlace('Milpitas')!.latitude, longitude: findPlace('Milpitas')!.longitude });
    } finally {
      await db.destroy();
    }
    expect(await idsFor('near=San Jose&radius=10', other)).toEqual([id]);
  });
});
