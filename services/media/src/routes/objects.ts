import { Router } from 'express';
import { notFound } from '@vnmarket/shared';
import { findObject } from '../db/objects';
import type { MediaContext } from '../service-context';

/** Serves stored images with their type and long-lived caching (keys never change content). */
export function objectsRoutes(ctx: MediaContext): Router {
  const router = Router();

  router.get('/objects/*key', async (req, res) => {
    const key = (req.params as { key: string[] }).key.join('/');
    const object = await findObject(ctx.db, key);
    const stored = object && (await ctx.store.stream(key));
    if (!object || !stored) throw notFound('Image not found');
    res.set({
      'Content-Type': object.content_type,
      'Content-Length': String(stored.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-site',
    });
    stored.body.on('error', (error) => {
      ctx.logger.warn({ err: error.message, key }, 'object stream failed');
      res.destroy();
    });
    stored.body.pipe(res);
  });

  return router;
}
