/**
 * The one fetch wrapper and the contract boundary. Every call sends cookies, bodies are JSON, and a
 * non-OK answer becomes an ApiError whose text is "STATUS: body" (the status text when the body is
 * empty). Every answer a screen reads is checked against its proto schema here: one that breaks the
 * contract becomes a ContractError naming the request and the fields, never a half-shaped object
 * deep in a component. The schemas (zod) load on demand (`lazyContract`, lib/contracts.ts), so the first
 * page does not carry them: a signed-out visitor's landing page checks nothing with zod before it shows.
 */
import type { ErrorBody } from '@vnmarket/proto/errors';
import type * as contracts from './contracts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The body as the API's JSON error (proto's errorBody), when it is one. */
  readonly error: ErrorBody | undefined;
  constructor(status: number, body: string, error?: ErrorBody) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.error = error;
  }

  /** The server's own words ({"message": ...}), when the body is the API's JSON error. */
  get serverMessage(): string | undefined {
    return this.error?.message;
  }

  /** Per-field messages of a 400 answer. */
  get fieldErrors(): Record<string, string[]> | undefined {
    return this.error?.errors;
  }
}

const errorBodyContract = lazyContract((schemas) => schemas.errorBody);

/** An error answer's body checked against proto's errorBody: undefined when it is not the API's JSON error. */
async function parsedError(body: string): Promise<ErrorBody | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = (await errorBodyContract()).safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** One problem with an answer: where in it (`0.user.id`) and what. */
interface ContractIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the boundary needs of a schema: zod's safeParse (every proto schema is one). */
export interface Contract<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly ContractIssue[] } };
}

/** A contract, or how to load it: lazyContract's loader, so zod is fetched the first time an answer is checked. */
export type ContractSource<T> = Contract<T> | (() => Promise<Contract<T>>);

/** lib/contracts.ts: the chunk that holds zod and proto's schemas (the browser fetches it once). */
export const loadContracts = () => import('./contracts');

/** A schema of lib/contracts.ts, loaded (once) when it is first needed. */
export function lazyContract<T>(pick: (schemas: typeof contracts) => Contract<T>): () => Promise<Contract<T>> {
  let loaded: Promise<Contract<T>> | undefined;
  return () => (loaded ??= loadContracts().then(pick));
}

const resolved = <T>(source: ContractSource<T>): Promise<Contract<T>> | Contract<T> => (typeof source === 'function' ? source() : source);

/** An answer that is not what the contract says: which request, and which fields are wrong. */
class ContractError extends Error {
  readonly request: string;
  readonly issues: readonly ContractIssue[];
  constructor(request: string, issues: readonly ContractIssue[]) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's message (the console), not the reader's
    const shown = issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || '(the body)'}: ${issue.message}`);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's message
    const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : '';
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's message
    super(`The answer to ${request} does not match the contract: ${shown.join('; ')}${more}`);
    this.name = 'ContractError';
    this.request = request;
    this.issues = issues;
  }
}

/** A list of items that each follow `item` (the issues name the item's index). */
export function listOf<T>(item: Contract<T>): Contract<T[]> {
  return {
    safeParse(value) {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a contract issue, for the developer
      if (!Array.isArray(value)) return { success: false, error: { issues: [{ path: [], message: 'Expected a list' }] } };
      const data: T[] = [];
      const issues: ContractIssue[] = [];
      value.forEach((entry: unknown, index) => {
        const parsed = item.safeParse(entry);
        if (parsed.success) data.push(parsed.data);
        else issues.push(...parsed.error.issues.map((issue) => ({ path: [index, ...issue.path], message: issue.message })));
      });
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
    },
  };
}

/** The body of an OK answer, checked against `schema`; `request` ("GET /api/…") names it in the error. */
export async function parseResponse<T>(response: Response, source: ContractSource<T>, request: string): Promise<T> {
  const schema = await resolved(source);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a contract issue, for the developer
    throw reported(new ContractError(request, [{ path: [], message: 'Expected a JSON body' }]));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw reported(new ContractError(request, parsed.error.issues));
  return parsed.data;
}

/** A broken contract is a bug between the app and the API: said in the console too, not only as the screen's error state. */
function reported(error: ContractError): ContractError {
  console.error(error);
  return error;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')) || response.statusText;
  throw new ApiError(response.status, text, await parsedError(text));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A write (or any call with a body): JSON in, the Response out, "STATUS: body" on failure. */
export async function apiRequest(method: Method, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** A call whose answer the caller reads: the body checked against `schema`. */
export async function apiRequestParsed<T>(method: Method, url: string, schema: ContractSource<T>, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return parseResponse(response, schema, `${method} ${url}`);
}

/** GET a JSON document that follows `schema`. */
export function fetchParsed<T>(url: string, schema: ContractSource<T>): Promise<T> {
  return apiRequestParsed('GET', url, schema);
}

/** GET that answers null for 401 instead of failing (the current-user query). */
export async function fetchParsedOrNullWhenSignedOut<T>(url: string, schema: ContractSource<T>): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return parseResponse(response, schema, `GET ${url}`);
}

/** GET a list that answers an empty list for 404 (a conversation without messages yet). */
export async function fetchListOrEmptyWhenMissing<T>(url: string, item: ContractSource<T>): Promise<T[]> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 404) return [];
  await throwIfNotOk(response);
  return parseResponse(response, listOf(await resolved(item)), `GET ${url}`);
}

/** A 401 answer: its error text begins "401:" and mentions Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

/** Builds a query string from filters, leaving out empty values and "all" (the API's "no filter"). */
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
