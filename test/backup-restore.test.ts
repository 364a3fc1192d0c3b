/**
 * The restore drill: a marketplace made through the real services (members, listings with photos, saves,
 * a saved search, messages, a review), backed up by the real make backup script, emptied, brought back by
 * the real make restore script, and served again by new services: every row of every service's tables,
 * every photo's bytes, a member's password and the search are as they were. Its own database and folders,
 * never the developer's local data.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { dropDatabase } from '@vnmarket/shared';
import {
  eventually,
  listingBody,
  registered,
  SERVER_DATABASE_URL,
  startStack,
  uniqueId,
  verifiedPhone,
  type RegisteredUser,
  type Stack,
} from '@vnmarket/testkit';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const PHOTOS = ['pho-1.jpg', 'apartment-1.jpg', 'banhmi-1.jpg'];

/** Rows per table of every service's schema (and knex's migration records), as `schema.table`. */
async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const { table_schema: schema, table_name: table } of tables) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`);
      counts[`${schema}.${table}`] = Number(rows[0]!.count);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The browser's photo flow through the gateway: an upload URL, the bytes, then the stored image's path. */
async function uploadPhoto(stack: Stack, seller: RegisteredUser, file: string): Promise<string> {
  const { uploadURL } = (await seller.client.post('/api/objects/upload')).body as { uploadURL: string };
  const bytes = readFileSync(path.join(root, 'tools/demo/photos', file));
  const put = await fetch(new URL(uploadURL, `${stack.gatewayUrl}/`), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.ok).toBe(true);
  const image = await seller.client.request('PUT', '/api/listing-images', { json: { imageURL: uploadURL } });
  expect(image.status).toBe(200);
  return (image.body as { objectPath: string }).objectPath;
}

async function photoBytes(gatewayUrl: string, photos: string[]): Promise<{ status: number; bytes: string }[]> {
  return Promise.all(
    photos.map(async (photo) => {
      const response = await fetch(`${gatewayUrl}${photo}`);
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()).toString('base64') };
    }),
  );
}

async function searchIds(stack: Stack, text: string): Promise<string[]> {
  const page = (await fetch(`${stack.gatewayUrl}/api/listings?search=${encodeURIComponent(text)}&limit=100`).then((response) => response.json())) as {
    id: string;
  }[];
  return page.map((listing) => listing.id).sort();
}

/** make backup or make restore's script, on the drill's places, never the local product's. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(tsx, [path.join(root, `scripts/${name}.ts`), ...args], { cwd: root, env: { ...process.env, ...env } });
}

describe('the restore drill (make backup, make reset, make restore)', () => {
  const places = mkdtempSync(path.join(tmpdir(), 'vnm-drill-'));
  const photosDir = path.join(places, 'objects');
  const restoredDatabase = (() => {
    const url = new URL(SERVER_DATABASE_URL);
    url.pathname = `/t_${uniqueId('restored')}`;
    return url.toString();
  })();
  let stack: Stack | undefined;
  let restoredStack: Stack | undefined;

  afterAll(async () => {
    await stack?.stop();
    await restoredStack?.stop();
    await dropDatabase(restoredDatabase);
    rmSync(places, { recursive: true, force: true });
  });

  it('brings back every row, photo, password and search result', async () => {
    stack = await startStack('backup-drill', { overrides: { media: { MEDIA_ROOT: photosDir } } });
    const [seller, buyer, neighbour] = [await registered(stack), await registered(stack), await registered(stack)];
    const photos: string[] = [];
    const listings: string[] = [];
    for (const [index, file] of PHOTOS.entries()) {
      const photo = await uploadPhoto(stack, seller, file);
      photos.push(photo);
      const created = await seller.client.post('/api/listings', listingBody({ title: `Phở bò drill ${index}`, images: [photo] }));
      expect(created.status).toBe(201);
      listings.push(created.body.id);
    }
    expect((await buyer.client.post(`/api/listings/${listings[0]}/save`)).status).toBeLessThan(300);
    expect((await neighbour.client.post(`/api/listings/${listings[1]}/save`)).status).toBeLessThan(300);
    expect((await buyer.client.post('/api/saved-searches', { name: 'Phở', filters: { search: 'phở' } })).status).toBe(201);
    await eventually(async () => expect(await stack!.messaging.infrastructure.db('users').whereIn('id', [seller.user.id, buyer.user.id])).toHaveLength(2));
    expect((await buyer.client.post('/api/messages', { receiverId: seller.user.id, listingId: listings[0], content: 'Còn không anh?' })).status).toBe(201);
    expect((await seller.client.post('/api/messages', { receiverId: buyer.user.id, content: 'Còn em' })).status).toBe(201);
    await verifiedPhone(stack.auth, buyer);
    await eventually(async () => expect((await buyer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 5, comment: 'Ngon' })).status).toBe(201));
    const searched = await eventually(async () => {
      const ids = await searchIds(stack!, 'Phở bò drill');
      expect(ids).toEqual([...listings].sort());
      return ids;
    });
    // Events between the services have landed (each read copy of the members, the review's notification).
    await eventually(async () => expect((await seller.client.get('/api/notifications')).body.notifications.length).toBeGreaterThan(0));

    const databaseUrl = stack.environment.database.url;
    // The counts once the services are quiet (an event's consumers and the outbox relays done): the same twice, a second apart.
    const before = await eventually(async () => {
      const first = await rowCounts(databaseUrl);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await rowCounts(databaseUrl)).toEqual(first);
      return first;
    }, 20_000);
    const photosBefore = await photoBytes(stack.gatewayUrl, photos);
    expect(photosBefore.map((photo) => photo.status)).toEqual(photos.map(() => 200));
    const drill = { VAR_DIR: places, MEDIA_ROOT: photosDir, BACKUP_DIR: path.join(places, 'backups') };

    const backup = await script('backup', [], { ...drill, DATABASE_URL: databaseUrl });
    const file = backup.stdout.trim().split('\n').at(-1)!;
    expect(file).toMatch(/vnmarket-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/);

    // While its gateway answers, the marketplace is running: no restore.
    const gatewayPort = new URL(stack.gatewayUrl).port;
    await expect(script('restore', [file], { ...drill, DATABASE_URL: restoredDatabase, GATEWAY_PORT: gatewayPort })).rejects.toMatchObject({
      stderr: expect.stringContaining(`something is serving on the gateway's port ${gatewayPort}`),
    });

    // Nor while make start's pid file names a live process (this one stands in for it).
    writeFileSync(path.join(places, 'start.pid'), `${process.pid}\n`);
    await expect(script('restore', [file], { ...drill, DATABASE_URL: restoredDatabase, GATEWAY_PORT: '1' })).rejects.toMatchObject({
      stderr: expect.stringContaining(`make start is running (pid ${process.pid}`),
    });
    rmSync(path.join(places, 'start.pid'));

    // Emptied, as make reset does: the database, Redis keys and queues with the stack, then the photos.
    await stack.stop();
    stack = undefined;
    rmSync(photosDir, { recursive: true, force: true });

    const restored = await script('restore', [file], { ...drill, DATABASE_URL: restoredDatabase, GATEWAY_PORT: '1' });
    expect(restored.stdout).toContain(`the database and ${photos.length * 2} photo files`);
    const after = await rowCounts(restoredDatabase);
    expect(after).toEqual(before);
    // A second restore over the first would mix two marketplaces: refused.
    await expect(script('restore', [file], { ...drill, DATABASE_URL: restoredDatabase, GATEWAY_PORT: '1' })).rejects.toMatchObject({
      stderr: expect.stringContaining('run make reset first, or pass REPLACE=1'),
    });

    const onRestored = { DATABASE_URL: restoredDatabase };
    restoredStack = await startStack('backup-drill-restored', {
      overrides: { auth: onRestored, listings: onRestored, messaging: onRestored, verification: onRestored, media: { ...onRestored, MEDIA_ROOT: photosDir } },
    });
    expect(await photoBytes(restoredStack.gatewayUrl, photos)).toEqual(photosBefore);
    const signIn = await restoredStack.client().post('/api/login', { identifier: seller.phone, password: seller.password });
    expect(signIn.status).toBe(200);
    expect(await searchIds(restoredStack, 'Phở bò drill')).toEqual(searched);
    expect((await restoredStack.client().get(`/api/users/${seller.user.id}/reviews`)).body).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Ngon', reviewerId: buyer.user.id }),
    ]);

    const nonEmpty = Object.entries(after).filter(([, count]) => count > 0);
    console.log(
      `restore drill: ${backup.stdout.split('\n')[0]}; ${restored.stdout.trim()}\n` +
        `${Object.keys(after).length} tables, ${nonEmpty.length} with rows, each the same after the restore:\n` +
        nonEmpty.map(([table, count]) => `  ${table.padEnd(40)} ${count}`).join('\n'),
    );
  }, 120_000);
});
