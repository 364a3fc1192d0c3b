/**
 * make restore FILE=var/backups/vnmarket-….tar: brings a make backup archive back into an empty local
 * marketplace (after make reset); the next make start serves it as it was. Refuses while the product runs,
 * and refuses a database with tables or photos already there unless REPLACE=1.
 */
import { restoreBackup, productRunning } from './lib/backup';
import { localPlaces } from './lib/backup-cli';

async function main(): Promise<void> {
  const file = process.argv[2] ?? process.env.FILE;
  if (!file) {
    console.error('usage: make restore FILE=var/backups/vnmarket-<time>.tar [REPLACE=1]');
    process.exit(2);
  }
  const places = localPlaces();
  const running = await productRunning(places.gatewayPort, places.pidFile);
  if (running) {
    console.error(`restore: ${running}; stop make start (Ctrl-C) first`);
    process.exit(1);
  }
  const restored = await restoreBackup(file, places.store, { replace: process.env.REPLACE === '1' });
  console.log(
    `restore: the database and ${restored.photos} photo files of ${restored.manifest.createdAt} are back, in ${restored.seconds.toFixed(1)} s; make start serves them`,
  );
}

main().catch((error: unknown) => {
  console.error(`restore: ${(error as Error).message}`);
  process.exit(1);
});
