import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRedis } from '@vnmarket/shared';
import { REDIS_URL, uniqueId } from '@vnmarket/testkit/core';

const runFile = promisify(execFile);

it('sends the commands issued in one tick in one socket write (auto-pipelining), each with its own answer', async () => {
  const redis = createRedis(REDIS_URL, `${uniqueId('redis-test')}:`);
  try {
    await redis.set('a', '1');
    await redis.set('b', '2');
    const stream = (redis as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream;
    const write = stream.write.bind(stream);
    let writes = 0;
    stream.write = (...args: unknown[]) => {
      writes += 1;
      return write(...args);
    };
    // As when a group commit answers many sends at once and each publishes its push.
    const answers = await Promise.all([redis.get('a'), redis.get('b'), redis.get('missing'), redis.incr('counter'), redis.publish('nobody-listens', 'x')]);
    expect(answers).toEqual(['1', '2', null, 1, 0]);
    expect(writes).toBe(1);
    await redis.del('a', 'b', 'counter');
  } finally {
    redis.disconnect();
  }
});

// A settled auto-pipeline kept its commands, and once promoted to the old generation it kept later commands'
// objects alive through every young GC, so a busy process promoted much of what it allocated and paused long at
// each young GC (releaseSettledPipelines).
it('pipelines answered long ago do not keep later commands alive: young GCs promote little', async () => {
  const probe = path.join(__dirname, 'pipeline-gc-probe.ts');
  const { stdout } = await runFile(process.execPath, ['--import', 'tsx', probe, REDIS_URL, `${uniqueId('redis-gc')}:`], { timeout: 30_000 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { scavenges: number; promotedShare: number; meanPauseMs: number };
  expect(result.scavenges).toBeGreaterThan(3);
  // Without releaseSettledPipelines the share is about twice this bound.
  expect(result.promotedShare).toBeLessThan(0.08);
}, 40_000);
