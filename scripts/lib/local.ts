/** Small helpers shared by the local tooling: make start, the benchmarks and the test setup. */
import { createECDH, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** True when something accepts TCP connections at host:port within the timeout. */
export function isListening(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** Whether the server named by a URL (postgres://, redis://, amqp://, http://) answers. */
export function isUrlReachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return isListening(hostname, Number(port || defaultPort));
}

/** Writes a fresh ES256 pair for session tokens into dir; returns the two file paths. */
export function writeSigningKeys(dir: string): { privateKeyFile: string; publicKeyFile: string } {
  mkdirSync(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKeyFile = path.join(dir, 'jwt-private.pem');
  const publicKeyFile = path.join(dir, 'jwt-public.pem');
  writeFileSync(privateKeyFile, privateKey, { mode: 0o600 });
  writeFileSync(publicKeyFile, publicKey);
  return { privateKeyFile, publicKeyFile };
}

/**
 * Writes a fresh VAPID pair for web push into dir (P-256, base64url: the public key uncompressed, 65 bytes;
 * the private key 32 bytes), as `npx web-push generate-vapid-keys` makes them; returns the two file paths.
 */
export function writeVapidKeys(dir: string): { publicKeyFile: string; privateKeyFile: string } {
  mkdirSync(dir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKeyFile = path.join(dir, 'vapid-public.txt');
  const privateKeyFile = path.join(dir, 'vapid-private.txt');
  // 32 bytes always: a key with leading zero bytes comes back shorter.
  const privateKey = ecdh.getPrivateKey();
  writeFileSync(privateKeyFile, Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'), { mode: 0o600 });
  writeFileSync(publicKeyFile, ecdh.getPublicKey().toString('base64url'));
  return { publicKeyFile, privateKeyFile };
}

/** Calls onLine for every complete, non-blank line a child process writes. */
export function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line);
  });
}
