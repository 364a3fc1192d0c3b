/**
 * The languages an account may prefer: plain values without zod, so the web's first page can use them
 * without loading the schemas. auth.ts builds its schemas from them and exports them too.
 *
 * An account that never chose has none (`null`); it is treated as English. Auth carries the preference
 * in its user events, and verification texts the code in it.
 */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What an account without a preference gets. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Whether a value is one of LANGUAGES (a type guard for untyped input). */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The browser's remembered choice (set by the web app, read by the gateway to pick the page's language). */
export const LANGUAGE_COOKIE = 'vnm_lang';

/**
 * The first of the product's languages in a list of language tags, best first ("vi-VN" counts as "vi"):
 * navigator.languages, or an Accept-Language header's tags (qualityOrdered). Undefined when none is ours.
 */
export function firstSupportedLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** An Accept-Language header's tags, best first ("vi-VN,vi;q=0.9,en;q=0.8" → ["vi-VN", "vi", "en"]); q=0 left out. */
export function qualityOrdered(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
