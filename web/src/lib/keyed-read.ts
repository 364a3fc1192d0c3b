import type { ContractSource } from './api';
import { useParsed } from './queries';

/**
 * The hook that reads one thing by its id (a member's profile, a seller's reviews): its SWR key from the id,
 * its answer parsed with `schema`, and nothing fetched while the id is not known yet.
 */
export function keyedRead<T>(key: (id: string) => string, schema: ContractSource<T>) {
  return function useKeyedRead(id: string | undefined) {
    return useParsed(id ? key(id) : null, schema);
  };
}
