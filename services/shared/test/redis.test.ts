import { createRedis } from '@vnmarket/shared';
import { REDIS_URL, uniqueId } from '@vnmarket/shared/testing';

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
