import { Router } from 'express';
import { listingImageBody, thumbnailPathOf } from '@vnmarket/proto';
import { badRequest, forbidden, notFound, parseInput, payloadTooLarge } from '@vnmarket/shared';
import { insertObjects } from '../db/objects';
import { findUpload, markUpload } from '../db/uploads';
import { processImage } from '../images';
import type { MediaContext } from '../service-context';

const UPLOAD_ID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
/** Our own upload endpoint, or an S3 key uploads/<owner>/<id> (path- or host-style URLs). */
const UPLOAD_URL_PATTERNS = [new RegExp(`^/api/objects/upload/${UPLOAD_ID}$`, 'i'), new RegExp(`/uploads/[0-9a-f-]{36}/${UPLOAD_ID}$`, 'i')];

function uploadIdFrom(imageURL: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(imageURL, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  for (const pattern of UPLOAD_URL_PATTERNS) {
    const match = pattern.exec(pathname);
    if (match) return match[1]!.toLowerCase();
  }
  return undefined;
}

/** Turns the uploader's own fresh upload into a checked, resized, metadata-free image. */
export function imagesRoutes(ctx: MediaContext): Router {
  const router = Router();

  router.put('/api/listing-images', ctx.authenticator.requireAuth, async (req, res) => {
    const body = parseInput(listingImageBody, req.body);
    const uploadId = uploadIdFrom(body.imageURL);
    if (!uploadId) throw badRequest('imageURL must be an upload link issued by POST /api/objects/upload');
    const upload = await findUpload(ctx.db, uploadId);
    if (!upload) throw notFound('Upload not found');
    const ownerId = req.session!.userId;
    if (upload.owner_id !== ownerId) throw forbidden('This upload is not yours', 'not_owner');
    if (upload.status === 'processed' && upload.object_path) {
      return void res.json({ objectPath: upload.object_path, thumbnailPath: thumbnailPathOf(upload.object_path) });
    }
    if (ctx.clock().getTime() - upload.created_at.getTime() > ctx.config.UPLOAD_MAX_AGE_SECONDS * 1000) {
      throw badRequest('This upload has expired; please upload the photo again');
    }

    await ctx.limits.images.consume(ownerId, 'Too many photos processed. Please wait a while and try again.');
    const profile = body.purpose === 'profile';
    const maxBytes = profile ? ctx.config.MAX_PROFILE_PHOTO_BYTES : ctx.config.MAX_LISTING_PHOTO_BYTES;
    const bytes = await ctx.processing.run(() => ctx.store.read(upload.key, maxBytes));
    if (bytes === undefined) throw badRequest('No file has been uploaded to this link yet');
    if (bytes === 'too large') {
      await ctx.store.delete(upload.key);
      throw payloadTooLarge(`${profile ? 'Profile photos' : 'Photos'} must be ${Math.floor(maxBytes / 1024 / 1024)} MB or smaller`);
    }
    const image = await ctx.processing
      .run(() => processImage(bytes, ctx.config.MAX_IMAGE_PIXELS))
      .catch(async (error) => {
        await ctx.store.delete(upload.key);
        throw error;
      });

    const webKey = `images/${ownerId}/${uploadId}.webp`;
    const thumbKey = `images/${ownerId}/${uploadId}-thumb.webp`;
    await ctx.store.put(webKey, image.web, 'image/webp');
    await ctx.store.put(thumbKey, image.thumbnail, 'image/webp');
    const objectPath = `/objects/${webKey}`;
    await ctx.db.transaction(async (trx) => {
      await insertObjects(trx, [
        { key: webKey, owner_id: ownerId, content_type: 'image/webp', size: image.web.length },
        { key: thumbKey, owner_id: ownerId, content_type: 'image/webp', size: image.thumbnail.length },
      ]);
      await markUpload(trx, uploadId, { status: 'processed', object_path: objectPath });
    });
    await ctx.store.delete(upload.key);
    res.json({ objectPath, thumbnailPath: `/objects/${thumbKey}` });
  });

  return router;
}
