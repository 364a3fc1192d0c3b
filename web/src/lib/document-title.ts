/**
 * The browser tab's title, which a screen reader announces when a screen opens: "<the screen> – Chợ Việt
 * Bay Area", the site's name alone at "/". App sets each route's own (its SCREENS table) as the route
 * opens; a screen about one thing (a listing, a category, a member) names it once it knows it.
 */
import { useEffect } from 'react';

const SITE_NAME = 'Chợ Việt Bay Area';

export function setDocumentTitle(title?: string): void {
  document.title = title ? `${title} – ${SITE_NAME}` : SITE_NAME;
}

/** For a screen whose title comes with its data: set once `title` is known, and again when it changes. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) setDocumentTitle(title);
  }, [title]);
}
