import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStore } from './object-store';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Any S3-compatible store (AWS, MinIO, R2...): presigned PUTs for the browser, the SDK for the rest. */
export class S3Store implements ObjectStore {
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  uploadUrl(_uploadId: string, key: string, expiresAt: Date): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async read(key: string, maxBytes: number): Promise<Buffer | 'too large' | undefined> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })).catch(notFoundAsUndefined);
    if (!head) return undefined;
    if ((head.ContentLength ?? 0) > maxBytes) return 'too large';
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | undefined> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key })).catch(notFoundAsUndefined);
    return object ? { body: object.Body as Readable, size: object.ContentLength ?? 0 } : undefined;
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
  }
}

function notFoundAsUndefined(error: { name?: string; $metadata?: { httpStatusCode?: number } }): undefined {
  if (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404) return undefined;
  throw error;
}
