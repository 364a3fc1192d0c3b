import { startTestService, type RunningService, type TestEnvironment } from '@vnmarket/shared/testing';
import { migrations } from '../migrations';
import { createListingsService, type ListingsService } from '../src/app';
import { LISTINGS_SCHEMA, listingsConfigSchema, type ListingsConfig } from '../src/config';

export type RunningListings = RunningService<ListingsConfig, ListingsService>;

export function startListings(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningListings> {
  return startTestService({
    name: 'listings',
    schema: LISTINGS_SCHEMA,
    configSchema: listingsConfigSchema,
    migrations,
    create: createListingsService,
    label,
    environment,
    overrides,
  });
}
