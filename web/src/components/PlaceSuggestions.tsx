/**
 * Places of the Bay Area (cities, neighbourhoods, ZIP codes) suggested under a location field, from the same
 * place list the API searches by distance with. The list (about 700 places) loads on first use, in a chunk
 * of its own, so no page pays for it before a location field is shown.
 */
import { useEffect, useState } from 'react';

type PlaceList = typeof import('@vnmarket/proto/place-list');
let loading: Promise<PlaceList> | undefined;

/** The place list once loaded (undefined until then). */
export function usePlaceList(): PlaceList | undefined {
  const [list, setList] = useState<PlaceList>();
  useEffect(() => {
    let live = true;
    loading ??= import('@vnmarket/proto/place-list');
    loading.then(
      (module) => live && setList(module),
      () => (loading = undefined),
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** A datalist for an input's `list`: the places whose names start with what is typed. */
export function PlaceSuggestions({ id, typed }: { id: string; typed: string }) {
  const list = usePlaceList();
  const places = list ? list.suggestPlaces(typed, 8) : [];
  return (
    <datalist id={id}>
      {places.map((place) => (
        <option key={place.label} value={place.label} />
      ))}
    </datalist>
  );
}
