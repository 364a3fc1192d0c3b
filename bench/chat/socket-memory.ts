/** Memory per socket: each process's VmRSS before and after its sockets are opened, and the table of it. */
import { sleep } from '../lib/settings';
import { type Child } from '../lib/processes';
import { procStatusKb } from '../lib/proc';
import { fmt, printTable } from '../lib/tables';

/** VmRSS in KiB: the median of 3 readings 300 ms apart (one reading can catch a GC in the middle). */
export async function settledRssKb(pid: number | undefined): Promise<number | undefined> {
  const readings: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const kb = procStatusKb(pid, 'VmRSS');
    if (kb !== undefined) readings.push(kb);
    if (i < 2) await sleep(300);
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)];
}

export interface SocketMemory {
  name: string;
  child: Child | undefined;
  /** VmRSS in KiB before and after its sockets were opened. */
  before: number | undefined;
  after: number | undefined;
  sockets: number;
}

function memoryRow({ name, child, before, after, sockets }: SocketMemory): string[] {
  const perSocket = before !== undefined && after !== undefined && sockets > 0 ? (after - before) / sockets : undefined;
  const mib = (kb: number | undefined) => fmt(kb === undefined ? undefined : kb / 1024, 1);
  return [
    name,
    mib(before),
    mib(after),
    String(sockets),
    fmt(perSocket, 1),
    mib(procStatusKb(child?.process.pid, 'VmRSS')),
    mib(procStatusKb(child?.process.pid, 'VmHWM')),
  ];
}

/** The memory table: per process, RSS before and after its sockets, KiB per socket, now and at its peak. */
export function printMemoryTable(rows: SocketMemory[]): void {
  console.log('');
  printTable(['memory (VmRSS, MiB)', 'before sockets', 'after sockets', 'sockets', 'KiB/socket', 'after load', 'peak (VmHWM)'], rows.map(memoryRow));
  console.log(
    '  KiB/socket = (after − before) / sockets on that process: one authenticated, idle socket (ws objects, buffers, the TCP socket in Node); the\n' +
      '  kernel socket buffers are not in the process RSS. GC timing moves RSS by a few MiB, so read it as an order of magnitude.',
  );
}
