/** CPU time of everything that takes part (our children, PostgreSQL, Redis, RabbitMQ, this process) and of the whole machine. */
import { performance } from 'node:perf_hooks';
import { cpuSecondsOfStat, listPids, machineCpuSeconds, readProcStat } from '../lib/proc';

/** CPU (cores) used by processes outside this benchmark above which the run is flagged as disturbed. */
const OTHER_LOAD_WARNING = 0.25;

const GENERATOR_GROUP = 'load generator (this process)';

/** utime + stime in seconds of one process (all its threads) and its start time, or undefined once it is gone. */
function processCpu(pid: number): { comm: string; seconds: number; startTicks: string } | undefined {
  const stat = readProcStat(pid);
  if (!stat) return undefined;
  const { comm, fields } = stat;
  return { comm, seconds: cpuSecondsOfStat(fields), startTicks: fields[19] ?? '' };
}

export interface CpuSnapshot {
  at: number;
  /** pid → group, CPU seconds so far, start time (tells a reused pid apart). */
  processes: Map<number, { group: string; seconds: number; startTicks: string }>;
  machine: { busy: number; total: number };
}

/** CPU seconds so far per process that counts; which group it counts in: our children by pid, the servers by their command name. */
export function cpuSnapshot(childGroups: Map<number, string>): CpuSnapshot {
  const processes: CpuSnapshot['processes'] = new Map();
  const usage = process.cpuUsage();
  processes.set(process.pid, { group: GENERATOR_GROUP, seconds: (usage.user + usage.system) / 1e6, startTicks: 'self' });
  for (const pid of listPids()) {
    if (pid === process.pid) continue;
    const cpu = processCpu(pid);
    if (!cpu) continue;
    const group =
      childGroups.get(pid) ??
      (cpu.comm === 'postgres'
        ? 'PostgreSQL (all databases)'
        : cpu.comm === 'beam.smp'
          ? 'RabbitMQ'
          : cpu.comm.startsWith('redis-server')
            ? 'Redis'
            : undefined);
    if (group) processes.set(pid, { group, seconds: cpu.seconds, startTicks: cpu.startTicks });
  }
  return { at: performance.now(), processes, machine: machineCpuSeconds() };
}

/** Table rows: cores used per group between two snapshots (2.00 = both cores of a 2-core machine), plus the rest. */
export function cpuRows(before: CpuSnapshot, after: CpuSnapshot): string[][] {
  const seconds = (after.at - before.at) / 1000;
  // Per process: a process that started during the window counts whole; one that ended is missed.
  const byGroup = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    const then = before.processes.get(pid);
    const used = then && then.startTicks === now.startTicks ? now.seconds - then.seconds : now.seconds;
    byGroup.set(now.group, (byGroup.get(now.group) ?? 0) + Math.max(0, used));
  }
  const rows: string[][] = [];
  let listed = 0;
  for (const [group, used] of byGroup) {
    listed += used;
    rows.push([group, (used / seconds).toFixed(2)]);
  }
  const machineBusy = after.machine.busy - before.machine.busy;
  const cores = (after.machine.total - before.machine.total) / seconds;
  const others = Math.max(0, machineBusy - listed) / seconds;
  rows.push([
    `everything else on the machine${others > OTHER_LOAD_WARNING ? '  ← NOT QUIET: other work competed for the cores; rerun when the machine is idle' : ''}`,
    others.toFixed(2),
  ]);
  rows.push(['machine total (busy)', `${(machineBusy / seconds).toFixed(2)} of ${cores.toFixed(1)}`]);
  return rows;
}
