/**
 * Photo upload flow: POST /api/objects/upload says where the file goes (our own signed
 * PUT endpoint, or a presigned S3 POST form whose policy bounds the size), the file is sent straight
 * there (XMLHttpRequest, for progress events), then PUT /api/listing-images turns the upload into a
 * stored image.
 */
import { t } from '@lingui/core/macro';
import { type ListingImageBody, listingImageResponse, type ListingImageResponse, uploadUrlResponse, type UploadUrlResponse } from '@vnmarket/proto/media';
import { apiRequest, isUnauthorizedError } from './api';
import { localizeServerText, serverText } from './server-messages';

export class UploadError extends Error {
  /** The toast's words: "Failed to get upload URL", or "Failed to process uploaded images" (in the active language). */
  readonly toast: string;
  constructor(toast: string, detail?: string) {
    super(detail ?? toast);
    this.name = 'UploadError';
    this.toast = toast;
  }
}

function sendWithProgress(target: UploadUrlResponse, file: File, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadURL);
    let body: Blob | FormData = file;
    if (target.method === 'POST') {
      // S3 reads the policy fields first and the file last.
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields ?? {})) form.append(name, value);
      form.append('Content-Type', file.type || 'application/octet-stream');
      form.append('file', file);
      body = form;
    } else {
      xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    }
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve();
      } else {
        reject(new UploadError(t`Failed to process uploaded images`, messageOf(xhr.responseText) ?? `${xhr.status}: ${xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new UploadError(t`Failed to process uploaded images`, t`The upload was interrupted`));
    xhr.send(body);
  });
}

function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? localizeServerText(parsed.message) : undefined;
  } catch {
    return undefined;
  }
}

/** Uploads one photo; `onProgress` gets the bytes sent so far. 401s come back as the API error itself. */
export async function uploadPhoto(file: File, purpose: ListingImageBody['purpose'], onProgress: (loaded: number) => void): Promise<ListingImageResponse> {
  let target: UploadUrlResponse;
  try {
    const response = await apiRequest('POST', '/api/objects/upload');
    target = uploadUrlResponse.parse(await response.json());
  } catch (error) {
    if (isUnauthorizedError(error)) throw error;
    throw new UploadError(t`Failed to get upload URL`);
  }
  await sendWithProgress(target, file, onProgress);
  try {
    const body: ListingImageBody = { imageURL: target.imageURL ?? target.uploadURL, purpose };
    const response = await apiRequest('PUT', '/api/listing-images', body);
    return listingImageResponse.parse(await response.json());
  } catch (error) {
    if (isUnauthorizedError(error)) throw error;
    throw new UploadError(t`Failed to process uploaded images`, serverText(error));
  }
}
