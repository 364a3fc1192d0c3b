/** Reading pages as robots do: raw answers over HTTP (no JavaScript), their head tags, their sitemaps. */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came (compressed, if they were). */
  raw: Buffer;
  /** The body decoded: what a browser reads. */
  text: string;
}

/** A GET as curl sends it (`Accept: *\/*`, no cookie, no encoding) unless the headers say otherwise. */
export function fetchRaw(base: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(target, base), { headers: { accept: '*/*', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode!, headers: response.headers, raw, text: decoded.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** The content of `<meta property|name="…">` in a page, unescaped; undefined when it has none. */
export function metaContent(html: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)"`).exec(html);
  return match ? unescape(match[1]!) : undefined;
}

export function titleOf(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? unescape(match[1]!) : undefined;
}

/** The page's JSON-LD blocks, parsed. */
export function structuredData(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

const SCHEMAS = path.join(__dirname, '../fixtures/sitemaps');

/** Validates a sitemap (`sitemap.xsd`) or a sitemap index (`siteindex.xsd`) with xmllint; throws xmllint's complaint. */
export function validateSitemap(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd'): void {
  try {
    execFileSync('xmllint', ['--noout', '--schema', path.join(SCHEMAS, schema), '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`${schema}: ${String((error as { stderr?: Buffer }).stderr ?? error)}`, { cause: error });
  }
}

/** The `<loc>`s of a sitemap or sitemap index. */
export function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => unescape(match[1]!.replace(/&apos;/g, "'")));
}

/** A built document of one language: the head the web build writes, and the app's markup (long enough to be worth compressing). */
export function builtDocument(language: 'en' | 'vi', description: string, text: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '  <head>',
    '    <meta charset="UTF-8" />',
    `    <meta name="description" content="${description}" />`,
    '    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    '    <title>Chợ Việt Bay Area</title>',
    '  </head>',
    `  <body><div id="root">${`<p>${text}</p>`.repeat(80)}</div></body>`,
    '</html>',
  ].join('\n');
}
