import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The landing page's initial JS, gzip, at most 100 KB (KiB here: 1 KB = 1024 bytes): the performance goal, and
 * what test/first-page.test.ts holds each language's first page to. Never raise it without a reason.
 */
export const INITIAL_JS_GOAL_BYTES = 100 * 1024;

/** The first page before it was split into chunks: the baseline `make bench` shows beside the figure. */
export const INITIAL_JS_BEFORE = { bytes: 573_798, gzipBytes: 175_880 };

export interface JsFile {
  /** The URL path, e.g. /assets/index-abc123.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  files: JsFile[];
  bytes: number;
  gzipBytes: number;
}

/** Static `import … from "./x.js"` and `export … from "./x.js"` of a built chunk (not `import("./x.js")`, which waits for its use). */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/** The size of one built file, raw and gzip (level 9, what the build's .gz copies are). */
export function jsFileSize(distDir: string, file: string): JsFile {
  const bytes = readFileSync(path.join(distDir, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/**
 * Every JS file a built document (index.html, or a language's: index.vi.html) makes the browser fetch before the app runs: its scripts (module ones
 * and the prerender's classic route guard) and modulepreloads, and everything they import statically. Route chunks loaded with import() are not in it:
 * the landing route ("/") is part of the entry, every other screen is a lazy chunk.
 */
export function initialJs(distDir: string, document = 'index.html'): InitialJs {
  const html = readFileSync(path.join(distDir, document), 'utf8');
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (!file.endsWith('.js') || seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const [, specifier = ''] of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.resolve(path.posix.dirname(file), specifier));
    }
  }
  const files = [...seen].sort().map((file) => jsFileSize(distDir, file));
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
