import type { ServiceName } from './routes';

export type UpstreamState = 'ready' | 'not ready' | 'unreachable';

async function checkOne(url: string, timeoutMs: number): Promise<UpstreamState> {
  try {
    const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? 'ready' : 'not ready';
  } catch {
    return 'unreachable';
  }
}

/** Asks every upstream's /readyz at once; a service is ready when one of its replicas is. */
export async function checkUpstreams(upstreams: Record<ServiceName, string[]>, timeoutMs: number): Promise<Record<ServiceName, UpstreamState>> {
  const entries = await Promise.all(
    (Object.entries(upstreams) as [ServiceName, string[]][]).map(async ([service, urls]): Promise<[ServiceName, UpstreamState]> => {
      const states = await Promise.all(urls.map((url) => checkOne(url, timeoutMs)));
      return [service, states.includes('ready') ? 'ready' : (states[0] ?? 'unreachable')];
    }),
  );
  return Object.fromEntries(entries) as Record<ServiceName, UpstreamState>;
}
