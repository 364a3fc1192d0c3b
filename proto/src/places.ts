/**
 * Distance search: the radii people choose, and the cities Home offers (San Francisco first, the default).
 * Places and their coordinates are in place-list.ts (the Bay Area's cities, neighbourhoods and ZIP codes);
 * this module stays small, for the pages that only need these names.
 */
export const HOME_CITIES = ['San Francisco', 'San Jose', 'Oakland', 'Berkeley', 'Palo Alto'] as const;
export type CityName = (typeof HOME_CITIES)[number];
export const CITY_NAMES = [...HOME_CITIES] as [CityName, ...CityName[]];

/** "Within 5 / 10 / 25 / 50 miles" of the chosen place (GET /api/listings?near=…&radius=…). */
export const RADIUS_MILES = [5, 10, 25, 50] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];
/** A place asked for without a radius (Home's city): about the reach of a city and the places around it. */
export const DEFAULT_RADIUS_MILES: RadiusMiles = 25;

export const EARTH_RADIUS_MILES = 3958.8;

/** The great-circle distance in miles between two points given in degrees (haversine). */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
