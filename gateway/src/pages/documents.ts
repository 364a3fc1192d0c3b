import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGE_DOCUMENTS, type Language } from '@vnmarket/proto';

/** A built document, cut where a page's head tags go (in place of its own <title> and description). */
export interface DocumentTemplate {
  /** Changes whenever the file does: what is made of it is kept under it. */
  version: string;
  before: string;
  after: string;
  /** The whole page with `headTags` in its head. */
  withHead(headTags: string): string;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const HEAD_END = /<\/head>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * A document's text cut for its head tags: its <title> and description out, the tags in the title's place
 * (or at the end of its head; after the doctype in a document without a head, where the parser puts them in one).
 */
export function cutDocument(html: string): { before: string; after: string } {
  const text = html.replace(DESCRIPTION, '');
  const title = TITLE.exec(text);
  if (title) return { before: text.slice(0, title.index), after: text.slice(title.index + title[0].length) };
  const at = HEAD_END.exec(text)?.index ?? DOCTYPE.exec(text)?.[0].length ?? 0;
  return { before: text.slice(0, at), after: text.slice(at) };
}

interface Loaded {
  checked: number;
  stamp: string | undefined;
  template: DocumentTemplate | undefined;
}

/** How often a document's file is looked at again: a new build is served without a restart. */
const RECHECK_MS = 1000;

/**
 * The built web app's documents (LANGUAGE_DOCUMENTS: index.html in English, index.vi.html in Tiếng Việt),
 * read once and again when their file changes.
 */
export class WebDocuments {
  private readonly loaded = new Map<string, Loaded>();

  constructor(
    private readonly distDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The document of `language`, or index.html when the build made none for it; undefined before a build. */
  get(language: Language): DocumentTemplate | undefined {
    return this.load(LANGUAGE_DOCUMENTS[language]) ?? this.load(LANGUAGE_DOCUMENTS[DEFAULT_LANGUAGE]);
  }

  private load(name: string): DocumentTemplate | undefined {
    const file = path.join(this.distDir, name);
    const now = this.now();
    const known = this.loaded.get(file);
    if (known && now - known.checked < RECHECK_MS) return known.template;
    let stamp: string | undefined;
    try {
      const stat = statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      stamp = undefined;
    }
    if (known && known.stamp === stamp) {
      known.checked = now;
      return known.template;
    }
    let template: DocumentTemplate | undefined;
    if (stamp !== undefined) {
      try {
        const { before, after } = cutDocument(readFileSync(file, 'utf8'));
        template = { version: `${name}:${stamp}`, before, after, withHead: (headTags) => `${before}${headTags}${after}` };
      } catch {
        template = undefined;
      }
    }
    this.loaded.set(file, { checked: now, stamp, template });
    return template;
  }
}
