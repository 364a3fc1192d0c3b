import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startStack, type Stack } from '@vnmarket/testkit';
import { seed } from '../seed';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('demo-seed');
  process.env.GATEWAY_URL = stack.gatewayUrl;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const photoStatuses = async () => {
  const listings = (await (await fetch(`${stack.gatewayUrl}/api/listings?limit=100`)).json()) as { title: string; images: string[] }[];
  const photos = listings.flatMap((listing) => listing.images);
  return Promise.all(photos.map(async (photo) => (await fetch(`${stack.gatewayUrl}${photo}`)).status));
};

describe('the demo seed (make start)', () => {
  it('fills an empty marketplace, and gives the demo listings their photos again when the object store lost them', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await seed();
      const seeded = await photoStatuses();
      expect(seeded.length).toBeGreaterThan(0);
      expect(seeded.every((status) => status === 200)).toBe(true);

      // Another checkout's var/objects, or a deleted one: the database stays, the files go.
      const root = path.resolve(stack.media.config.MEDIA_ROOT);
      for (const entry of readdirSync(root)) rmSync(path.join(root, entry), { recursive: true, force: true });
      expect((await photoStatuses()).every((status) => status === 404)).toBe(true);

      await seed();
      const mended = await photoStatuses();
      expect(mended).toHaveLength(seeded.length);
      expect(mended.every((status) => status === 200)).toBe(true);
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining("demo listings' photos were missing from the object store and are uploaded again"));

      // Photos in place: a third run changes nothing.
      await seed();
      expect(log).toHaveBeenLastCalledWith('seed: marketplace already has listings; nothing to do');
    } finally {
      log.mockRestore();
    }
  });
});
