import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { HttpError } from '@vnmarket/shared';
import type { ObjectStore, UploadTarget } from './object-store';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Any S3-compatible store (AWS, MinIO, R2...). The browser uploads with a presigned POST whose policy
 * fixes the key and bounds the size (content-length-range): a presigned PUT cannot limit the size.
 */
export class S3Store implements ObjectStore {
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  async uploadTarget(_uploadId: string, key: string, expiresAt: Date, maxBytes: number): Promise<UploadTarget> {
    const expires = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, maxBytes]],
      Expires: expires,
    });
    return { uploadURL: url, method: 'POST', fields, imageURL: `${url.replace(/\/$/, '')}/${key}` };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /**
   * HEAD for the size, then GET pinned to that ETag (If-Match: the object cannot be swapped between the
   * check and the read) and to a byte range one past the cap, read with a running count.
   */
  async read(key: string, maxBytes: number): Promise<Buffer | 'too large' | undefined> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })).catch(notFoundAsUndefined);
    if (!head) return undefined;
    if ((head.ContentLength ?? 0) > maxBytes) return 'too large';
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, IfMatch: head.ETag, Range: `bytes=0-${maxBytes}` }))
      .catch((error: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        if (error.name === 'PreconditionFailed' || error.$metadata?.httpStatusCode === 412) {
          throw new HttpError(409, 'The upload changed while it was being checked; please upload the photo again', 'upload_changed');
        }
        throw error;
      });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of object.Body as Readable) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        (object.Body as Readable).destroy();
        return 'too large';
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
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
