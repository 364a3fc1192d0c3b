/**
 * The app's language: which one a page starts in, loading its messages (Lingui catalogues compiled at
 * build time, src/locales) and switching. Two catalogues a language: the first page's, fetched beside the
 * app's own JS (the served document preloads its language's), and the app's, fetched with the first
 * screen or part that is not on the first page (`withAppMessages`). Only the active language's are loaded.
 *
 * The choice lives in a cookie (LANGUAGE_COOKIE) that the gateway reads too, so the served document, its
 * prerendered landing page and its link previews are in the same language, with no English flash first.
 * Without one, the document's own `lang` (the gateway's pick from Accept-Language) decides.
 */
import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '@vnmarket/proto/languages';

export { i18n };
export type { Language };

type Catalogue = () => Promise<{ messages: Messages }>;

const FIRST_PAGE: Record<Language, Catalogue> = {
  en: () => import('../locales/en/first-page.po'),
  vi: () => import('../locales/vi/first-page.po'),
};

const APP: Record<Language, Catalogue> = {
  en: () => import('../locales/en/app.po'),
  vi: () => import('../locales/vi/app.po'),
};

const loaded = new Map<Catalogue, Promise<void>>();

/** A catalogue's messages added to its language's (once). */
function load(language: Language, catalogue: Catalogue): Promise<void> {
  let done = loaded.get(catalogue);
  if (!done) {
    done = catalogue().then(({ messages }) => i18n.load(language, messages));
    loaded.set(catalogue, done);
    done.catch(() => loaded.delete(catalogue));
  }
  return done;
}

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function savedLanguage(): Language | undefined {
  const value = COOKIE_VALUE.exec(typeof document === 'undefined' ? '' : document.cookie)?.[1];
  return isLanguage(value) ? value : undefined;
}

/** The language a page starts in: the saved choice, else the served document's (the gateway's pick). */
function startingLanguage(): Language {
  const documentLanguage = document.documentElement.lang;
  return savedLanguage() ?? (isLanguage(documentLanguage) ? documentLanguage : DEFAULT_LANGUAGE);
}

/** Loads the first page's messages of the starting language and activates it: before the first render. */
export async function startI18n(language: Language = startingLanguage()): Promise<void> {
  await load(language, FIRST_PAGE[language]);
  i18n.activate(language);
}

/**
 * The rest of the active language's messages (the screens' and dialogs'); before the first render (a deep
 * link's screen is asked for as the app starts), the starting language's.
 */
export function loadAppMessages(): Promise<void> {
  const language = isLanguage(i18n.locale) ? i18n.locale : startingLanguage();
  return load(language, APP[language]);
}

/** A lazy module's loader that also waits for the app's messages, so the module renders translated. */
export function withAppMessages<T>(loadModule: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadModule(), loadAppMessages()]).then(([module]) => module);
}

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The BCP 47 locale of the active language for Intl: "en-US" or "vi-VN". */
export function intlLocale(): string {
  return activeLanguage() === 'vi' ? 'vi-VN' : 'en-US';
}

const onChange = (listener: () => void) => i18n.on('change', listener);
const currentLocale = () => i18n.locale;

/**
 * The active language, for a component that must render anew when it changes but not when more messages of
 * it arrive (useLingui renders again on both): the app's root, whose render is every part's.
 */
export function useLocale(): string {
  return useSyncExternalStore(onChange, currentLocale, currentLocale);
}

/** A whole number as the active language writes it: "2,345", "2.345". */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale()).format(value);
}

/** Switches the whole app: both catalogues of `language` loaded first, then every translated part re-renders. */
export async function switchLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (language === i18n.locale) return;
  await Promise.all([load(language, FIRST_PAGE[language]), load(language, APP[language])]);
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** The choice, kept in the browser for a year (the gateway reads it to serve the page in that language). */
function rememberLanguage(language: Language): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}
