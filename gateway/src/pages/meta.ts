/**
 * A page's head as robots read it (link previews, search engines: they run no JavaScript): its title,
 * description, canonical URL, Open Graph and Twitter card tags and structured data, as HTML.
 */
import { LANGUAGES, type Language } from '@vnmarket/proto';
import { OG_LOCALES, SITE_NAME, TEXTS } from './texts';

/** The site's own preview image (web/public/og-image.png), 1200 × 630. */
const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

export interface PageMeta {
  /** The document's <title>. */
  title: string;
  /** What a preview shows as its title (og:title, twitter:title). */
  previewTitle: string;
  description: string;
  /** The page's absolute URL (og:url). */
  url: string;
  /** Whether url is the canonical URL of an indexable page; a page that is not (a 404, a hidden listing) is `noindex` instead. */
  indexable: boolean;
  image: { url: string; alt: string; width?: number; height?: number };
  /** og:type: one of Open Graph's own (a member's page is a profile). */
  type: 'website' | 'profile';
  /** schema.org structured data (JSON-LD). */
  structuredData?: object;
}

/** The site's own tags: the home page's, and any page that previews nothing of its own. */
export function siteMeta(origin: string, language: Language, { path = '/', indexable = true }: { path?: string; indexable?: boolean } = {}): PageMeta {
  return {
    title: SITE_NAME,
    previewTitle: SITE_NAME,
    description: TEXTS[language].site,
    url: `${origin}${indexable ? path : '/'}`,
    indexable,
    image: siteImage(origin, language),
    type: 'website',
  };
}

export function siteImage(origin: string, language: Language): PageMeta['image'] {
  return { url: `${origin}${SITE_IMAGE.path}`, alt: TEXTS[language].siteImage, width: SITE_IMAGE.width, height: SITE_IMAGE.height };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/**
 * JSON inside <script type="application/ld+json">: data, never run, but the HTML parser ends the element at
 * the first `</script`, so no `<` (nor `>`, `&`) appears as it is; JSON reads the escapes as the same text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const property = (name: string, content: string | number) => `<meta property="${name}" content="${escapeHtml(String(content))}" />`;
const named = (name: string, content: string | number) => `<meta name="${name}" content="${escapeHtml(String(content))}" />`;

/** The head's tags for a page, in place of the document's own title and description. */
export function headTags(meta: PageMeta, language: Language): string {
  const { image } = meta;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    meta.indexable ? `<link rel="canonical" href="${escapeHtml(meta.url)}" />` : named('robots', 'noindex'),
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type),
    property('og:title', meta.previewTitle),
    property('og:description', meta.description),
    property('og:url', meta.url),
    property('og:image', image.url),
    property('og:image:alt', image.alt),
    ...(image.width && image.height ? [property('og:image:width', image.width), property('og:image:height', image.height)] : []),
    property('og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((other) => other !== language).map((other) => property('og:locale:alternate', OG_LOCALES[other])),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.previewTitle),
    named('twitter:description', meta.description),
    named('twitter:image', image.url),
    named('twitter:image:alt', image.alt),
  ];
  if (meta.structuredData) tags.push(`<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>`);
  return tags.join('\n    ');
}
