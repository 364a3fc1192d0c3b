import type { Readable } from 'node:stream';

/** Where bytes live: local disk in development, any S3-compatible store in production. */
export interface ObjectStore {
  /** A short-lived URL the browser PUTs the raw file to. */
  uploadUrl(uploadId: string, key: string, expiresAt: Date): Promise<string>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole object, or undefined when absent; refuses (returns 'too large') beyond maxBytes. */
  read(key: string, maxBytes: number): Promise<Buffer | 'too large' | undefined>;
  stream(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(...keys: string[]): Promise<void>;
}
