import { loadConfigOrExit, migrateService } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { AUTH_SCHEMA, authConfigSchema } from './config';

const config = loadConfigOrExit(authConfigSchema, 'auth');
migrateService(config.DATABASE_URL, AUTH_SCHEMA, migrations)
  .then((applied) => {
    process.stdout.write(`auth: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}\n`);
  })
  .catch((error) => {
    process.stderr.write(`auth: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
