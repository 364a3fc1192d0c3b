import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Router } from 'express';
import { forbidden, notFound, payloadTooLarge } from '@vnmarket/shared';
import { findUpload, insertUpload, markUpload } from '../db/uploads';
import type { MediaContext } from '../service-context';

function discardBody(req: Readable): Promise<void> {
  return new Promise((resolve) => {
    req
      .on('end', resolve)
      .on('error', () => resolve())
      .on('close', resolve)
      .resume();
  });
}

/** Upload slots: a signed, short-lived URL per photo; on local disk this service also takes the PUT. */
export function uploadsRoutes(ctx: MediaContext): Router {
  const router = Router();

  router.post('/api/objects/upload', ctx.authenticator.requireAuth, async (req, res) => {
    const ownerId = req.session!.userId;
    await ctx.limits.uploadLinks.consume(ownerId, 'Too many photo uploads. Please wait a while and try again.');
    const id = randomUUID();
    const key = `uploads/${ownerId}/${id}`;
    const expiresAt = new Date(ctx.clock().getTime() + ctx.config.UPLOAD_URL_TTL_SECONDS * 1000);
    await insertUpload(ctx.db, { id, owner_id: ownerId, key, expires_at: expiresAt });
    // The largest photo any purpose allows; PUT /api/listing-images applies the purpose's own limit.
    res.json(await ctx.store.uploadTarget(id, key, expiresAt, ctx.config.MAX_PROFILE_PHOTO_BYTES));
  });

  router.put('/api/objects/upload/:id', async (req, res) => {
    const local = ctx.localStore;
    if (!local) throw notFound();
    const id = req.params.id as string;
    const signed = local.verifyUploadSignature(id, Number(req.query.expires), String(req.query.signature ?? ''), ctx.clock());
    if (!signed) throw forbidden('This upload link is invalid or has expired', 'bad_upload_link');
    const upload = await findUpload(ctx.db, id);
    if (!upload || upload.status === 'processed') throw forbidden('This upload link is invalid or has expired', 'bad_upload_link');
    const maxBytes = ctx.config.MAX_PROFILE_PHOTO_BYTES;
    const tooLarge = () => payloadTooLarge(`Files must be ${Math.floor(maxBytes / 1024 / 1024)} MB or smaller`);
    const declared = Number(req.get('content-length') ?? 0);
    if (declared > maxBytes) {
      // Read and drop a moderately oversized body so the 413 reaches the browser through the gateway
      // (closing mid-upload turns it into a 502 there); an absurd one just gets the connection closed.
      if (declared <= maxBytes * 4) await discardBody(req);
      else res.set('Connection', 'close');
      throw tooLarge();
    }
    const size = await local.receive(upload.key, req, maxBytes);
    if (size === 'too large') throw tooLarge();
    await markUpload(ctx.db, id, { status: 'received' });
    res.json({ message: 'Uploaded', size });
  });

  return router;
}
