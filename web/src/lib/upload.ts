/**
 * Photo upload flow (spec section 7): POST /api/objects/upload gives an upload URL (our own signed
 * endpoint, or a presigned S3 URL), the file is PUT straight to it (XMLHttpRequest, for progress
 * events), then PUT /api/listing-images turns the upload into a stored image.
 */
import { listingImageResponse, uploadUrlResponse, type ListingImageBody, type ListingImageResponse } from '@vnmarket/proto';
import { ApiError, apiRequest, isUnauthorizedError } from './api';

export class UploadError extends Error {
  /** Spec section 8 wording for the toast ("Failed to get upload URL", "Failed to process uploaded images"). */
  readonly toast: string;
  constructor(toast: string, detail?: string) {
    super(detail ?? toast);
    this.name = 'UploadError';
    this.toast = toast;
  }
}

function putWithProgress(url: string, file: File, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve();
      } else {
        reject(new UploadError('Failed to process uploaded images', messageOf(xhr.responseText) ?? `${xhr.status}: ${xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new UploadError('Failed to process uploaded images', 'The upload was interrupted'));
    xhr.send(file);
  });
}

function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** Uploads one photo; `onProgress` gets the bytes sent so far. 401s come back as the API error itself. */
export async function uploadPhoto(file: File, purpose: ListingImageBody['purpose'], onProgress: (loaded: number) => void): Promise<ListingImageResponse> {
  let uploadURL: string;
  try {
    const response = await apiRequest('POST', '/api/objects/upload');
    uploadURL = uploadUrlResponse.parse(await response.json()).uploadURL;
  } catch (error) {
    if (isUnauthorizedError(error)) throw error;
    throw new UploadError('Failed to get upload URL');
  }
  await putWithProgress(uploadURL, file, onProgress);
  try {
    const body: ListingImageBody = { imageURL: uploadURL, purpose };
    const response = await apiRequest('PUT', '/api/listing-images', body);
    return listingImageResponse.parse(await response.json());
  } catch (error) {
    if (isUnauthorizedError(error)) throw error;
    throw new UploadError('Failed to process uploaded images', error instanceof ApiError ? error.serverMessage : undefined);
  }
}
