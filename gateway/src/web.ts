import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { z } from 'zod';
import { CSP_HASH_SOURCE, WEB_CSP_FILE, type WebCsp } from '@vnmarket/proto';
import type { SitePages } from './pages';

const webCspSchema: z.ZodType<WebCsp> = z.object({ scriptHashes: z.array(z.string().regex(CSP_HASH_SOURCE, "a CSP hash source such as 'sha256-…'")) });

/**
 * The hashes of the inline scripts of the built index.html (the web build's WEB_CSP_FILE), for the
 * Content-Security-Policy's script-src: none before the app is built. A file that is there but unreadable
 * stops the start with a clear message rather than serving a page whose scripts the browser would refuse.
 */
export function webScriptHashes(distDir: string): string[] {
  const file = path.join(distDir, WEB_CSP_FILE);
  if (!existsSync(file)) return [];
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = webCspSchema.safeParse(content);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data.scriptHashes;
}

/**
 * Serves the built React app: hashed assets cached for a year, the documents never cached, and every page
 * path answered with the document of the visitor's language, the page's own head tags in it, and its honest
 * status (site.page: a path that is no page of the app is a 404 with the app's HTML, which shows its "not
 * found"; a missing file's name is a plain 404). Files go out as the brotli or gzip copy the build wrote
 * beside them (web/build/precompress.ts) when the client accepts it, with `Vary: Accept-Encoding`; pages
 * are compressed here. The sitemap (and robots.txt, which names it) is served with or without a built app.
 * Before the web app is built the root explains how to build it instead.
 */
export function webRoutes(distDir: string, site: SitePages): Router {
  const router = Router();
  router.use(site.forRobots);
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    router.get('/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Chợ Việt Bay Area</title>' +
            '<h1>Chợ Việt Bay Area</h1><p>The API is running under <code>/api</code>. ' +
            'The web app is not built yet: run <code>make start</code> from a checkout that contains <code>web/</code>.</p>',
        );
    });
    return router;
  }
  const compressed = { enableBrotli: true, orderPreference: ['br', 'gz'] };
  router.use(
    '/assets',
    expressStaticGzip(path.join(distDir, 'assets'), { ...compressed, serveStatic: { immutable: true, maxAge: '365d', fallthrough: false } }),
  );
  // Other public files (favicon) for an hour; a document asked for by name (index.html) is a page, and sw.js (the
  // service worker) must be checked at each page load so that a deploy's worker replaces the last: never cached.
  router.use(
    expressStaticGzip(distDir, {
      ...compressed,
      index: false,
      serveStatic: {
        index: false,
        maxAge: '1h',
        setHeaders: (res, filePath) => {
          if (/[\\/](index(\.[a-z]+)?\.html|sw\.js)(\.br|\.gz)?$/.test(filePath)) res.setHeader('Cache-Control', 'no-cache');
        },
      },
    }),
  );
  router.get(/^\/(?!api\/|api$|objects\/|ws$).*/, site.page);
  return router;
}
