import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { registered, startStack, type RegisteredUser, type Stack, eventually, type TestClient } from '@vnmarket/testkit';
import { incompressiblePng, photoWithGps, pngBomb } from './support';

// Image work and multi-megabyte uploads are slow on a loaded 2-core machine.
jest.setTimeout(30_000);

// Auth's user.deleted takes a user's photos with them.
let stack: Stack<'auth' | 'media'>;
let owner: RegisteredUser;

beforeAll(async () => {
  stack = await startStack('media', { only: ['auth', 'media'] });
  owner = await registered(stack);
});
afterAll(() => stack.stop());

/** The browser's flow: get an upload URL, PUT the file to it, then ask for the image. */
async function upload(client: TestClient, bytes: Buffer, contentType = 'image/jpeg') {
  const slot = await client.post('/api/objects/upload');
  expect(slot.status).toBe(200);
  const put = await fetch(new URL(slot.body.uploadURL, stack.gatewayUrl), {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': contentType, cookie: client.cookieHeader(), origin: 'http://localhost:8080' },
  });
  return { uploadURL: slot.body.uploadURL as string, put };
}

async function toImage(client: TestClient, bytes: Buffer, purpose?: 'listing' | 'profile') {
  const { uploadURL, put } = await upload(client, bytes);
  expect(put.status).toBe(200);
  return { uploadURL, response: await client.request('PUT', '/api/listing-images', { json: { imageURL: uploadURL, ...(purpose ? { purpose } : {}) } }) };
}

describe('local disk', () => {
  it('stores a JPEG as a resized web copy and thumbnail, EXIF and GPS removed, served with caching', async () => {
    const original = await photoWithGps(2400, 1800);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('TestCam');
    const { response } = await toImage(owner.client, original);
    expect(response.status).toBe(200);
    expect(response.body.objectPath).toMatch(new RegExp(`^/objects/images/${owner.user.id}/[0-9a-f-]{36}\\.webp$`));
    expect(response.body.thumbnailPath).toBe(response.body.objectPath.replace('.webp', '-thumb.webp'));

    const served = await fetch(new URL(response.body.objectPath, stack.gatewayUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const web = Buffer.from(await served.arrayBuffer());
    const webMeta = await sharp(web).metadata();
    expect(webMeta.exif).toBeUndefined();
    expect(Math.max(webMeta.width!, webMeta.height!)).toBe(1600);

    const thumb = Buffer.from(await (await fetch(new URL(response.body.thumbnailPath, stack.gatewayUrl))).arrayBuffer());
    const thumbMeta = await sharp(thumb).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 400]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('accepts PNG, WebP and GIF by content, and answers the same path for a repeated request', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f7ad0' } })
        [format]()
        .toBuffer();
      const { uploadURL, response } = await toImage(owner.client, bytes);
      expect(response.status).toBe(200);
      const again = await owner.client.request('PUT', '/api/listing-images', { json: { imageURL: uploadURL } });
      expect(again.body.objectPath).toBe(response.body.objectPath);
    }
  });

  it('refuses a text file named photo.jpg with 400 and deletes it', async () => {
    const { uploadURL, response } = await toImage(owner.client, Buffer.from('just some text pretending to be a photo.jpg\n'.repeat(50)));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
    const id = /upload\/([0-9a-f-]{36})/.exec(uploadURL)![1]!;
    expect(existsSync(path.join(stack.media.config.MEDIA_ROOT, 'uploads', owner.user.id, id))).toBe(false);
  });

  it('refuses an SVG (scriptable) even though it is an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await toImage(owner.client, svg)).response.status).toBe(400);
  });

  it('answers 413 for a 6 MB listing photo, which is fine as a profile photo (10 MB)', async () => {
    const big = await incompressiblePng(6);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const listing = await toImage(owner.client, big);
    expect(listing.response.status).toBe(413);
    expect(listing.response.body.message).toBe('Photos must be 5 MB or smaller');
    const profile = await toImage(owner.client, big, 'profile');
    expect(profile.response.status).toBe(200);
  });

  it('refuses an upload over 10 MB at the upload URL with 413', async () => {
    const { put } = await upload(owner.client, await incompressiblePng(11));
    expect(put.status).toBe(413);
  });

  it('refuses a decompression bomb (50000 x 50000) before decoding it', async () => {
    const { response } = await toImage(owner.client, pngBomb());
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The image dimensions are too large');
  });

  it('only the uploader may use their upload; links are signed and expire', async () => {
    const { uploadURL } = await upload(owner.client, await photoWithGps(100, 100));
    const other = await registered(stack);
    const stolen = await other.client.request('PUT', '/api/listing-images', { json: { imageURL: uploadURL } });
    expect(stolen.status).toBe(403);
    expect((await owner.client.request('PUT', '/api/listing-images', { json: { imageURL: `/api/objects/upload/${randomUUID()}` } })).status).toBe(404);
    expect((await owner.client.request('PUT', '/api/listing-images', { json: { imageURL: 'https://example.com/cat.jpg' } })).status).toBe(400);
    expect((await owner.client.request('PUT', '/api/listing-images', { json: {} })).status).toBe(400);

    const tampered = uploadURL.replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(new URL(tampered, stack.gatewayUrl), { method: 'PUT', body: 'x' })).status).toBe(403);
    const expired = uploadURL.replace(/expires=\d+/, 'expires=1000');
    expect((await fetch(new URL(expired, stack.gatewayUrl), { method: 'PUT', body: 'x' })).status).toBe(403);
  });

  it('needs a session to get an upload URL or an image', async () => {
    expect((await stack.client().post('/api/objects/upload')).status).toBe(401);
    expect((await stack.client().request('PUT', '/api/listing-images', { json: { imageURL: '/api/objects/upload/x' } })).status).toBe(401);
  });

  it('answers 404 for unknown objects', async () => {
    const response = await fetch(new URL(`/objects/images/${randomUUID()}/nothing.webp`, stack.gatewayUrl));
    expect(response.status).toBe(404);
    expect((await fetch(new URL('/objects/../../etc/passwd', stack.gatewayUrl))).status).toBe(404);
  });

  it('deletes a user’s photos when the user is deleted', async () => {
    const leaving = await registered(stack);
    const { response } = await toImage(leaving.client, await photoWithGps(200, 200));
    const file = path.join(stack.media.config.MEDIA_ROOT, response.body.objectPath.replace('/objects/', ''));
    expect(existsSync(file)).toBe(true);
    await leaving.client.request('DELETE', '/api/users/profile', { json: { password: leaving.password } });
    await eventually(async () => expect((await fetch(new URL(response.body.objectPath, stack.gatewayUrl))).status).toBe(404));
    await eventually(async () => expect(existsSync(file)).toBe(false));
  });

  it('sweeps raw uploads that were never turned into images', async () => {
    const { uploadURL } = await upload(owner.client, await photoWithGps(100, 100));
    const id = /upload\/([0-9a-f-]{36})/.exec(uploadURL)![1]!;
    const raw = path.join(stack.media.config.MEDIA_ROOT, 'uploads', owner.user.id, id);
    expect(existsSync(raw)).toBe(true);
    await stack.media.infrastructure
      .db('uploads')
      .where({ id })
      .update({ created_at: new Date(Date.now() - 3 * 3600_000) });
    expect(await stack.media.service.sweepStaleUploads()).toBeGreaterThanOrEqual(1);
    expect(existsSync(raw)).toBe(false);
  });
});
