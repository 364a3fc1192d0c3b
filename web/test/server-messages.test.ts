/**
 * web/src/lib/server-messages.ts knows every fixed English text the server can answer with: the field
 * checks of proto's schemas, and the services' and gateway's errors (by their code when the code means
 * one thing, else by their words). A text it does not list would reach a Vietnamese reader in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const TABLE = readFileSync(path.join(ROOT, 'web/src/lib/server-messages.ts'), 'utf8');

/** The keys of one of the table's records (`const NAME: Record<…> = { key: msg`…`, 'a key': msg`…` };`). */
function tableKeys(name: string): Set<string> {
  const body = new RegExp(`const ${name}[^=]*= \\{([\\s\\S]*?)\\n\\};`).exec(TABLE)?.[1];
  if (!body) throw new Error(`server-messages.ts has no ${name} table`);
  const keys = [...body.matchAll(/^\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(\w+)):/gm)].map((match) =>
    (match[1] ?? match[2] ?? match[3]!).replaceAll("\\'", "'"),
  );
  return new Set(keys);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[\\/](test|testing|bin)[\\/]/.test(file));
}

const literal = `'((?:[^'\\\\\\n]|\\\\.)*)'`;

/** Fixed texts of proto's field checks: `error: '…'`, `message: '…'`, and a check's message argument. */
function protoTexts(): string[] {
  const patterns = [
    new RegExp(`\\b(?:error|message): ${literal}`, 'g'),
    new RegExp(`\\.(?:min|max|int|refine|regex|length|email|url)\\([^'\\n)]*?,?\\s*${literal}\\)`, 'g'),
    new RegExp(`\\b(?:idSchema|z\\.email|z\\.url)\\(${literal}`, 'g'),
  ];
  return sourceFiles(path.join(ROOT, 'proto/src')).flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!.replaceAll("\\'", "'")));
  });
}

/** Fixed texts of the services' and gateway's errors, with the code each is answered with. */
function serviceTexts(): { text: string; code: string }[] {
  const helpers: Record<string, string> = { badRequest: 'invalid_request', notFound: 'not_found', unauthorized: 'authentication_required' };
  const found: { text: string; code: string }[] = [];
  for (const dir of ['services', 'gateway/src']) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(new RegExp(`\\b(badRequest|notFound|unauthorized)\\(${literal}`, 'g'))) {
        found.push({ text: match[2]!, code: helpers[match[1]!]! });
      }
      for (const match of code.matchAll(new RegExp(`\\b(?:forbidden|conflict)\\(${literal}(?:,\\s*'(\\w+)')?`, 'g'))) {
        found.push({ text: match[1]!, code: match[2] ?? 'forbidden' });
      }
      for (const match of code.matchAll(new RegExp(`new HttpError\\(\\d+,\\s*${literal},\\s*'(\\w+)'`, 'g'))) {
        found.push({ text: match[1]!, code: match[2]! });
      }
      for (const match of code.matchAll(new RegExp(`\\{\\s*message:\\s*${literal},\\s*code:\\s*'(\\w+)'`, 'g'))) {
        found.push({ text: match[1]!, code: match[2]! });
      }
    }
  }
  return found.map(({ text, code }) => ({ text: text.replaceAll("\\'", "'"), code }));
}

describe('the server’s words in the reader’s language', () => {
  const byText = tableKeys('BY_TEXT');
  const byCode = tableKeys('BY_CODE');

  it('finds texts to check (the patterns still match the sources)', () => {
    expect(protoTexts().length).toBeGreaterThan(40);
    expect(serviceTexts().length).toBeGreaterThan(20);
  });

  it('lists every fixed message of proto’s field checks', () => {
    const missing = [...new Set(protoTexts())].filter((text) => !byText.has(text));
    expect(missing).toEqual([]);
  });

  it('lists every fixed error of the services, by its code or its words', () => {
    const missing = serviceTexts()
      .filter(({ text, code }) => !byCode.has(code) && !byText.has(text))
      .map(({ text, code }) => `${code}: ${text}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
