/**
 * Writes proto/src/bay-area-places.json: the Bay Area's cities, neighbourhoods and ZIP codes with their
 * coordinates, from the `zipcodes` package (US ZIP code centroids). Run it again after upgrading that
 * package: `npx tsx tools/places/build-place-list.ts`. Nothing calls a geocoder at run time; the list is
 * shipped in the repository and read by the listings service (coordinates of listings and searches) and the
 * web app (suggestions).
 *
 * - ZIP codes: the Bay Area's three-digit ZIP prefixes (the nine counties and Santa Cruz), inside a box
 *   that leaves out the far ends those prefixes also cover (Mendocino, Lake, Monterey).
 * - Cities: every city those ZIP codes name, at the median of its ZIP codes' centroids (the median keeps a
 *   city's far-out ZIP codes from pulling it away from where it is).
 * - Neighbourhoods: the ones people name in the community's listings, each placed at the centroid of its
 *   ZIP code (NEIGHBOURHOODS below), so they too come from the package.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import zipcodes from 'zipcodes';

const PREFIXES = ['940', '941', '943', '944', '945', '946', '947', '948', '949', '950', '951', '954'];
const BOX = { south: 36.9, north: 38.9, west: -123.2, east: -121.4 };

/** Neighbourhood, its city (as the ZIP data names it), and the ZIP code it lies in. */
const NEIGHBOURHOODS: readonly [name: string, city: string, zip: string][] = [
  ['Little Saigon', 'San Jose', '95122'],
  ['Downtown San Jose', 'San Jose', '95113'],
  ['Evergreen', 'San Jose', '95148'],
  ['Silver Creek', 'San Jose', '95135'],
  ['Berryessa', 'San Jose', '95132'],
  ['Alum Rock', 'San Jose', '95127'],
  ['East San Jose', 'San Jose', '95116'],
  ['Willow Glen', 'San Jose', '95125'],
  ['Japantown', 'San Jose', '95112'],
  ['Almaden Valley', 'San Jose', '95120'],
  ['Blossom Valley', 'San Jose', '95123'],
  ['Cambrian Park', 'San Jose', '95124'],
  ['Santa Teresa', 'San Jose', '95119'],
  ['North San Jose', 'San Jose', '95134'],
  ['West San Jose', 'San Jose', '95129'],
  ['Tenderloin', 'San Francisco', '94102'],
  ['Little Saigon', 'San Francisco', '94102'],
  ['Civic Center', 'San Francisco', '94102'],
  ['SoMa', 'San Francisco', '94103'],
  ['Mission District', 'San Francisco', '94110'],
  ['Chinatown', 'San Francisco', '94108'],
  ['North Beach', 'San Francisco', '94133'],
  ['Sunset District', 'San Francisco', '94122'],
  ['Richmond District', 'San Francisco', '94118'],
  ['Excelsior', 'San Francisco', '94112'],
  ['Bayview', 'San Francisco', '94124'],
  ['Visitacion Valley', 'San Francisco', '94134'],
  ['Noe Valley', 'San Francisco', '94114'],
  ['Haight-Ashbury', 'San Francisco', '94117'],
  ['Marina District', 'San Francisco', '94123'],
  ['Pacific Heights', 'San Francisco', '94115'],
  ['Little Saigon', 'Oakland', '94606'],
  ['San Antonio', 'Oakland', '94606'],
  ['Chinatown', 'Oakland', '94607'],
  ['Downtown Oakland', 'Oakland', '94612'],
  ['Lake Merritt', 'Oakland', '94610'],
  ['Fruitvale', 'Oakland', '94601'],
  ['East Oakland', 'Oakland', '94621'],
  ['Rockridge', 'Oakland', '94618'],
  ['Temescal', 'Oakland', '94609'],
  ['Downtown Berkeley', 'Berkeley', '94704'],
  ['North Berkeley', 'Berkeley', '94709'],
  ['Warm Springs', 'Fremont', '94539'],
  ['Irvington', 'Fremont', '94538'],
  ['Centerville', 'Fremont', '94536'],
  ['Niles', 'Fremont', '94536'],
];

interface Zip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const round = (degrees: number) => Math.round(degrees * 10_000) / 10_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** The package's city names are in capitals for a few entries; each word capitalised as people write it. */
const titleCase = (name: string) => name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());

const zips = (Object.values(zipcodes.codes) as Zip[])
  .filter((entry) => entry.state === 'CA' && PREFIXES.includes(entry.zip.slice(0, 3)))
  .filter(({ latitude, longitude }) => latitude >= BOX.south && latitude <= BOX.north && longitude >= BOX.west && longitude <= BOX.east)
  .map((entry) => ({ ...entry, city: titleCase(entry.city) }))
  .sort((a, b) => a.zip.localeCompare(b.zip));

const byCity = new Map<string, Zip[]>();
for (const entry of zips) byCity.set(entry.city, [...(byCity.get(entry.city) ?? []), entry]);
const cities = [...byCity.entries()]
  .map(([name, entries]) => ({
    name,
    latitude: round(median(entries.map((entry) => entry.latitude))),
    longitude: round(median(entries.map((entry) => entry.longitude))),
    zips: entries.length,
  }))
  .sort((a, b) => b.zips - a.zips || a.name.localeCompare(b.name));

const zipByCode = new Map(zips.map((entry) => [entry.zip, entry]));
const neighbourhoods = NEIGHBOURHOODS.map(([name, city, zip]) => {
  const entry = zipByCode.get(zip);
  if (!entry) throw new Error(`${name}: ZIP code ${zip} is not in the Bay Area list`);
  if (!byCity.has(city)) throw new Error(`${name}: no city ${city}`);
  return { name, city, latitude: round(entry.latitude), longitude: round(entry.longitude) };
});

const rows = [
  ...cities.map((city) => ['c', city.name, city.latitude, city.longitude]),
  ...neighbourhoods.map((place) => ['n', place.name, place.latitude, place.longitude, place.city]),
  ...zips.map((entry) => ['z', entry.zip, round(entry.latitude), round(entry.longitude), entry.city]),
];
// One row a line, as the repository's formatter writes the file.
const json = `[\n${rows.map((row) => `  [${row.map((value) => JSON.stringify(value)).join(', ')}]`).join(',\n')}\n]\n`;
const target = path.join(__dirname, '../../proto/src/bay-area-places.json');
writeFileSync(target, json);
console.log(`${path.relative(process.cwd(), target)}: ${cities.length} cities, ${neighbourhoods.length} neighbourhoods, ${zips.length} ZIP codes`);
