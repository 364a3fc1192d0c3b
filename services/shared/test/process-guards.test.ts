import { quietWarnings } from '@vnmarket/shared';

describe('quietWarnings: the warnings Node would not have printed are not logged either', () => {
  const deprecation = Object.assign(new Error('The `util._extend` API is deprecated.'), { name: 'DeprecationWarning', code: 'DEP0060' });
  const experimental = Object.assign(new Error('VM Modules is an experimental feature.'), { name: 'ExperimentalWarning' });

  it('keeps quiet what --disable-warning names, by code or by type, in either form', () => {
    expect(quietWarnings(['--disable-warning=DEP0060'])(deprecation)).toBe(true);
    expect(quietWarnings(['--disable-warning', 'DeprecationWarning'])(deprecation)).toBe(true);
    expect(quietWarnings(['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'])(experimental)).toBe(true);
    expect(quietWarnings(['--disable-warning=ExperimentalWarning'])(deprecation)).toBe(false);
  });

  it('keeps every warning quiet with --no-warnings, and none without flags', () => {
    expect(quietWarnings(['--no-warnings'])(deprecation)).toBe(true);
    expect(quietWarnings([])(deprecation)).toBe(false);
    expect(quietWarnings([''])(experimental)).toBe(false);
  });
});
