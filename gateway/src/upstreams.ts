/**
 * The replicas of one service. In Kubernetes each service is one URL (its Service balances); locally
 * and in the fault suite a comma-separated list of replicas is balanced here. A replica that refuses a
 * connection, or reports not ready (draining before a restart), gets no new requests until it answers
 * ready again.
 */
export interface Replica {
  url: string;
  /** No new requests before this time (ms since the epoch). */
  avoidUntil: number;
}

export class UpstreamPool {
  readonly replicas: Replica[];
  private next = 0;
  private timer?: NodeJS.Timeout;

  constructor(urls: string[]) {
    this.replicas = urls.map((url) => ({ url, avoidUntil: 0 }));
  }

  /** Round robin over the replicas in service, or over all of them when none is. */
  pick(except?: string): string {
    const now = Date.now();
    const usable = this.replicas.filter((replica) => replica.avoidUntil <= now && replica.url !== except);
    const choices = usable.length > 0 ? usable : this.replicas.filter((replica) => replica.url !== except);
    const pool = choices.length > 0 ? choices : this.replicas;
    this.next = (this.next + 1) % pool.length;
    return pool[this.next]!.url;
  }

  /** Whether another replica could take a request that this one refused. */
  hasAlternative(url: string): boolean {
    return this.replicas.some((replica) => replica.url !== url);
  }

  avoid(url: string, forMs: number): void {
    const replica = this.replicas.find((candidate) => candidate.url === url);
    if (replica) replica.avoidUntil = Math.max(replica.avoidUntil, Date.now() + forMs);
  }

  /** Polls each replica's /readyz when there is more than one to choose from. */
  startHealthChecks(intervalMs: number, timeoutMs: number): void {
    if (this.replicas.length < 2) return;
    const check = async (replica: Replica) => {
      try {
        const response = await fetch(new URL('/readyz', replica.url), { signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        replica.avoidUntil = response.ok ? 0 : Date.now() + intervalMs * 2;
      } catch {
        replica.avoidUntil = Date.now() + intervalMs * 2;
      }
    };
    this.timer = setInterval(() => void Promise.all(this.replicas.map(check)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
