import { titleShareBound, TitleWords, type TitleFrequencies } from '../src/search/title-words';
import type { Knex } from '@vnmarket/shared';

const frequencies: TitleFrequencies = {
  of: new Map([
    ['apartment', 0.03],
    ['apt', 0.005],
    ['can', 0.02],
    ['ho', 0.04],
    ['san', 0.18],
    ['jose', 0.15],
    ['ban', 0.6],
    ['nha', 0.5],
  ]),
  floor: 0.0005,
};

describe('titleShareBound', () => {
  it('bounds a word by its share, an unlisted word by the floor, and a prefix by nothing', () => {
    expect(titleShareBound('apartment', frequencies)).toBe(0.03);
    expect(titleShareBound('market', frequencies)).toBe(0.0005);
    expect(titleShareBound('market:*', frequencies)).toBe(1);
  });

  it('takes the sum of alternatives and the rarest side of a phrase or conjunction', () => {
    // "apartment san jose" as buildTextQuery writes its title phrase.
    expect(titleShareBound('(apartment | (can <-> ho) | apt) <-> san <-> jose:*', frequencies)).toBeCloseTo(0.03 + 0.02 + 0.005, 10);
    expect(titleShareBound('stevens <-> creek:*', frequencies)).toBe(0.0005);
    expect(titleShareBound('san & jose', frequencies)).toBe(0.15);
    expect(titleShareBound('(san | jose | ho | can | apartment | apt)', frequencies)).toBeCloseTo(0.425, 10);
    // A share is never above 1.
    expect(titleShareBound('(ban | nha) & san', frequencies)).toBe(0.18);
    expect(titleShareBound('ban | nha', frequencies)).toBe(1);
  });

  it('bounds what it cannot read by 1, so such a search still tries its titles', () => {
    expect(titleShareBound('(apartment', frequencies)).toBe(1);
    expect(titleShareBound('apartment <->', frequencies)).toBe(1);
    expect(titleShareBound('', frequencies)).toBe(1);
  });
});

describe('TitleWords', () => {
  const db = {} as Knex; // never reached: the statistics come from `read`

  it('reads once, serves what it read until refreshMs has passed, then reads again in the background', async () => {
    let clock = 0;
    const reads: number[] = [];
    const words = new TitleWords({
      refreshMs: 1000,
      now: () => clock,
      read: async () => {
        reads.push(clock);
        return { of: new Map([['pho', reads.length / 10]]), floor: 0 };
      },
    });
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
    clock = 999;
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
    expect(reads).toEqual([0]);
    clock = 1000;
    // The older statistics serve while the new ones are read.
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await words.get(db))?.of.get('pho')).toBe(0.2);
    expect(reads).toEqual([0, 1000]);
  });

  it('keeps the statistics it has when a read fails, and tries again on the next search', async () => {
    let fail = false;
    let clock = 0;
    const words = new TitleWords({
      refreshMs: 10,
      now: () => clock,
      read: async () => {
        if (fail) throw new Error('connection lost');
        return { of: new Map([['pho', 0.1]]), floor: 0 };
      },
    });
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
    fail = true;
    clock = 20;
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await words.get(db))?.of.get('pho')).toBe(0.1);
  });

  it('remembers what each search found by its probe, for as long as the statistics are kept', () => {
    let clock = 1_000_000; // lru-cache takes a start time of 0 for none
    const words = new TitleWords({ refreshMs: 1000, now: () => clock, read: async () => undefined });
    expect(words.probeFound('apartment san jose')).toBeUndefined();
    words.rememberProbeFound('apartment san jose', 20);
    words.rememberProbeFound('market', 0);
    clock = 1_000_999;
    expect(words.probeFound('apartment san jose')).toBe(20);
    expect(words.probeFound('market')).toBe(0);
    expect(words.probeFound('apartment san')).toBeUndefined();
    clock = 1_001_001;
    expect(words.probeFound('apartment san jose')).toBeUndefined();
  });

  it('keeps at most maxSearches probes, the least recently used going first, and none without a refresh or when told not to', () => {
    const words = new TitleWords({ refreshMs: Infinity, maxSearches: 2, read: async () => undefined });
    words.rememberProbeFound('pho', 24);
    words.rememberProbeFound('nha', 24);
    expect(words.probeFound('pho')).toBe(24);
    words.rememberProbeFound('ban', 24);
    expect(words.probeFound('nha')).toBeUndefined();
    expect(words.probeFound('pho')).toBe(24);
    for (const never of [
      new TitleWords({ refreshMs: 0, read: async () => undefined }),
      new TitleWords({ refreshMs: 1000, rememberProbes: false, read: async () => undefined }),
    ]) {
      never.rememberProbeFound('pho', 24);
      expect(never.probeFound('pho')).toBeUndefined();
    }
  });
});
