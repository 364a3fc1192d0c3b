/**
 * The Bay Area's cities (largest first, by their ZIP codes), then neighbourhoods, then ZIP codes, with their
 * coordinates: bay-area-places.json, which tools/places/build-place-list.ts writes from the zipcodes package
 * (the version package-lock.json pins). Not edited by hand.
 */
import places from './bay-area-places.json';

/** c: a city; n: a neighbourhood, with its city; z: a ZIP code, with its city. Latitude and longitude in degrees. */
export type PlaceRow = readonly ['c', string, number, number] | readonly ['n' | 'z', string, number, number, string];

// JSON types every row as (string | number)[]; tools/places/build-place-list.ts writes them in these shapes.
export const BAY_AREA_PLACE_ROWS = places as unknown as readonly PlaceRow[];
