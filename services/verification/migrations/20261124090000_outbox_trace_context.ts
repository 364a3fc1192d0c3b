import { addOutboxTraceContext, dropOutboxTraceContext, type Knex } from '@vnmarket/shared';

/** Expand only: a nullable column the previous release ignores (docs/observability.md, traces). */
export const up = (db: Knex) => addOutboxTraceContext(db);
export const down = (db: Knex) => dropOutboxTraceContext(db);
