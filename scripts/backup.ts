/**
 * make backup: one archive of everything the local product keeps (the whole database in one snapshot,
 * the photos, the signing keys) under var/backups/; prints its path and how long it took. The product may
 * run meanwhile (pg_dump reads one snapshot); stop make start first for a copy with no photo in flight.
 */
import path from 'node:path';
import { createBackup } from './lib/backup';
import { localPlaces, megabytes } from './lib/backup-cli';

async function main(): Promise<void> {
  const places = localPlaces();
  const backup = await createBackup(places.store, places.backupsDir);
  console.log(`backup: ${megabytes(backup.bytes)}, the database and ${backup.photos} photo files, in ${backup.seconds.toFixed(1)} s`);
  const relative = path.relative(process.cwd(), backup.file);
  console.log(relative.startsWith('..') ? backup.file : relative);
}

main().catch((error: unknown) => {
  console.error(`backup: ${(error as Error).message}`);
  process.exit(1);
});
