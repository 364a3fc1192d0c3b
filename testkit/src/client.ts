export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, as a browser or `curl -c -b` would keep it. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string | Buffer; headers?: Record<string, string>; cookies?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookies !== false && this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0\b/i.test(attribute));
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }

  patch<T = any>(path: string, json: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { json, headers });
  }
}
