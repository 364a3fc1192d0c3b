import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore, UploadTarget } from './object-store';

class TooLargeError extends Error {}

/**
 * Files under a root folder. Upload URLs point at the media service's own PUT endpoint and carry an
 * HMAC of the upload id and expiry, the way a presigned S3 URL does, so the browser flow is the same.
 */
export class LocalDiskStore implements ObjectStore {
  constructor(
    private readonly root: string,
    private readonly secret: string,
  ) {}

  private fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('object key escapes the store');
    return file;
  }

  private sign(uploadId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${uploadId}.${expires}`).digest('base64url');
  }

  /** This service's own signed PUT endpoint, which enforces the size as it receives (receive()). */
  async uploadTarget(uploadId: string, _key: string, expiresAt: Date): Promise<UploadTarget> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const uploadURL = `/api/objects/upload/${uploadId}?expires=${expires}&signature=${this.sign(uploadId, expires)}`;
    return { uploadURL, method: 'PUT', imageURL: uploadURL };
  }

  /** True when the signature is ours and the link has not expired. */
  verifyUploadSignature(uploadId: string, expires: number, signature: string, now: Date): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.sign(uploadId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Streams a request body to the key, refusing past maxBytes. (Callers check Content-Length first so
   * the browser gets a clean 413; this catches bodies that lie about it or send none.)
   */
  async receive(key: string, body: Readable, maxBytes: number): Promise<number | 'too large'> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new TooLargeError() : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof TooLargeError) return 'too large';
      throw error;
    }
    await rename(partial, file);
    return size;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async read(key: string, maxBytes: number): Promise<Buffer | 'too large' | undefined> {
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (info.size > maxBytes) return 'too large';
    return readFile(file);
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => undefined);
    return info ? { body: createReadStream(file), size: info.size } : undefined;
  }

  async delete(...keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.fileOf(key), { force: true })));
  }
}
