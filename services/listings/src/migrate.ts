import { migrateMain } from '@vnmarket/shared';
import { migrations } from '../migrations';
import { LISTINGS_SCHEMA, listingsConfigSchema } from './config';

migrateMain({ name: 'listings', schema: LISTINGS_SCHEMA, configSchema: listingsConfigSchema, migrations });
