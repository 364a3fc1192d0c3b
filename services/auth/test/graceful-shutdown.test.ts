import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { migrateService } from '@vnmarket/shared';
import { createTestEnvironment, eventually, REDIS_URL, TestClient, uniquePhone, type TestEnvironment } from '@vnmarket/testkit';
import { migrations } from '../migrations';
import { AUTH_SCHEMA } from '../src/config';

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
let environment: TestEnvironment;
let child: ChildProcess;
let baseUrl: string;
let output = '';

beforeAll(async () => {
  environment = await createTestEnvironment('shutdown');
  await migrateService(environment.env.DATABASE_URL!, AUTH_SCHEMA, migrations);
  // The real service process, with password hashing made slow enough to be "a slow request".
  child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['services/auth/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...environment.env, PORT: '0', LOG_LEVEL: 'info', ARGON2_TIME_COST: '40', ARGON2_MEMORY_KIB: '19456' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`auth did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /"url":"(http:\/\/[^"]+)","msg":"auth listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
});

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await environment.cleanup();
});

it('on SIGTERM finishes the request in flight, refuses new connections, and exits 0', async () => {
  const client = new TestClient(baseUrl);
  const phone = uniquePhone();
  expect((await client.post('/api/register', { firstName: 'An', lastName: 'Lê', phone, password: 'slow-hash-1' })).status).toBe(201);

  let answered = false;
  const slowLogin = new TestClient(baseUrl).post('/api/login', { identifier: phone, password: 'slow-hash-1' });
  void slowLogin.then(() => (answered = true));
  // In the handler: the attempt is counted in Redis just before the (deliberately slow) password hash.
  const redis = new Redis(REDIS_URL);
  try {
    await eventually(async () => expect(await redis.keys(`${environment.env.REDIS_KEY_PREFIX}rl:login-identifier:*`)).toHaveLength(1), 10_000, 10);
  } finally {
    redis.disconnect();
  }
  expect(answered).toBe(false); // still in flight when the signal comes
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');

  const response = await slowLogin;
  expect(response.status).toBe(200);
  expect(response.body.phone).toBe(`+1${phone}`);

  await expect(fetch(`${baseUrl}/livez`)).rejects.toThrow();
  expect(await exited).toBe(0);
  expect(output).toMatch(/shutting down/);
  expect(output).toMatch(/"exitCode":0,"msg":"stopped"/);
});
