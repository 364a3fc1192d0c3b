/**
 * make backup and make restore (scripts/backup.ts, scripts/restore.ts), apart so the restore drill can
 * run them on data of its own. One archive holds everything the local product keeps: the whole database
 * (one pg_dump: every service's schema in one snapshot), the photos of the local object store and the
 * signing keys (sessions and push subscriptions stay valid after a restore).
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureDatabase } from '@vnmarket/shared';
import { isListening } from './local';

const run = promisify(execFile);
const ARCHIVE_FORMAT = 'vnmarket-backup/1';
const MAX_OUTPUT = 64 * 1024 * 1024;

/** Where the local product keeps its data. */
export interface LocalStore {
  databaseUrl: string;
  /** The local object store (media's MEDIA_ROOT): the photos. */
  photosDir: string;
  /** Session signing and web push keys. */
  keysDir: string;
}

interface Manifest {
  format: string;
  createdAt: string;
  database: string;
  serverVersion: string;
  photos: number;
}

/** The server's major version, and the path of a pg_dump/pg_restore of that same major version. */
async function clientTool(databaseUrl: string, tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 10_000 });
  await client.connect();
  const major = Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10_000);
  await client.end();
  // Debian keeps each installed major version apart; pg_wrapper's pg_dump on PATH picks the newest.
  const candidates = [`/usr/lib/postgresql/${major}/bin/${tool}`, tool];
  for (const candidate of candidates) {
    if (candidate.startsWith('/') && !existsSync(candidate)) continue;
    const version = await run(candidate, ['--version']).then(
      ({ stdout }) => /\s(\d+)(\.\d+)?/.exec(stdout)?.[1],
      () => undefined,
    );
    if (version === String(major)) return candidate;
  }
  throw new Error(
    `no ${tool} of PostgreSQL ${major}, the server's version: install Debian's postgresql-client-${major} (apt-get install -y postgresql-client-${major})`,
  );
}

function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Files under a folder (0 when it is missing). */
function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) files += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return files;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export interface BackupResult {
  file: string;
  bytes: number;
  photos: number;
  seconds: number;
}

/**
 * Writes `<backupsDir>/vnmarket-<UTC time>.tar`: manifest.json, database.dump (pg_dump's custom format of
 * the whole database, one snapshot), photos/ and keys/. The dump comes first, then the photos: every photo
 * a row of the snapshot names was already stored (only one deleted in between could be missing).
 */
export async function createBackup(store: LocalStore, backupsDir: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const pgDump = await clientTool(store.databaseUrl, 'pg_dump');
  mkdirSync(backupsDir, { recursive: true });
  const staging = mkdtempSync(path.join(backupsDir, '.staging-'));
  try {
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, 'database.dump')}`, store.databaseUrl], {
      maxBuffer: MAX_OUTPUT,
    });
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    await client.end();
    const members = ['manifest.json', 'database.dump'];
    // Linked in and archived through the links (tar -h): the store is read in place, never copied twice.
    for (const [name, dir] of [
      ['photos', store.photosDir],
      ['keys', store.keysDir],
    ] as const) {
      if (!existsSync(dir)) continue;
      symlinkSync(path.resolve(dir), path.join(staging, name));
      members.push(name);
    }
    const photos = countFiles(store.photosDir);
    const manifest: Manifest = { format: ARCHIVE_FORMAT, createdAt: now.toISOString(), database: databaseName(store.databaseUrl), serverVersion, photos };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(backupsDir, `vnmarket-${stamp(now)}.tar`);
    // Written under a temporary name, then renamed: a half-written archive never looks like a backup.
    const partial = `${file}.partial`;
    await run('tar', ['--create', '--dereference', `--file=${partial}`, `--directory=${staging}`, ...members], { maxBuffer: MAX_OUTPUT });
    chmodSync(partial, 0o600); // the keys are inside
    await run('mv', [partial, file]);
    return { file, bytes: statSync(file).size, photos, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Why the local product counts as running (its gateway answers, or make start's pid file names a live process), or undefined. */
export async function productRunning(gatewayPort: number, pidFile: string): Promise<string | undefined> {
  if (await isListening('127.0.0.1', gatewayPort, 500)) return `something is serving on the gateway's port ${gatewayPort}`;
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
        return `make start is running (pid ${pid}, ${pidFile})`;
      } catch {
        /* a pid file left by a killed make start */
      }
    }
  }
  return undefined;
}

/** Tables in the database outside PostgreSQL's own schemas; 0 when the database does not exist. */
async function tablesIn(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  const exists = ((await admin.query('select 1 from pg_database where datname = $1', [databaseName(databaseUrl)])).rowCount ?? 0) > 0;
  await admin.end();
  if (!exists) return 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  photos: number;
  seconds: number;
}

/**
 * Brings an archive of createBackup back: the database (created when missing), the photos and the keys.
 * Refuses a database with tables or a photo folder with files in it, unless `replace` (then both are
 * emptied first): a restore never mixes two marketplaces.
 */
export async function restoreBackup(file: string, store: LocalStore, { replace = false } = {}): Promise<RestoreResult> {
  const started = performance.now();
  if (!existsSync(file)) throw new Error(`no such backup: ${file}`);
  const { stdout } = await run('tar', ['--extract', '--to-stdout', `--file=${file}`, 'manifest.json']).catch(() => ({ stdout: '' }));
  const manifest = (() => {
    try {
      return JSON.parse(stdout) as Manifest;
    } catch {
      return undefined;
    }
  })();
  if (manifest?.format !== ARCHIVE_FORMAT) throw new Error(`${file} is not a make backup archive (no ${ARCHIVE_FORMAT} manifest)`);

  const tables = await tablesIn(store.databaseUrl);
  const photosThere = countFiles(store.photosDir);
  if (!replace && (tables > 0 || photosThere > 0)) {
    throw new Error(
      `the database ${databaseName(store.databaseUrl)} has ${tables} tables and ${store.photosDir} has ${photosThere} files: run make reset first, or pass REPLACE=1 to replace them`,
    );
  }
  const pgRestore = await clientTool(store.databaseUrl, 'pg_restore');
  if (tables > 0) {
    const admin = new pg.Client({ connectionString: adminUrl(store.databaseUrl) });
    await admin.connect();
    await admin.query(`drop database if exists ${pg.escapeIdentifier(databaseName(store.databaseUrl))} with (force)`);
    await admin.end();
  }
  await ensureDatabase(store.databaseUrl);

  const staging = mkdtempSync(path.join(path.dirname(path.resolve(file)), '.restoring-'));
  try {
    await run('tar', ['--extract', `--file=${file}`, `--directory=${staging}`], { maxBuffer: MAX_OUTPUT });
    // One transaction: a restore that fails leaves the database as empty as it found it.
    await run(
      pgRestore,
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${store.databaseUrl}`, path.join(staging, 'database.dump')],
      {
        maxBuffer: MAX_OUTPUT,
      },
    );
    for (const [name, dir] of [
      ['photos', store.photosDir],
      ['keys', store.keysDir],
    ] as const) {
      if (!existsSync(path.join(staging, name))) continue;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
      await run('mv', [path.join(staging, name), path.resolve(dir)]);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { manifest, photos: countFiles(store.photosDir), seconds: (performance.now() - started) / 1000 };
}
