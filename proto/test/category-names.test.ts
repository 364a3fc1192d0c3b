import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, CATEGORY_NAMES } from '../src';

/** The glossary's rows of categories: `| Houses for Rent (`rent`) | Nhà cho thuê | short: Thuê nhà |`. */
function glossaryCategories(): Record<string, { en: string; vi: string; viShort: string }> {
  const glossary = readFileSync(path.resolve(__dirname, '../../docs/glossary.md'), 'utf8');
  const rows = [...glossary.matchAll(/^\| (.+?) \(`(\w+)`\) \| (.+?) \| short: (.+?) \|$/gm)];
  return Object.fromEntries(rows.map(([, en, id, vi, viShort]) => [id!, { en: en!, vi: vi!, viShort: viShort! }]));
}

it('names every category in both languages as docs/glossary.md does', () => {
  const glossary = glossaryCategories();
  expect(Object.keys(glossary).sort()).toEqual([...CATEGORIES].sort());
  for (const category of CATEGORIES) {
    expect([category, CATEGORY_NAMES.en[category].label]).toEqual([category, glossary[category]!.en]);
    expect([category, CATEGORY_NAMES.vi[category]]).toEqual([category, { label: glossary[category]!.vi, short: glossary[category]!.viShort }]);
  }
});
