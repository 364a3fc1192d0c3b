/**
 * Which page a path is, whether it is there (its status), and its head tags: a listing's, a category's, a
 * member's or the site's own, in the request's language.
 */
import { CATEGORIES, CATEGORY_NAMES, matchWebRoute, WEB_ROUTES, type Category, type Language } from '@vnmarket/proto';
import type { Logger } from '@vnmarket/shared';
import { siteImage, siteMeta, type PageMeta } from './meta';
import type { PageSources, VisibleListing } from './sources';
import { listingStructuredData } from './structured-data';
import { excerpt, formatPrice, SITE_NAME, TEXTS } from './texts';

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
  /**
   * What its rendering may be kept under (with everything it shows of a service's data), and how long:
   * `document` as long as the built document (it depends on nothing else), `timed` for PAGE_CACHE_TTL_MS,
   * `never` (made without the data it should show).
   */
  key: string;
  kept: 'document' | 'timed' | 'never';
}

export interface PageContext {
  origin: string;
  language: Language;
  sources: PageSources;
  logger: Logger;
  requestId?: string;
}

const titled = (name: string) => `${name} – ${SITE_NAME}`;
/** What a 404 shows robots: the site, not to be indexed. */
const notFound = (context: PageContext): ResolvedPage => ({
  status: 404,
  meta: siteMeta(context.origin, context.language, { indexable: false }),
  key: 'not-found',
  kept: 'document',
});
/** A page of the app that previews nothing of its own and is no page to index (a hidden listing, an edit form). */
const unlisted = (context: PageContext, kept: ResolvedPage['kept'] = 'document'): ResolvedPage => ({
  status: 200,
  meta: siteMeta(context.origin, context.language, { indexable: false }),
  key: 'unlisted',
  kept,
});

function unavailable(context: PageContext, error: unknown): ResolvedPage {
  context.logger.warn({ err: (error as Error).message, requestId: context.requestId }, 'page data unavailable: the page goes out with the site’s own tags');
  return unlisted(context, 'never');
}

/** The page at `pathname` (its path, not decoded). */
export async function resolvePage(pathname: string, context: PageContext): Promise<ResolvedPage> {
  const { origin, language } = context;
  const match = matchWebRoute(pathname);
  if (!match) return notFound(context);
  switch (match.route) {
    case 'home':
      return { status: 200, meta: siteMeta(origin, language), key: 'home', kept: 'document' };
    case 'category': {
      const category = match.params.category as Category;
      if (!CATEGORIES.includes(category)) return notFound(context);
      const name = CATEGORY_NAMES[language][category].label;
      const meta: PageMeta = {
        title: titled(name),
        previewTitle: name,
        description: TEXTS[language].category(name),
        url: `${origin}/category/${category}`,
        indexable: true,
        image: siteImage(origin, language),
        type: 'website',
      };
      return { status: 200, meta, key: `category:${category}`, kept: 'document' };
    }
    case 'listing':
      return listingPage(match.params.id!, context);
    case 'member':
      return memberPage(match.params.id!, context);
    case 'editListing':
      return unlisted(context);
    default: {
      const path = WEB_ROUTES[match.route];
      return { status: 200, meta: siteMeta(origin, language, { path }), key: `route:${match.route}`, kept: 'document' };
    }
  }
}

async function listingPage(id: string, context: PageContext): Promise<ResolvedPage> {
  let found;
  try {
    found = await context.sources.listing(id, context.requestId);
  } catch (error) {
    // The service did not answer: the page still opens (the app asks again), with the site's tags, kept by no one.
    return unavailable(context, error);
  }
  if (found.state === 'missing') return notFound(context);
  // A deactivated listing is never previewed; the app shows its owner their own view of it.
  if (found.state === 'hidden') return unlisted(context);
  // Its version in the key: a page made of the data before a change is not given after it.
  return { status: 200, meta: listingMeta(found.value, context), key: `listing:${found.value.id}:${found.value.updatedAt}`, kept: 'timed' };
}

function listingMeta(listing: VisibleListing, { origin, language }: Pick<PageContext, 'origin' | 'language'>): PageMeta {
  const url = `${origin}/listing/${listing.id}`;
  const photos = listing.images.map((image) => new URL(image, `${origin}/`).href);
  const facts = [formatPrice(listing.price, listing.priceType, language), listing.location, CATEGORY_NAMES[language][listing.category].label];
  const about = excerpt(listing.description, 200);
  return {
    title: titled(listing.title),
    previewTitle: listing.title,
    description: `${facts.filter(Boolean).join(' · ')}${about ? `. ${about}` : ''}`,
    url,
    indexable: true,
    image: photos[0] ? { url: photos[0], alt: TEXTS[language].photoOf(listing.title) } : siteImage(origin, language),
    type: 'website',
    structuredData: listingStructuredData(listing, url, photos),
  };
}

async function memberPage(id: string, context: PageContext): Promise<ResolvedPage> {
  const { origin, language } = context;
  let found;
  try {
    found = await context.sources.member(id, context.requestId);
  } catch (error) {
    return unavailable(context, error);
  }
  if (found.state !== 'found') return notFound(context);
  const user = found.value;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const meta: PageMeta = {
    title: titled(name),
    previewTitle: name,
    description: TEXTS[language].member(name),
    url: `${origin}/users/${user.id}`,
    indexable: true,
    image: user.profileImageUrl ? { url: new URL(user.profileImageUrl, `${origin}/`).href, alt: name } : siteImage(origin, language),
    type: 'profile',
  };
  return { status: 200, meta, key: `member:${user.id}:${name}:${user.profileImageUrl ?? ''}`, kept: 'timed' };
}
