import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from '@vnmarket/shared';

const ALLOWED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export interface ProcessedImage {
  web: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * Turns an uploaded file into what we serve, or refuses it: the type is read from the bytes (never the
 * name or the declared type), dimensions are checked from the header before anything is decoded, and
 * the re-encoded copies carry no metadata (EXIF, GPS) at all.
 */
export async function processImage(bytes: Buffer, maxPixels: number): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED_IMAGE_TYPES.has(type.mime)) throw badRequest('Only JPEG, PNG, WebP or GIF images can be uploaded');
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('The image could not be read');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!metadata.width || !metadata.height) throw badRequest('The image could not be read');
  if (pixels > maxPixels) throw badRequest('The image dimensions are too large');
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const source = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const web = await source()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source().resize({ width: 400, height: 400, fit: 'cover' }).webp({ quality: 75 }).toBuffer();
    return { web: web.data, thumbnail, width: web.info.width, height: web.info.height };
  } catch {
    throw badRequest('The image could not be read');
  }
}
