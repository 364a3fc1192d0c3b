import { dcg, mean, ndcgAtK, precisionAtK } from './metrics';

describe('precisionAtK', () => {
  const judgments = { a: 3, b: 2, c: 1, d: 1 };

  it('judges a query on its top k, k = min(10, relevant listings)', () => {
    // 4 relevant listings: the top 4 count; x is unjudged.
    expect(precisionAtK(['a', 'x', 'b', 'c', 'd'], judgments)).toBe(3 / 4);
    expect(precisionAtK(['d', 'c', 'b', 'a', 'x'], judgments)).toBe(1);
    expect(precisionAtK(['x', 'y'], judgments)).toBe(0);
  });

  it('caps k at the cutoff', () => {
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, index) => [`k${index}`, 1]));
    const returned = [...Array.from({ length: 8 }, (_, index) => `k${index}`), 'x', 'y', 'k8'];
    expect(precisionAtK(returned, many)).toBe(8 / 10);
  });

  it('counts a short answer against k', () => {
    expect(precisionAtK(['a'], judgments)).toBe(1 / 4);
  });

  it('ignores grade 0 judgments', () => {
    expect(precisionAtK(['z', 'a'], { a: 3, z: 0 })).toBe(0);
  });

  it('scores a query that should find nothing 1 for an empty answer, else 0', () => {
    expect(precisionAtK([], {})).toBe(1);
    expect(precisionAtK(['a'], {})).toBe(0);
  });
});

describe('ndcgAtK', () => {
  it('computes DCG with gain 2^grade − 1 and a log2 discount', () => {
    // 7/log2(2) + 3/log2(3) + 1/log2(4)
    expect(dcg([3, 2, 1])).toBeCloseTo(7 + 3 / Math.log2(3) + 0.5, 10);
    expect(dcg([])).toBe(0);
  });

  it('is 1 for the ideal order and less for any other', () => {
    const judgments = { a: 3, b: 2, c: 1 };
    expect(ndcgAtK(['a', 'b', 'c'], judgments)).toBeCloseTo(1, 10);
    // Reversed: (1 + 3/log2(3) + 7/2) / (7 + 3/log2(3) + 1/2) = 6.3928 / 9.3928
    expect(ndcgAtK(['c', 'b', 'a'], judgments)).toBeCloseTo(0.68061, 4);
  });

  it('counts unjudged answers as 0 and judges against the ideal of all judged listings', () => {
    // Only b found, at rank 2: (3/log2(3)) / (7 + 3/log2(3) + 1/2) = 1.8928 / 9.3928
    expect(ndcgAtK(['x', 'b'], { a: 3, b: 2, c: 1 })).toBeCloseTo(0.20152, 4);
  });

  it('looks at the top 10 only, and the ideal at the 10 best grades', () => {
    const judgments = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`k${index}`, 2]));
    const keys = Object.keys(judgments);
    expect(ndcgAtK(keys, judgments)).toBeCloseTo(1, 10);
    expect(ndcgAtK(['x', ...keys], judgments)).toBeLessThan(1);
  });

  it('scores a query that should find nothing 1 for an empty answer, else 0', () => {
    expect(ndcgAtK([], {})).toBe(1);
    expect(ndcgAtK(['a'], {})).toBe(0);
  });
});

it('mean averages, and is 0 over nothing', () => {
  expect(mean([1, 0.5, 0])).toBe(0.5);
  expect(mean([])).toBe(0);
});
