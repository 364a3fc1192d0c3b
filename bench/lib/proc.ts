/** /proc: what the benchmarks read about their own and other processes (memory, CPU time, children). */
import { readdirSync, readFileSync } from 'node:fs';

/** A /proc/<pid>/status field in kB (VmRSS: resident now, VmHWM: peak resident), or undefined if unreadable. */
export function procStatusKb(pid: number | undefined, field: string): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /proc/<pid>/stat: the command name and the fields after it (index 0 is the file's field 3, the state;
 * ppid is 1, utime 11, stime 12, starttime 19), or undefined once the process is gone.
 */
export function readProcStat(pid: number): { comm: string; fields: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every mainstream Linux). */
const USER_HZ = 100;

/** utime + stime, in seconds, of one process (readProcStat's fields): all its threads so far. */
export const cpuSecondsOfStat = (fields: string[]): number => (Number(fields[11]) + Number(fields[12])) / USER_HZ;

/** Busy and total CPU seconds of the whole machine (all cores) so far, from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0); // idle + iowait
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / USER_HZ, total: total / USER_HZ };
}

/** The pids of every process on the machine (empty if /proc cannot be read). */
export function listPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids whose parent is `parent` (an nginx master's workers). */
export function childPidsOf(parent: number): number[] {
  // A process gone meanwhile has no stat: it is no child any more.
  return listPids().filter((pid) => Number(readProcStat(pid)?.fields[1]) === parent);
}
