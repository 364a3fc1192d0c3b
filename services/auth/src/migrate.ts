import { migrateMain } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { AUTH_SCHEMA, authConfigSchema } from './config';

migrateMain({ name: 'auth', schema: AUTH_SCHEMA, configSchema: authConfigSchema, migrations });
