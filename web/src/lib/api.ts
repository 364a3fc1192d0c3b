/**
 * The one fetch wrapper (spec section 7): every call sends cookies, bodies are JSON, and a non-OK answer
 * becomes an error whose text is "STATUS: body" (the status text when the body is empty).
 */
import { errorBody } from '@vnmarket/proto';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own words ({"message": ...}), when the body is the API's JSON error. */
  get serverMessage(): string | undefined {
    return parsedError(this.body)?.message;
  }

  /** Per-field messages of a 400 answer. */
  get fieldErrors(): Record<string, string[]> | undefined {
    return parsedError(this.body)?.errors;
  }
}

function parsedError(body: string) {
  try {
    const parsed = errorBody.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')) || response.statusText;
  throw new ApiError(response.status, text);
}

/** A write (or any call with a body): JSON in, the Response out, "STATUS: body" on failure. */
export async function apiRequest(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** The default SWR fetcher: GET a JSON document. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** GET that answers null for 401 instead of failing (the current-user query). */
export async function fetchJsonOrNullWhenSignedOut<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** GET that answers an empty list for 404 (a conversation without messages yet). */
export async function fetchListOrEmptyWhenMissing<T>(url: string): Promise<T[]> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 404) return [];
  await throwIfNotOk(response);
  return (await response.json()) as T[];
}

/** Spec section 8: an error text that begins "401:" and mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

/** Builds a query string from filters, leaving out empty values and "all" (spec section 5). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text === '' || text === 'all') continue;
    search.set(key, text);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
