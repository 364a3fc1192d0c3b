/**
 * One epoch-milliseconds clock with sub-millisecond resolution, comparable with PostgreSQL's now() (same
 * machine, same system clock). Re-aligned to Date.now() at the start of every phase, so the monotonic
 * clock cannot drift away from the wall clock during a run.
 */
import { performance } from 'node:perf_hooks';

let clockOffset = Date.now() - performance.now();

export function alignClock(): void {
  const start = Date.now();
  let now = start;
  while (now === start) now = Date.now(); // the instant a millisecond begins
  clockOffset = now - performance.now();
}

export const epochNow = () => clockOffset + performance.now();
