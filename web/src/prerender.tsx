/**
 * Node only, at build time (build/prerender.ts loads it through Vite): the app at "/" as a visitor sees it
 * before any request has answered (the header and the landing page's hero and categories; the featured
 * listings and the rest load later), as markup React can hydrate, with the CSS styled-components makes for it.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { ReactNode } from 'react';
import { AppTree } from './AppTree';

function LandingRoute({ children }: { children?: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

export interface PrerenderedPage {
  /** The markup of the app's root element (renderToString: the client hydrates it). */
  html: string;
  /** styled-components' <style> element(s) for that markup. */
  styleTags: string;
}

export function prerenderLanding(): PrerenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<AppTree router={LandingRoute} />));
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
