import type { SWRConfiguration } from 'swr';
import { fetchJson } from './api';

/** Spec section 9: reads never retry, never refetch on focus or reconnect, never go stale, never poll by default. */
export const swrConfig: SWRConfiguration = {
  fetcher: fetchJson,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  dedupingInterval: 0,
};

/** Spec section 9: the unread badge polls every 10 s while signed in. */
export const UNREAD_POLL_MS = 10_000;
