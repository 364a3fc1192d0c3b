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

let counter = 0;

/** A valid listing body; override any field. */
export function listingBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Phòng cho thuê ${counter}`,
    description: 'Sunny room near Grand Century Mall, utilities included',
    category: 'rent',
    price: '1250',
    priceType: 'monthly',
    location: 'San Jose, CA',
    metadata: { propertyType: 'room', bedrooms: 1, bathrooms: 1 },
    contactPreference: 'message',
    ...overrides,
  };
}
