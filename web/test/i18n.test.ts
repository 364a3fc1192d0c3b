/**
 * The catalogues (web/src/locales) against the source: every message of web/src is in both languages'
 * catalogues and translated into Tiếng Việt with the same placeholders, and the first page's JS (the
 * built app, WEB_DIST or web/dist) uses no message that its catalogue does not hold (the app's catalogue
 * loads only with the first screen that needs it).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORY_NAMES } from '@vnmarket/proto';
import { initialJs } from '../build/initial-js';

const WEB = path.resolve(__dirname, '..');
const LOCALES = path.join(WEB, 'src/locales');
const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(WEB, 'dist');
const PARTS = ['first-page', 'app'] as const;
const LINGUI = path.resolve(WEB, '../node_modules/.bin/lingui');

interface Entry {
  msgid: string;
  msgstr: string;
}

/** A .po file's messages (the catalogue format of web/lingui.config.ts: unfolded strings). */
function readPo(file: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    let field: keyof Entry | undefined;
    const entry: Entry = { msgid: '', msgstr: '' };
    for (const line of block.split('\n')) {
      const start = /^(msgid|msgstr) (".*")$/.exec(line);
      if (start) {
        field = start[1] as keyof Entry;
        entry[field] = JSON.parse(start[2]!) as string;
      } else if (field && line.startsWith('"')) entry[field] += JSON.parse(line) as string;
      else if (line.startsWith('#')) field = undefined;
    }
    if (entry.msgid !== '') entries.push(entry);
  }
  return entries;
}

const catalogue = (locale: string, part: string, root = LOCALES) => readPo(path.join(root, locale, `${part}.po`));

/** Lingui's id of a message without context (@lingui/message-utils' generateMessageId). */
const messageId = (message: string) => createHash('sha256').update(`${message}\u001F`).digest('base64url').slice(0, 6);

/** The placeholders and tags of an ICU message: `{name}`, `{count, plural, …}`'s `count`, `<0>`. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('the catalogues', () => {
  let extracted: string;
  beforeAll(() => {
    extracted = mkdtempSync(path.join(tmpdir(), 'lingui-'));
    execFileSync(LINGUI, ['extract', '--clean'], { cwd: WEB, env: { ...process.env, LINGUI_LOCALES_DIR: extracted }, stdio: 'pipe' });
  }, 60_000);
  afterAll(() => rmSync(extracted, { recursive: true, force: true }));

  it.each(PARTS)('hold every message of the source, in both languages (%s)', (part) => {
    const inSource = catalogue('en', part, extracted)
      .map((entry) => entry.msgid)
      .sort();
    for (const locale of ['en', 'vi']) {
      const held = catalogue(locale, part).map((entry) => entry.msgid);
      // Missing: run `npm run extract -w web`, then translate the new messages in src/locales/vi.
      expect({ locale, part, missing: inSource.filter((id) => !held.includes(id)), unused: held.filter((id) => !inSource.includes(id)) }).toEqual({
        locale,
        part,
        missing: [],
        unused: [],
      });
    }
  });

  it.each(PARTS)('translate every message into Tiếng Việt with the same placeholders (%s)', (part) => {
    const wrong = catalogue('vi', part)
      .filter(({ msgid, msgstr }) => msgstr.trim() === '' || placeholders(msgid).join() !== placeholders(msgstr).join())
      .map(({ msgid, msgstr }) => `${msgid} → ${msgstr || '(untranslated)'}`);
    expect(wrong).toEqual([]);
  });
});

describe('the categories', () => {
  it('are named in Tiếng Việt as the link previews name them (proto’s CATEGORY_NAMES, docs/glossary.md)', () => {
    const vi = new Map(PARTS.flatMap((part) => catalogue('vi', part)).map(({ msgid, msgstr }) => [msgid, msgstr]));
    const names = Object.entries(CATEGORY_NAMES.en).map(([category, { label, short }]) => ({
      category,
      label: vi.get(label),
      short: vi.get(short),
    }));
    expect(names).toEqual(Object.entries(CATEGORY_NAMES.vi).map(([category, { label, short }]) => ({ category, label, short })));
  });
});

describe('the first page', () => {
  beforeAll(() => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} has no index.html: build the web app first`);
  });

  it('uses only messages its own catalogue holds', () => {
    const firstPage = new Set(catalogue('en', 'first-page').map((entry) => messageId(entry.msgid)));
    const appOnly = catalogue('en', 'app').filter((entry) => !firstPage.has(messageId(entry.msgid)));
    const code = initialJs(WEB_DIST)
      .files.map((file) => readFileSync(path.join(WEB_DIST, file.file), 'utf8'))
      .join('\n');
    const used = appOnly.filter((entry) => code.includes(`"${messageId(entry.msgid)}"`)).map((entry) => entry.msgid);
    // A module of the first page left out of FIRST_PAGE_SOURCES (web/lingui.config.ts).
    expect(used).toEqual([]);
  });

  it.each([
    ['index.html', 'en'],
    ['index.vi.html', 'vi'],
  ])('%s is in its language, its first-page messages preloaded', (document, language) => {
    const html = readFileSync(path.join(WEB_DIST, document), 'utf8');
    expect(html).toContain(`<html lang="${language}">`);
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    const messages = preloads.filter((href) => /first-page-[\w-]+\.js$/.test(href));
    expect(messages).toHaveLength(1);
    // The preloaded catalogue holds this language's words: the hero's heading as the prerendered page shows it.
    const heading = /<h1>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(heading).toBe(language === 'vi' ? 'Tìm mọi thứ bạn cần' : 'Find Everything You Need');
    expect(readFileSync(path.join(WEB_DIST, messages[0]!), 'utf8')).toContain(JSON.stringify(heading));
  });
});
