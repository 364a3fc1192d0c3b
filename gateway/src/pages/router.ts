/**
 * The web app's pages, assembled per request: the built document of the visitor's language with the page's
 * own head tags (link previews, search engines), its honest status (404 for a path that is no page of the
 * app, a listing or member that is not there), compressed, never cached by the browser without asking.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Language } from '@vnmarket/proto';
import type { Logger } from '@vnmarket/shared';
import { compressBody, pageEncoding, type PageEncoding } from '../compression';
import type { DocumentTemplate, WebDocuments } from './documents';
import { requestLanguage } from './language';
import { headTags } from './meta';
import { resolvePage, type ResolvedPage } from './page-meta';
import type { PageSources } from './sources';
import { TtlCache } from './ttl-cache';

/** A page as it goes out, in each encoding asked for so far. */
export interface EncodedAnswer {
  status: number;
  body: Buffer;
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

/** The answer in the request's encoding (made once per encoding), with its Content-Encoding set. */
export function encodedBody(req: Request, res: Response, answer: EncodedAnswer, effort: 'kept' | 'once'): Buffer {
  const encoding = pageEncoding(req);
  if (encoding === undefined) return answer.body;
  res.setHeader('Content-Encoding', encoding);
  return (answer.encoded[encoding] ??= compressBody(answer.body, encoding, effort));
}

/** An answer's memory with room for its compressed copies (made after it is kept, each well under half of it). */
const sizeOf = (answer: EncodedAnswer) => answer.body.length * 2;

/** Pages that depend on the documents alone, kept at most: those of two builds in both languages. */
const MAX_DOCUMENT_PAGES = 128;
/** Pages made of a service's data kept in all, bytes at most. */
const TIMED_PAGES_BYTES = 16 * 1024 * 1024;

/**
 * A last path segment with a dot is a file's name (`/favicon.ico`, `/manifest.webmanifest`): a file the
 * build does not have is a 404, never the app's HTML.
 */
const FILE_LIKE = /\.[^/]*$/;

export interface PageHandlerOptions {
  documents: WebDocuments;
  sources: PageSources;
  origin: string;
  ttlMs: number;
  logger: Logger;
  now?: () => number;
}

/** Answers a GET of a page path (the caller routes here every path that is not the API's, an asset or a public file). */
export function pageHandler(options: PageHandlerOptions): RequestHandler {
  const { documents, sources, origin, logger } = options;
  // Pages that depend on the document alone, each in each language: a few dozen, kept as long as the
  // document is (a new build's are new keys; the old ones go when there are too many).
  const documentPages = new Map<string, EncodedAnswer>();
  const timedPages = new TtlCache<EncodedAnswer>({ ttlMs: options.ttlMs, maxEntries: 10_000, maxBytes: TIMED_PAGES_BYTES, sizeOf, now: options.now });

  const answerFor = (template: DocumentTemplate, language: Language, page: ResolvedPage): EncodedAnswer => {
    const make = () => ({ status: page.status, body: Buffer.from(template.withHead(headTags(page.meta, language)), 'utf8'), encoded: {} });
    const key = `${template.version}\n${language}\n${page.key}`;
    if (page.kept === 'document') {
      let answer = documentPages.get(key);
      if (!answer) {
        if (documentPages.size >= MAX_DOCUMENT_PAGES) documentPages.clear();
        documentPages.set(key, (answer = make()));
      }
      return answer;
    }
    if (page.kept === 'never') return make();
    let answer = timedPages.get(key);
    if (!answer) timedPages.set(key, (answer = make()));
    return answer;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts('html') || FILE_LIKE.test(req.path)) return next();
    const language = requestLanguage(req);
    // The document of the request's language (index.html until the build makes the other): the app shows
    // itself in the visitor's language either way, and the head speaks it.
    const template = documents.get(language);
    if (!template) return next();
    let page: ResolvedPage;
    try {
      const requestId = req.headers['x-request-id'];
      page = await resolvePage(req.path, { origin, language, sources, logger, requestId: typeof requestId === 'string' ? requestId : undefined });
    } catch (error) {
      return next(error);
    }
    const answer = answerFor(template, language, page);
    res.status(answer.status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Language', language);
    // The page depends on the language asked for (cookie, then header) and goes out compressed.
    res.vary('Cookie').vary('Accept-Language').vary('Accept-Encoding');
    res.send(encodedBody(req, res, answer, page.kept === 'document' ? 'kept' : 'once'));
  };
}
