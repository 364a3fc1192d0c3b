#!/usr/bin/env node
/**
 * Sets the key figures of two k6 runs side by side (the JSON files chat.js and browse.js write at the end):
 *
 *   node deploy/k6/compare.mjs before.json after.json
 *
 * One line per figure that is a number in either run: before, after, and the change in percent. Settings
 * that differ are listed first, since a comparison across different settings says little. Plain Node, no
 * dependencies, so it runs wherever the files are.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** {a: {b: 1}} → {'a.b': 1}. */
export function flatten(value, prefix = '', into = {}) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into[prefix] = value;
  }
  return into;
}

const show = (value) => (value === undefined || value === null ? '-' : String(value));

function change(before, after) {
  if (typeof before !== 'number' || typeof after !== 'number') return '';
  if (before === after) return '0%';
  if (before === 0) return 'new';
  const percent = ((after - before) / Math.abs(before)) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** The comparison as text lines. */
export function compare(before, after) {
  const a = flatten(before);
  const b = flatten(after);
  const lines = [];
  if (a.script !== b.script) lines.push(`note: different scripts (${show(a.script)} vs ${show(b.script)})`);
  const settings = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => key.startsWith('settings.') && a[key] !== b[key]);
  for (const key of settings) lines.push(`setting ${key.slice('settings.'.length)}: ${show(a[key])} → ${show(b[key])}`);
  if (a['thresholds.passed'] !== b['thresholds.passed']) lines.push(`thresholds passed: ${show(a['thresholds.passed'])} → ${show(b['thresholds.passed'])}`);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => (typeof a[key] === 'number' || typeof b[key] === 'number') && !key.startsWith('settings.'),
  );
  const rows = keys.map((key) => [key, show(a[key]), show(b[key]), change(a[key], b[key])]);
  const header = ['figure', 'before', 'after', 'change'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  lines.push(line(header), ...rows.map(line));
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('usage: node deploy/k6/compare.mjs before.json after.json');
    process.exit(2);
  }
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  console.log(compare(read(beforeFile), read(afterFile)).join('\n'));
}
