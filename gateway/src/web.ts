import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and every other
 * page path answered with index.html so client-side routes survive a reload. Before the web app is built
 * the root explains how to build it instead.
 */
export function webRoutes(distDir: string): Router {
  const router = Router();
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
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/^\/(?!api\/|api$|objects\/|ws$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
