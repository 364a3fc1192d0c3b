/**
 * Errors that reach clients. Each carries an HTTP status and a stable machine id; the error handler
 * answers `{message, code, errors?}` and never a stack trace.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) => new HttpError(400, message, 'invalid_request', fieldErrors);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message, 'authentication_required');
export const invalidCredentials = () => new HttpError(401, 'Invalid credentials', 'invalid_credentials');
export const forbidden = (message = 'Forbidden', code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code);
export const payloadTooLarge = (message = 'Request body is too large') => new HttpError(413, message, 'payload_too_large');
export const unsupportedMediaType = (message = 'Request body must be JSON') => new HttpError(415, message, 'unsupported_media_type');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'rate_limited', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message = 'Service unavailable', retryAfterSeconds?: number) =>
  new HttpError(503, message, 'unavailable', undefined, retryAfterSeconds ? { 'Retry-After': String(Math.ceil(retryAfterSeconds)) } : undefined);
