/**
 * Lingui: the web app's messages, in one catalogue per language and part (src/locales/{locale}/…po).
 * The first page's catalogue holds the messages of the modules the landing page's first render uses (it
 * loads with the app's own JS, web/build/language-documents.ts); the app's holds the rest and loads with
 * the first screen that needs it (src/lib/i18n.ts). test/i18n.test.ts holds every message of the first
 * page's JS in the first catalogue, and every message of both parts translated.
 * LINGUI_LOCALES_DIR lets that test extract into a folder of its own.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const localesDir = process.env.LINGUI_LOCALES_DIR ?? '<rootDir>/src/locales';

/** The modules of the landing page's first render (the app's own JS at "/"): their messages load first. */
export const FIRST_PAGE_SOURCES = [
  '<rootDir>/src/App.tsx',
  '<rootDir>/src/components/Toast.tsx',
  '<rootDir>/src/components/first-page-ui.tsx',
  '<rootDir>/src/components/header/Header.tsx',
  '<rootDir>/src/components/header/SearchForm.tsx',
  '<rootDir>/src/components/header/UnreadBadge.tsx',
  '<rootDir>/src/components/header/LanguageSwitch.tsx',
  '<rootDir>/src/pages/landing/Landing.tsx',
  '<rootDir>/src/lib/categories.ts',
  '<rootDir>/src/lib/router.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'vi'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  // The macro's <Trans> comes from src/lib/trans.tsx (package.json "imports"), out of the first page's JS.
  runtimeConfigModule: { Trans: ['#trans', 'Trans'] },
  catalogs: [
    { path: `${localesDir}/{locale}/first-page`, include: FIRST_PAGE_SOURCES },
    { path: `${localesDir}/{locale}/app`, include: ['<rootDir>/src'], exclude: FIRST_PAGE_SOURCES },
  ],
});
