import { migrateMain } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { VERIFICATION_SCHEMA, verificationConfigSchema } from './config';

migrateMain({ name: 'verification', schema: VERIFICATION_SCHEMA, configSchema: verificationConfigSchema, migrations });
