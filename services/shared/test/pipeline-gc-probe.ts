/**
 * Run by redis.test.ts in a process of its own (Jest's module sandbox changes what the young GCs find):
 * 20 callers issue auto-pipelined GETs for 3 s, and the probe prints, as JSON, the young GCs' count, the
 * share of what they found that was promoted to the old generation, and their mean pause.
 */
import v8 from 'node:v8';
import { createRedis } from '../src/redis';

interface SpaceUse {
  spaceName: string;
  spaceUsedSize: number;
}

const used = (spaces: SpaceUse[], name: string) => spaces.find((space) => space.spaceName === name)?.spaceUsedSize ?? 0;

async function main(): Promise<void> {
  const [url, keyPrefix] = process.argv.slice(2);
  const redis = createRedis(url!, keyPrefix!);
  await redis.set('key', 'value');
  const caller = (deadline: number) => async () => {
    for (let sent = 0; performance.now() < deadline; sent += 1) {
      await redis.get('key');
      // Other work between commands, as in a service.
      if (sent % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const load = async (ms: number) => {
    const deadline = performance.now() + ms;
    await Promise.all(Array.from({ length: 20 }, () => caller(deadline)()));
  };
  await load(500); // warm-up: the code optimised
  const profiler = new v8.GCProfiler();
  profiler.start();
  await load(3_000);
  const scavenges = (profiler.stop()?.statistics ?? []).filter((gc) => gc.gcType === 'Scavenge');
  let promoted = 0;
  let found = 0;
  for (const { beforeGC, afterGC } of scavenges) {
    const before = beforeGC.heapSpaceStatistics as unknown as SpaceUse[];
    const after = afterGC.heapSpaceStatistics as unknown as SpaceUse[];
    promoted += Math.max(0, used(after, 'old_space') - used(before, 'old_space'));
    found += used(before, 'new_space');
  }
  const meanPauseMs = scavenges.reduce((sum, gc) => sum + gc.cost, 0) / scavenges.length / 1000;
  await redis.del('key');
  redis.disconnect();
  console.log(JSON.stringify({ scavenges: scavenges.length, promotedShare: promoted / found, meanPauseMs }));
}

void main();
