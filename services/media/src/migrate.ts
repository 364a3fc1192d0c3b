import { migrateMain } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { MEDIA_SCHEMA, mediaConfigSchema } from './config';

migrateMain({ name: 'media', schema: MEDIA_SCHEMA, configSchema: mediaConfigSchema, migrations });
