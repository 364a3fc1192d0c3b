import { readFileSync } from 'node:fs';
import { MEANINGS, REFERENCE_FILE, renderReference, variables } from '../scripts/config-reference';

describe('the configuration reference (docs/configuration.md)', () => {
  it('documents every variable any config schema reads', () => {
    const undocumented = variables()
      .map((variable) => variable.name)
      .filter((name) => !MEANINGS[name]);
    expect(undocumented).toEqual([]);
  });

  it('has no meaning left for a variable no schema reads any more', () => {
    const read = new Set(variables().map((variable) => variable.name));
    expect(Object.keys(MEANINGS).filter((name) => !read.has(name))).toEqual([]);
  });

  it('is up to date with the schemas (regenerate: tsx scripts/config-reference.ts)', () => {
    expect(readFileSync(REFERENCE_FILE, 'utf8')).toBe(renderReference());
  });
});
