/** Figures and tables as the benchmarks print them, and the goal rows that `make bench` (all.ts) gathers into one table. */
import { appendFileSync } from 'node:fs';
import type { Measurement } from './load';

export const fmt = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
/**
 * A ratio beside its target, to 2 places; to 3 where 2 would round it onto the target, and then a miss is
 * rounded down, so that a figure short of its target never reads as it (0.848 is no 0.85, 0.9496 no 0.950).
 */
export function ratioFigure(ratio: number, target: number): string {
  if (fmt(ratio, 2) !== fmt(target, 2)) return fmt(ratio, 2);
  return ratio < target ? (Math.floor(ratio * 1000) / 1000).toFixed(3) : fmt(ratio, 3);
}

/** The figures every table starts with: req/s, p50, p95, p99, max (ms), requests. */
export const MEASUREMENT_HEADER = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'];
export const measurementCells = (row: Measurement): string[] => [
  fmt(row.requestsPerSecond, 0),
  fmt(row.p50, 2),
  fmt(row.p95, 2),
  fmt(row.p99, 2),
  fmt(row.max, 2),
  String(row.requests),
];

/** A plain text table: first column left-aligned, the others right-aligned. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const render = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n  ${render(header)}`);
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(`  ${render(line)}`);
}

/** One figure beside its goal and the baseline it is judged against, measured in the same run. */
export interface GoalRow {
  /** Which goal, e.g. "1 browse", "2 gateway", "3 search", "4 chat", "5 first page". */
  goal: string;
  /** What was measured, e.g. "GET /api/listings?limit=20 via gateway, req/s". */
  measure: string;
  /** The figure, formatted with its unit. */
  figure: string;
  /** The goal as text, e.g. "≥ 0.5 × /livez" or "p95 ≤ 50 ms". */
  target: string;
  /** The baseline beside it (direct, nginx, before), formatted, or "–". */
  baseline: string;
  /** Whether the figure meets the goal; undefined for a row that is context only. */
  met?: boolean;
}

const GOAL_HEADER = ['goal', 'measure', 'figure', 'target', 'baseline (same run)', 'met'];
const goalCells = (row: GoalRow): string[] => [
  row.goal,
  row.measure,
  row.figure,
  row.target,
  row.baseline,
  row.met === undefined ? '' : row.met ? 'yes' : 'NO',
];

/**
 * Prints a benchmark's goal rows, and appends them as JSON lines to BENCH_RESULTS_FILE when that is set
 * (how all.ts collects every benchmark's rows into one table).
 */
export function reportGoals(rows: GoalRow[]): void {
  printTable(GOAL_HEADER, rows.map(goalCells));
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

export function printGoalTable(rows: GoalRow[]): void {
  printTable(GOAL_HEADER, rows.map(goalCells));
}
