import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/** The lowest port the test servers pick from: above the well-known and registered ports most daemons use. */
const TEST_PORTS_FROM = 20_000;

/** The first port of the kernel's ephemeral range, from which outgoing connections take their local ports. */
export function ephemeralPortsFrom(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether a server can listen on this port of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port free now for a test's server, picked below the ephemeral range. A port from that range (what
 * listen(0) gives) can be taken by any outgoing connection on the machine — a database pool of another test
 * file, say — between this answer and the server's listen, which then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  if (below > TEST_PORTS_FROM + 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = TEST_PORTS_FROM + randomInt(below - TEST_PORTS_FROM);
      if (await canListen(port)) return port;
    }
  }
  // No room below the range (an unusual kernel setting): any free port.
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
