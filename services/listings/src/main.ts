import { stopTelemetry } from './instrument';
import { serviceMain } from '@vnmarket/shared';
import { createListingsService } from './app';
import { LISTINGS_SCHEMA, listingsConfigSchema } from './config';

serviceMain({ name: 'listings', schema: LISTINGS_SCHEMA, configSchema: listingsConfigSchema, stopTelemetry, create: createListingsService });
