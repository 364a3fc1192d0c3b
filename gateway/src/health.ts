import type { ServiceName } from './routes';

export type UpstreamState = 'ready' | 'not ready' | 'unreachable';

/** Asks every upstream's /readyz at once; the gateway is healthy only when all of them are ready. */
export async function checkUpstreams(upstreams: Record<ServiceName, string>, timeoutMs: number): Promise<Record<ServiceName, UpstreamState>> {
  const entries = await Promise.all(
    (Object.entries(upstreams) as [ServiceName, string][]).map(async ([service, url]): Promise<[ServiceName, UpstreamState]> => {
      try {
        const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        return [service, response.ok ? 'ready' : 'not ready'];
      } catch {
        return [service, 'unreachable'];
      }
    }),
  );
  return Object.fromEntries(entries) as Record<ServiceName, UpstreamState>;
}
