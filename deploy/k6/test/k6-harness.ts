/**
 * Runs the k6 scripts without k6 (which cannot be installed on these machines): each script is loaded as the
 * ES module it is, with node:vm (needs --experimental-vm-modules, which the test command sets), in a fresh
 * context standing for one k6 VU, its relative imports (./lib/*.js) resolved as k6 resolves them and its
 * k6/* imports linked to small stand-ins that record what the script does. HTTP answers come from a
 * function the test gives, the WebSocket from a fake server the test drives. This proves the scripts'
 * own logic (options, setup, sockets, summary); it does not prove k6 runs them (see deploy/k6/README.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

export interface FakeRequest {
  method: string;
  url: string;
  path: string;
  body: any;
  headers: Record<string, string>;
  name?: string;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Set-Cookie as the k6 response's `cookies` map shows it. */
  cookies?: Record<string, string>;
  /** A string body goes out as it is (with this content type), anything else as JSON. */
  contentType?: string;
}

export type HttpHandler = (request: FakeRequest) => FakeAnswer;

interface Sample {
  value: number;
  tags: Record<string, string>;
}

/** A socket as the fake server sees it. */
export class FakeSocket {
  readonly sent: any[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((event: any) => void)[]>();

  constructor(
    readonly url: string,
    readonly headers: Record<string, string>,
    private readonly server: FakeWebSocketServer,
  ) {}

  addEventListener(type: string, listener: (event: any) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** The script sends a frame. */
  send(data: string) {
    const frame = JSON.parse(data);
    this.sent.push(frame);
    this.server.onFrame(this, frame);
  }

  /** The script closes. */
  close() {
    this.serverClose();
  }

  /** The server pushes a frame (delivered on a later turn of the event loop, as from a network). */
  push(frame: unknown) {
    setImmediate(() => {
      if (!this.closed) this.emit('message', { data: JSON.stringify(frame) });
    });
  }

  serverClose() {
    if (this.closed) return;
    this.closed = true;
    setImmediate(() => this.emit('close', {}));
  }

  emit(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Accepts every socket, answers `authenticate` with `authenticated` (unless told not to). */
export class FakeWebSocketServer {
  readonly sockets: FakeSocket[] = [];
  refuse = false;

  connect(url: string, headers: Record<string, string>): FakeSocket {
    const socket = new FakeSocket(url, headers, this);
    this.sockets.push(socket);
    setImmediate(() => {
      if (this.refuse) {
        socket.emit('error', { error: 'websocket: bad handshake' });
        socket.serverClose();
      } else {
        socket.emit('open', {});
      }
    });
    return socket;
  }

  onFrame(socket: FakeSocket, frame: any) {
    if (frame.type === 'authenticate') socket.push({ type: 'authenticated', userId: frame.userId });
  }
}

export interface Vu {
  /** The script's exports (options, setup, handleSummary, scenario functions). */
  script: Record<string, any>;
  requests: FakeRequest[];
  checks: { name: string; ok: boolean }[];
  samples: (metric: string) => Sample[];
  logs: { level: string; text: string }[];
  sleeps: number[];
  /** k6/execution's state, as the test sets it. */
  execution: { vu: { idInTest: number }; scenario: { name: string; startTime: number; iterationInTest: number } };
}

export interface LoadOptions {
  env?: Record<string, string>;
  http?: HttpHandler;
  sockets?: FakeWebSocketServer;
}

const K6_DIR = path.resolve(__dirname, '..');

/** Loads deploy/k6/<name> as one VU; throws what k6 would print if the init code throws. */
export async function loadScript(name: string, options: LoadOptions = {}): Promise<Vu> {
  if (typeof vm.SourceTextModule !== 'function') throw new Error('node:vm modules need --experimental-vm-modules (NODE_OPTIONS)');
  const requests: FakeRequest[] = [];
  const checks: Vu['checks'] = [];
  const metrics = new Map<string, Sample[]>();
  const logs: Vu['logs'] = [];
  const sleeps: number[] = [];
  const execution: Vu['execution'] = { vu: { idInTest: 1 }, scenario: { name: 'default', startTime: Date.now(), iterationInTest: 0 } };
  const handler: HttpHandler = options.http ?? (() => ({ status: 404, body: { message: 'Not found' } }));
  const server = options.sockets ?? new FakeWebSocketServer();

  const record = (metric: string, value: number, tags: Record<string, string> = {}) => {
    metrics.set(metric, [...(metrics.get(metric) ?? []), { value: Number(value), tags }]);
  };

  function request(method: string, url: string, body: unknown, params: any = {}) {
    const parsed = new URL(url);
    const fake: FakeRequest = {
      method,
      url,
      path: parsed.pathname + parsed.search,
      body: typeof body === 'string' && body.length > 0 ? JSON.parse(body) : body,
      headers: { ...(params.headers ?? {}) },
      name: params.tags?.name,
    };
    requests.push(fake);
    const answer = handler(fake);
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    record('http_reqs', 1, params.tags ?? {});
    return {
      status: answer.status,
      body: text,
      headers: { 'Content-Type': answer.contentType ?? 'application/json' },
      request: { url },
      cookies: Object.fromEntries(Object.entries(answer.cookies ?? {}).map(([key, value]) => [key, [{ name: key, value }]])),
      json(selector?: string) {
        const value = JSON.parse(text);
        return selector ? selector.split('.').reduce((inner, key) => inner?.[key], value) : value;
      },
    };
  }

  const http = {
    request,
    get: (url: string, params?: unknown) => request('GET', url, null, params),
    post: (url: string, body: unknown, params?: unknown) => request('POST', url, body, params),
    del: (url: string, body: unknown, params?: unknown) => request('DELETE', url, body, params),
    batch: (list: [string, string, unknown, unknown][]) => list.map(([method, url, body, params]) => request(method, url, body, params)),
    asyncRequest: (method: string, url: string, body: unknown, params?: unknown) => Promise.resolve().then(() => request(method, url, body, params)),
    expectedStatuses: (...statuses: number[]) => ({ expectedStatuses: statuses }),
    cookieJar: () => ({ set: () => undefined, clear: () => undefined }),
  };
  const k6 = {
    check(value: unknown, sets: Record<string, (value: unknown) => boolean>) {
      let all = true;
      for (const [name, test] of Object.entries(sets)) {
        const ok = Boolean(test(value));
        checks.push({ name, ok });
        all &&= ok;
      }
      return all;
    },
    fail(message: string) {
      throw new Error(message);
    },
    group: (_name: string, run: () => unknown) => run(),
    sleep: (seconds: number) => {
      sleeps.push(seconds);
    },
  };
  const metricClass = () =>
    class {
      constructor(readonly name: string) {}
      add(value: number | boolean, tags?: Record<string, string>) {
        record(this.name, Number(value), tags);
      }
    };
  const standIns: Record<string, Record<string, unknown>> = {
    'k6/http': { default: http },
    k6: k6,
    'k6/execution': { default: execution },
    'k6/metrics': { Counter: metricClass(), Rate: metricClass(), Trend: metricClass(), Gauge: metricClass() },
    'k6/timers': { setTimeout, clearTimeout, setInterval, clearInterval },
    'k6/websockets': {
      WebSocket: function WebSocket(url: string, _protocols: unknown, params: { headers?: Record<string, string> } = {}) {
        return server.connect(url, params.headers ?? {});
      },
    },
  };

  const context = vm.createContext({
    __ENV: { ...(options.env ?? {}) },
    __VU: 1,
    open: (file: string) => readFileSync(path.resolve(K6_DIR, file), 'utf8'),
    console: {
      log: (...parts: unknown[]) => logs.push({ level: 'log', text: parts.join(' ') }),
      warn: (...parts: unknown[]) => logs.push({ level: 'warn', text: parts.join(' ') }),
      error: (...parts: unknown[]) => logs.push({ level: 'error', text: parts.join(' ') }),
    },
  });
  const modules = new Map<string, vm.Module>();
  const sourceModule = (file: string) => {
    let module = modules.get(file);
    if (!module) {
      module = new vm.SourceTextModule(readFileSync(file, 'utf8'), { identifier: file, context });
      modules.set(file, module);
    }
    return module;
  };
  const linker = (specifier: string, referencing: vm.Module): vm.Module => {
    const exports = standIns[specifier];
    if (exports) {
      return new vm.SyntheticModule(
        Object.keys(exports),
        function (this: vm.SyntheticModule) {
          for (const [key, value] of Object.entries(exports)) this.setExport(key, value);
        },
        { context, identifier: specifier },
      );
    }
    if (!specifier.startsWith('.')) throw new Error(`${referencing.identifier} imports ${specifier}, which this harness does not stand in for`);
    return sourceModule(path.resolve(path.dirname(referencing.identifier), specifier));
  };
  const root = sourceModule(path.join(K6_DIR, name));
  await root.link(linker);
  await root.evaluate();
  return {
    script: root.namespace as Record<string, any>,
    requests,
    checks,
    samples: (metric) => metrics.get(metric) ?? [],
    logs,
    sleeps,
    execution,
  };
}

/** An auth service as the scripts see it: accounts by phone, sign-in, sign-up, and optional limits. */
export class FakeAuth {
  readonly accounts = new Map<string, { id: string; password: string }>();
  registrations = 0;
  /** Sign-ups answered 201 before the next one gets 429. */
  signUpAllowance = Infinity;

  handle = (request: FakeRequest): FakeAnswer | undefined => {
    if (request.method === 'POST' && request.path === '/api/login') {
      const account = this.accounts.get(request.body.identifier);
      if (!account || account.password !== request.body.password) return { status: 401, body: { message: 'Invalid credentials' } };
      return { status: 200, body: { id: account.id }, cookies: { vnm_session: `session-of-${account.id}` } };
    }
    if (request.method === 'POST' && request.path === '/api/register') {
      if (this.registrations >= this.signUpAllowance) {
        return { status: 429, body: { message: 'Too many accounts created from this network. Please try again later.', code: 'rate_limited' } };
      }
      this.registrations += 1;
      const id = `user-${this.accounts.size + 1}`;
      this.accounts.set(request.body.phone, { id, password: request.body.password });
      return { status: 201, body: { id }, cookies: { vnm_session: `session-of-${id}` } };
    }
    return undefined;
  };
}
