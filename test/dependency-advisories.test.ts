import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * `npm audit` needs the registry's audit endpoint, which is not reachable from every machine that runs
 * this suite (scripts/audit.sh runs it where it is). This floor holds either way: every copy of a
 * package with a published high/critical advisory in the lockfile must be at or above its fixed version.
 */
const FIXED_IN: Record<string, string[]> = {
  ws: ['8.17.1', '7.5.10', '6.2.3', '5.2.4'], // CVE-2024-37890, DoS via many headers
  'body-parser': ['2.2.1', '1.20.3'], // CVE-2024-45590 and the 2.2.0 urlencoded DoS
  'http-proxy-middleware': ['3.0.5', '2.0.9'], // CVE-2024-21536, CVE-2025-32996, CVE-2025-32997
  'http-proxy': ['1.18.1'],
  cookie: ['0.7.0'], // CVE-2024-47764
  'path-to-regexp': ['8.0.0', '6.3.0', '3.3.0', '1.9.0', '0.1.12'], // CVE-2024-45296, CVE-2024-52798
  express: ['5.0.0', '4.20.0'], // CVE-2024-43796
  send: ['1.0.0', '0.19.0'],
  'serve-static': ['2.0.0', '1.16.0'],
  jsonwebtoken: ['9.0.0'], // CVE-2022-23529/23539/23540/23541
  braces: ['3.0.3'],
  micromatch: ['4.0.8'],
  'cross-spawn': ['7.0.5', '6.0.6'],
  semver: ['7.5.2', '6.3.1', '5.7.2'],
  'tar-fs': ['3.0.9', '2.1.3'],
  'brace-expansion': ['5.0.0', '4.0.1', '3.0.1', '2.0.2', '1.1.12'],
  'fast-xml-parser': ['4.4.1'],
  axios: ['1.8.2'],
};

const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean }>;
};

// What ships: production dependencies, as `npm audit --omit=dev` sees them. (Dev-only test tools such as
// s3rver, which pins an old fast-xml-parser, run only against localhost in the suite.)
const installed = Object.entries(lock.packages)
  .filter(([location, entry]) => location.includes('node_modules/') && !entry.dev)
  .map(([location, entry]) => ({ name: location.split('node_modules/').pop()!, version: entry.version, location }));

it.each(Object.keys(FIXED_IN))('every installed %s is at or above a fixed release', (name) => {
  const fixes = FIXED_IN[name]!.map((version) => semver.parse(version)!);
  for (const copy of installed.filter((entry) => entry.name === name)) {
    const version = semver.parse(copy.version)!;
    // The fix for this version's own major line (or the next line up).
    const floor = fixes.filter((fix) => fix.major <= version.major).sort(semver.rcompare)[0];
    expect({ location: copy.location, version: copy.version, ok: floor ? semver.gte(version, floor) : false }).toEqual({
      location: copy.location,
      version: copy.version,
      ok: true,
    });
  }
});
