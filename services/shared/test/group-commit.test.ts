import { GroupCommit } from '@vnmarket/shared';

/** A writer that records each batch it is given; `refuse` items fail any batch they are in. */
function recordingWriter(refuse: (item: number) => boolean = () => false, failure = () => new Error('refused')) {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (items.some(refuse)) throw failure();
    return items.map((item) => item * 10);
  };
  return { batches, write };
}

it('writes what is submitted in one turn as one batch, and what arrives while it is in flight as the next', async () => {
  const { batches, write } = recordingWriter();
  const commits = new GroupCommit(write, { maxInFlight: 1 });
  const first = [1, 2, 3].map((item) => commits.submit(item));
  await new Promise((resolve) => setImmediate(resolve));
  const later = [4, 5].map((item) => commits.submit(item));
  expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
  expect(batches).toEqual([
    [1, 2, 3],
    [4, 5],
  ]);
});

it('an item refused in a batch fails alone: the others are written again one by one', async () => {
  const { batches, write } = recordingWriter((item) => item === 2);
  const commits = new GroupCommit(write);
  const outcomes = await Promise.allSettled([1, 2, 3].map((item) => commits.submit(item)));
  expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused'))).toEqual([10, 'refused', 30]);
  expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
});

it('an infrastructure failure fails the whole batch at once, without trying each item', async () => {
  const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const { batches, write } = recordingWriter(() => true, unreachable);
  const commits = new GroupCommit(write);
  const outcomes = await Promise.allSettled([1, 2].map((item) => commits.submit(item)));
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  expect(batches).toEqual([[1, 2]]);
});

it('no more batches in flight than maxBatch and maxInFlight allow', async () => {
  const { batches, write } = recordingWriter();
  const commits = new GroupCommit(write, { maxInFlight: 1, maxBatch: 2 });
  expect(await Promise.all([1, 2, 3, 4, 5].map((item) => commits.submit(item)))).toEqual([10, 20, 30, 40, 50]);
  expect(batches).toEqual([[1, 2], [3, 4], [5]]);
});
