import { ConcurrencyGate, HttpError } from '@vnmarket/shared';

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
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(peak).toBe(2);
  while (releases.length > 0 || running > 0) {
    releases.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(admitted);
  expect(peak).toBe(2);
});
