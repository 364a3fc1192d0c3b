import { DEFAULT_RADIUS_MILES, EARTH_RADIUS_MILES, findPlace, type ListingQuery, type Place } from '@vnmarket/proto';
import { badRequest, type Knex } from '@vnmarket/shared';

/** A distance search: the place asked for and how far from it. */
export interface Near {
  place: Place;
  miles: number;
}

const UNKNOWN_PLACE = 'Choose a Bay Area city, neighbourhood or ZIP code from the list';
const RADIUS_WITHOUT_PLACE = 'Choose a place to search within a distance of it';
const DISTANCE_WITHOUT_PLACE = 'Choose a place to sort by distance from it';

/**
 * The distance search of a listings query, or undefined without `near`. A 400 for a place the list does not
 * hold, and for a radius or the Distance order without a place (they would silently mean nothing).
 */
export function nearOf(query: Pick<ListingQuery, 'near' | 'radius' | 'sort'>): Near | undefined {
  if (!query.near) {
    if (query.radius !== undefined) throw badRequest(RADIUS_WITHOUT_PLACE, { radius: [RADIUS_WITHOUT_PLACE] });
    if (query.sort === 'distance') throw badRequest(DISTANCE_WITHOUT_PLACE, { sort: [DISTANCE_WITHOUT_PLACE] });
    return undefined;
  }
  const place = findPlace(query.near);
  if (!place) throw badRequest(UNKNOWN_PLACE, { near: [UNKNOWN_PLACE] });
  return { place, miles: query.radius ?? DEFAULT_RADIUS_MILES };
}

/**
 * A point as `earth_position` holds it (the generated column of 20261128190000_listing_coordinates): on the
 * sphere of radius 1, so the straight line between two points (the cube's `<->`) is the chord, which grows
 * with the distance along the Earth and orders listings as it does.
 */
export function unitSpherePoint({ latitude, longitude }: { latitude: number; longitude: number }): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

/** The chord of the unit sphere that spans `miles` along the Earth's surface. */
export const chordOf = (miles: number) => 2 * Math.sin(miles / EARTH_RADIUS_MILES / 2);

/** The listing's distance from the place, as a chord (see unitSpherePoint): SQL and its bindings, on listings named `l`. */
export function chordFrom(near: Near): { sql: string; bindings: number[][] } {
  return { sql: 'l.earth_position <-> cube(?::float8[])', bindings: [unitSpherePoint(near.place)] };
}

/** Miles in a degree of latitude (the least, at the poles' side of the mean: the box is never too small). */
const MILES_PER_DEGREE = 68.7;

/**
 * The latitude and longitude box around the place that holds every point within `miles` of it: a degree of
 * longitude is shorter by the cosine of the latitude, taken at the box's edge nearer the pole.
 */
function boxAround({ latitude, longitude }: { latitude: number; longitude: number }, miles: number) {
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = dLat / Math.cos(((Math.abs(latitude) + dLat) * Math.PI) / 180);
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLng, east: longitude + dLng };
}

/**
 * Listings within the radius: inside the latitude and longitude box around the place, then the exact chord.
 * The box, not the cube's `<@`: PostgreSQL keeps histograms of latitude and longitude (none for a cube's
 * containment), so it walks the newest listings for a crowded area and takes `listings_active_latitude_longitude`
 * for a sparse one (see 20261128193000_listing_coordinates_box). A listing whose location names no known
 * place has no position and is never within a distance.
 */
export function whereWithin(builder: Knex.QueryBuilder, near: Near): Knex.QueryBuilder {
  const box = boxAround(near.place, near.miles);
  const distance = chordFrom(near);
  return builder
    .whereBetween('l.latitude', [box.south, box.north])
    .whereBetween('l.longitude', [box.west, box.east])
    .whereRaw(`${distance.sql} <= ?`, [...distance.bindings, chordOf(near.miles)]);
}
