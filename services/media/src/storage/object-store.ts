import type { Readable } from 'node:stream';

export interface UploadTarget {
  uploadURL: string;
  method: 'PUT' | 'POST';
  /** Form fields to send before the file (POST). */
  fields?: Record<string, string>;
  /** The URL naming this upload afterwards (PUT /api/listing-images). */
  imageURL: string;
}

/** Where bytes live: local disk in development, any S3-compatible store in production. */
export interface ObjectStore {
  /** Where and how the browser sends the raw file: a signed PUT, or a presigned S3 POST form. */
  uploadTarget(uploadId: string, key: string, expiresAt: Date, maxBytes: number): Promise<UploadTarget>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The whole object, or undefined when absent; refuses (returns 'too large') beyond maxBytes without
   * ever holding more than maxBytes + 1 bytes, whatever the object's metadata claims.
   */
  read(key: string, maxBytes: number): Promise<Buffer | 'too large' | undefined>;
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(...keys: string[]): Promise<void>;
}
