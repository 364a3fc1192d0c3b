/**
 * The cities people choose on Home, San Francisco first (the default), each with the nearby places its
 * area takes in. GET /api/listings?near=<city> matches listings whose location names any of them.
 */
export const BAY_AREA_CITIES = [
  {
    name: 'San Francisco',
    nearby: [
      'Daly City',
      'South San Francisco',
      'San Bruno',
      'Millbrae',
      'Burlingame',
      'San Mateo',
      'Pacifica',
      'Brisbane',
      'Colma',
      'Sausalito',
      'Oakland',
      'Berkeley',
      'Alameda',
      'Emeryville',
    ],
  },
  {
    name: 'San Jose',
    nearby: ['Santa Clara', 'Sunnyvale', 'Milpitas', 'Cupertino', 'Campbell', 'Los Gatos', 'Saratoga', 'Mountain View', 'Morgan Hill', 'Fremont', 'Los Altos'],
  },
  {
    name: 'Oakland',
    nearby: ['Berkeley', 'Alameda', 'Emeryville', 'Piedmont', 'San Leandro', 'Hayward', 'Castro Valley', 'Albany', 'El Cerrito', 'Richmond', 'San Francisco'],
  },
  {
    name: 'Berkeley',
    nearby: ['Albany', 'El Cerrito', 'Richmond', 'Emeryville', 'Oakland', 'Kensington', 'Orinda', 'Alameda', 'Piedmont'],
  },
  {
    name: 'Palo Alto',
    nearby: ['Menlo Park', 'East Palo Alto', 'Stanford', 'Mountain View', 'Los Altos', 'Atherton', 'Redwood City', 'Sunnyvale', 'Cupertino'],
  },
] as const;
export type CityName = (typeof BAY_AREA_CITIES)[number]['name'];
export const CITY_NAMES = BAY_AREA_CITIES.map((city) => city.name) as [CityName, ...CityName[]];

/** The city and its nearby places: what a listing's location must name to be "in the area". */
export function placesNear(city: CityName): readonly string[] {
  const entry = BAY_AREA_CITIES.find((candidate) => candidate.name === city);
  return entry ? [entry.name, ...entry.nearby] : [city];
}
