import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * The built app's robots.txt (web/public/robots.txt), its `Sitemap:` lines made absolute with the site's
 * origin: crawlers take only a full URL there, and the build does not know the site's address.
 */
export function robotsTxt(distDir: string, origin: string): RequestHandler {
  const file = path.join(distDir, 'robots.txt');
  return async (_req, res, next) => {
    let rules: string;
    try {
      rules = await readFile(file, 'utf8');
    } catch {
      return next();
    }
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('text/plain; charset=utf-8')
      .send(rules.replace(/^(sitemap:\s*)(\/\S*)\s*$/gim, (_line, field: string, target: string) => `${field}${origin}${target}`));
  };
}
