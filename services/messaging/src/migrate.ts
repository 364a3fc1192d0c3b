import { migrateMain } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { MESSAGING_SCHEMA, messagingConfigSchema } from './config';

migrateMain({ name: 'messaging', schema: MESSAGING_SCHEMA, configSchema: messagingConfigSchema, migrations });
