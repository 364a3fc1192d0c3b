import type { DomainEvent, EventEnvelope, EventType } from '@vnmarket/proto';
import type { Knex } from '../db';
import type { BroadcastSubscription, Subscription } from './event-bus';
import { idempotentHandler } from './outbox';

/** What a consumer does, per event type: the map's keys are the types its queue binds (results are ignored). */
export type EventHandlers<Args extends unknown[] = []> = {
  [T in EventType]?: (...args: [...Args, EventEnvelope<T>]) => unknown;
};

/** The types a handler map binds, and one function that sends each event to its handler. */
function dispatcher<Args extends unknown[]>(handlers: EventHandlers<Args>) {
  const eventTypes = Object.keys(handlers) as EventType[];
  const dispatch = async (args: Args, event: DomainEvent): Promise<void> => {
    const handler = handlers[event.type] as ((...all: [...Args, DomainEvent]) => unknown) | undefined;
    if (handler) await handler(...args, event);
  };
  return { eventTypes, dispatch };
}

/** Which events of a type have work to do; the others are acknowledged without a transaction (see eventSubscription). */
export type EventsWithWork = {
  [T in EventType]?: (event: EventEnvelope<T>) => boolean | Promise<boolean>;
};

/**
 * A service's queue consumer from a map of event type to handler. Each event is applied once: its id is
 * recorded in the handler's own transaction (idempotentHandler), so a redelivery changes nothing.
 * `withWork` tells, before any transaction, which events of a frequent type the handler would do nothing
 * for (a message about no listing, say): those end there, with no transaction and no processed_events row.
 */
export function eventSubscription(
  db: Knex,
  queue: string,
  handlers: EventHandlers<[Knex.Transaction]>,
  options: Pick<Subscription, 'maxRetries' | 'retryDelayMs' | 'prefetch'> & { withWork?: EventsWithWork } = {},
): Subscription {
  const { withWork, ...subscriptionOptions } = options;
  const { eventTypes, dispatch } = dispatcher(handlers);
  const handle = idempotentHandler(db, (trx, event) => dispatch([trx], event));
  const hasWork = (event: DomainEvent) => (withWork?.[event.type] as ((event: DomainEvent) => boolean | Promise<boolean>) | undefined)?.(event) ?? true;
  return {
    queue,
    eventTypes,
    ...subscriptionOptions,
    handle: withWork
      ? async (event) => {
          if (await hasWork(event)) await handle(event);
        }
      : handle,
  };
}

/** A broadcast consumer (every replica gets every event) from a map of event type to handler. */
export function broadcastSubscription(handlers: EventHandlers): BroadcastSubscription {
  const { eventTypes, dispatch } = dispatcher(handlers);
  return { eventTypes, handle: (event) => dispatch([], event) };
}
