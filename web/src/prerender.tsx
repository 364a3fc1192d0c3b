/**
 * Node only, at build time (build/prerender.ts loads it through Vite): the app at "/" as a visitor sees it
 * before any request has answered (the header and the landing page's hero and categories; the featured
 * listings and the rest load later), in one language, as markup React can hydrate, with the CSS
 * styled-components makes for it, and the document's title and description in that language.
 */
import { msg } from '@lingui/core/macro';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { ReactNode } from 'react';
import { AppTree } from './AppTree';
import { i18n, loadAppMessages, startI18n, type Language } from './lib/i18n';
import { MemoryRouter } from './lib/router';

function LandingRoute({ children }: { children?: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

export interface PrerenderedPage {
  /** The markup of the app's root element (renderToString: the client hydrates it). */
  html: string;
  /** styled-components' <style> element(s) for that markup. */
  styleTags: string;
  /** The document's <meta name="description">. */
  description: string;
}

const DESCRIPTION = msg`Chợ Việt Bay Area: the Vietnamese community marketplace of the San Francisco Bay Area`;

export async function prerenderLanding(language: Language): Promise<PrerenderedPage> {
  await startI18n(language);
  await loadAppMessages();
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<AppTree router={LandingRoute} />));
    return { html, styleTags: sheet.getStyleTags(), description: i18n._(DESCRIPTION) };
  } finally {
    sheet.seal();
  }
}
