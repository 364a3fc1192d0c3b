/**
 * The landing page prerendered into index.html at build time (build/prerender.ts) and the app taking it
 * over (main.tsx): the attributes both sides read, and what renders differently while React hydrates it.
 */
import { useSyncExternalStore } from 'react';

/** On the element in #root that holds the prerendered markup (React hydrates it). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Set on <html> by the route guard before the body is parsed: on this route or for this visitor, the prerender must not show. */
export const SKIP_PRERENDER_ATTRIBUTE = 'data-skip-prerender';

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the prerendered markup, true from the next render on (and
 * from the first when nothing is hydrated): what must not be in the prerender renders only when true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
