import { eventOutcomes, serviceQueueName } from '@vnmarket/shared';
import type { ServiceName } from './stack';

/** A service's own event queue on its exchange (where its consumers take their events from). */
export const queueOf = (service: ServiceName, running: { config: { EVENTS_EXCHANGE: string } }) => serviceQueueName(running.config.EVENTS_EXCHANGE, service);

/**
 * Events a queue's consumer in this process has handled and acknowledged so far, duplicates included
 * (event_bus_handled_total, outcome ok). Waiting for it to grow is waiting for a delivery to be done,
 * including one that changes nothing, such as a redelivered event.
 */
export async function eventsHandled(queue: string): Promise<number> {
  const { values } = await eventOutcomes.get();
  return values.filter((value) => value.labels.queue === queue && value.labels.outcome === 'ok').reduce((sum, value) => sum + value.value, 0);
}
