import { BAY_AREA_PLACE_ROWS } from './bay-area-places';

/** A place people can search near and put on a listing: a city, a neighbourhood of one, or a ZIP code. */
export interface Place {
  kind: 'city' | 'neighbourhood' | 'zip';
  /** The city's name, the neighbourhood's name, or the five digits. */
  name: string;
  /** How it is shown and typed back: "San Jose", "Little Saigon, San Jose", "95122 San Jose". */
  label: string;
  /** The city a neighbourhood or ZIP code is in. */
  city?: string;
  latitude: number;
  longitude: number;
}

/** Lower case, accents and "đ" folded, punctuation as spaces, a trailing ", CA" or "California" dropped. */
export function foldPlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(ca|california|usa|us)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let cached: { places: Place[]; byKey: Map<string, Place>; named: { pattern: RegExp; place: Place; city?: RegExp }[] } | undefined;

/** The list and its lookups, built on first use. */
function placeIndex() {
  if (cached) return cached;
  const places: Place[] = BAY_AREA_PLACE_ROWS.map((row) => {
    const [code, name, latitude, longitude] = row;
    if (code === 'c') return { kind: 'city', name, label: name, latitude, longitude };
    const city = row[4];
    return code === 'n'
      ? { kind: 'neighbourhood', name, label: `${name}, ${city}`, city, latitude, longitude }
      : { kind: 'zip', name, label: `${name} ${city}`, city, latitude, longitude };
  });
  const byKey = new Map<string, Place>();
  // Labels first, then bare names: a neighbourhood's name alone means the first of that name (the list has San Jose's first).
  for (const place of places) byKey.set(foldPlace(place.label), place);
  for (const place of places) if (!byKey.has(foldPlace(place.name))) byKey.set(foldPlace(place.name), place);
  // Names found inside a location ("Phòng gần Little Saigon, San Jose"): longest first, so "South San Francisco" wins over "San Francisco".
  const named = places
    .filter((place) => place.kind !== 'zip')
    .sort((a, b) => b.name.length - a.name.length)
    .map((place) => ({
      pattern: new RegExp(`(^| )${foldPlace(place.name)}( |$)`),
      place,
      ...(place.city ? { city: new RegExp(`(^| )${foldPlace(place.city)}( |$)`) } : {}),
    }));
  cached = { places, byKey, named };
  return cached;
}

/** Every place, cities first (largest first), then neighbourhoods, then ZIP codes. */
export function allPlaces(): readonly Place[] {
  return placeIndex().places;
}

/** The place a search names: a label as suggested, a city or neighbourhood name, or a ZIP code; undefined when unknown. */
export function findPlace(text: string): Place | undefined {
  return placeIndex().byKey.get(foldPlace(text));
}

const ZIP_CODE = /(^|\D)(9[45]\d{3})(\D|$)/;

/**
 * Where a listing is, from the location its seller typed: the place it names exactly, else a Bay Area ZIP code
 * in it, else the longest place name in it (a neighbourhood when its city is named too or is the only one of
 * that name). Undefined when it names none: such a listing is found by the location text, never by distance.
 */
export function placeOfLocation(location: string): Place | undefined {
  const exact = findPlace(location);
  if (exact) return exact;
  const { byKey, named } = placeIndex();
  const zip = ZIP_CODE.exec(location)?.[2];
  if (zip && byKey.get(zip)?.kind === 'zip') return byKey.get(zip);
  const folded = foldPlace(location);
  const found = named.filter((entry) => entry.pattern.test(folded));
  if (found.length === 0) return undefined;
  const longest = found[0]!.place.name.length;
  const candidates = found.filter((entry) => entry.place.name.length === longest);
  return (candidates.find((entry) => entry.city?.test(folded)) ?? candidates[0]!).place;
}

/** Up to `limit` places whose label starts with what was typed (then those with a word starting so), for a location field. */
export function suggestPlaces(typed: string, limit = 8): Place[] {
  const folded = foldPlace(typed);
  if (!folded) return [];
  const starts: Place[] = [];
  const words: Place[] = [];
  for (const place of placeIndex().places) {
    const label = foldPlace(place.label);
    if (label.startsWith(folded)) starts.push(place);
    else if (label.includes(` ${folded}`)) words.push(place);
    if (starts.length >= limit) break;
  }
  return [...starts, ...words].slice(0, limit);
}
