import { ConcurrencyGate, HttpError } from '@vnmarket/shared';
import { eventually } from '@vnmarket/testkit/core';

it('runs at most `limit` tasks at once, queues a few, and refuses the rest at once with 503 + Retry-After', async () => {
  const gate = new ConcurrencyGate(2, 1, 'Busy');
  let running = 0;
  let peak = 0;
  const releases: Array<() => void> = [];
  const task = () =>
    gate.run(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    });
  const admitted = [task(), task(), task()];
  const refused = await task().catch((error: HttpError) => error);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(503);
  expect((refused as HttpError).headers['Retry-After']).toBe('2');
  // Two tasks have started (each holds a release); the third admitted one waits its turn.
  await eventually(async () => expect(releases.length).toBeGreaterThanOrEqual(2));
  expect(peak).toBe(2);
  // Release the tasks one at a time, each as soon as it has started: the queued one starts when a slot frees.
  for (let finished = 0; finished < admitted.length; finished += 1) {
    await eventually(async () => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  }
  await Promise.all(admitted);
  expect(peak).toBe(2);
});
