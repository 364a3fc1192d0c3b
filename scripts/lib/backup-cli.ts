/** What make backup and make restore read from the environment: the local product's places, as make start lays them out. */
import path from 'node:path';
import { baseConfigSchema } from '@vnmarket/shared';
import type { LocalStore } from './backup';

const root = path.resolve(__dirname, '../..');

export interface LocalPlaces {
  store: LocalStore;
  backupsDir: string;
  gatewayPort: number;
  /** make start's pid file. */
  pidFile: string;
}

/** DATABASE_URL and MEDIA_ROOT as the services read them; VAR_DIR, BACKUP_DIR and GATEWAY_PORT move the rest (the restore drill does). */
export function localPlaces(env: NodeJS.ProcessEnv = process.env): LocalPlaces {
  const { DATABASE_URL } = baseConfigSchema.pick({ DATABASE_URL: true }).parse(env);
  const varDir = path.resolve(root, env.VAR_DIR ?? 'var');
  return {
    store: { databaseUrl: DATABASE_URL, photosDir: path.resolve(root, env.MEDIA_ROOT ?? path.join(varDir, 'objects')), keysDir: path.join(varDir, 'keys') },
    backupsDir: path.resolve(root, env.BACKUP_DIR ?? path.join(varDir, 'backups')),
    gatewayPort: Number(env.GATEWAY_PORT ?? 8080),
    pidFile: path.join(varDir, 'start.pid'),
  };
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
