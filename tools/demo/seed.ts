/**
 * Demo data for a fresh marketplace (tools/demo/demo-data.json), loaded the way a person would: through
 * the gateway's HTTP API. Registers the demo sellers (or signs them in when they already exist) and posts
 * their listings across every category, in Vietnamese and English, around the Bay Area, with photos from
 * tools/demo/photos/ uploaded through the media flow. When the marketplace already has listings it only
 * gives demo listings back photos the object store no longer has, so `make start` can run it every time.
 * Not part of any service image.
 *
 *   GATEWAY_URL=http://127.0.0.1:8080 tsx tools/demo/seed.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CATEGORIES, type Category } from '@vnmarket/proto';

const DEMO_FILE = path.join(__dirname, 'demo-data.json');
const PHOTO_DIR = path.join(__dirname, 'photos');
const REQUEST_TIMEOUT_MS = 15_000;

/** The demo file: sellers, and listings as POST /api/listings bodies naming their seller by index. Event
 * dates are days from today (eventInDays), so the demo events stay upcoming. */
const demoFileSchema = z.object({
  password: z.string().min(8),
  sellers: z.array(z.object({ firstName: z.string(), lastName: z.string(), phone: z.string() })).min(1),
  listings: z.array(
    z
      .object({
        seller: z.number().int().min(0),
        category: z.enum(CATEGORIES),
        title: z.string(),
        photos: z.array(z.string()).default([]),
        eventInDays: z.number().int().optional(),
      })
      .catchall(z.unknown()),
  ),
});
type DemoFile = z.infer<typeof demoFileSchema>;
type DemoSeller = DemoFile['sellers'][number];

const demo: DemoFile = demoFileSchema.parse(JSON.parse(readFileSync(DEMO_FILE, 'utf8')));
export const DEMO_PASSWORD = demo.password;
export const DEMO_SELLERS: readonly DemoSeller[] = demo.sellers;

/** Read at each call, so a test or script can point the seed at a gateway it started (GATEWAY_URL). */
const gatewayUrl = () => (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
class SeedError extends Error {}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function call(
  method: 'GET' | 'POST' | 'PUT',
  urlPath: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(`${gatewayUrl()}${urlPath}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SeedError(`cannot reach the gateway at ${gatewayUrl()} (${(error as Error).message}); is the product running (make start)?`);
  }
  const json = await response.json().catch(() => undefined);
  return { status: response.status, json, headers: response.headers };
}

const describe = (answer: { status: number; json: unknown }) => `HTTP ${answer.status} ${JSON.stringify(answer.json) ?? ''}`;

function sessionCookie(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('vnm_session='));
}

/** Registers the seller, or signs them in when the phone number is taken; returns the session cookie. */
async function signIn(seller: DemoSeller): Promise<{ cookie: string; registered: boolean }> {
  const name = `${seller.lastName} ${seller.firstName}`;
  const register = await call('POST', '/api/register', { ...seller, password: DEMO_PASSWORD });
  if (register.status === 201) {
    const cookie = sessionCookie(register.headers);
    if (cookie) return { cookie, registered: true };
    throw new SeedError(`registering ${name} gave no session cookie`);
  }
  if (register.status !== 409) throw new SeedError(`registering ${name} (${seller.phone}) failed: ${describe(register)}`);
  const login = await call('POST', '/api/login', { identifier: seller.phone, password: DEMO_PASSWORD });
  const cookie = login.status === 200 ? sessionCookie(login.headers) : undefined;
  if (!cookie) throw new SeedError(`${name} (${seller.phone}) is already registered and signing in with the demo password failed: ${describe(login)}`);
  return { cookie, registered: false };
}

/** The sellers' public profiles reach listings through events: wait briefly until a listing shows its seller. */
async function sellersVisible(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const page = await call('GET', '/api/listings?limit=100');
    if (Array.isArray(page.json) && page.json.length > 0 && page.json.every((listing: { user?: unknown }) => listing.user !== undefined)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** The browser's photo flow: an upload URL, a PUT of the bytes, then the stored image's path. */
async function uploadPhoto(file: string, cookie: string): Promise<string> {
  const slot = await call('POST', '/api/objects/upload', undefined, cookie);
  const uploadURL = (slot.json as { uploadURL?: string } | undefined)?.uploadURL;
  if (slot.status !== 200 || !uploadURL) throw new SeedError(`getting an upload URL failed: ${describe(slot)}`);
  const bytes = readFileSync(path.join(PHOTO_DIR, file));
  const put = await fetch(new URL(uploadURL, `${gatewayUrl()}/`), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!put.ok) throw new SeedError(`uploading ${file} failed: HTTP ${put.status}`);
  const image = await call('PUT', '/api/listing-images', { imageURL: uploadURL }, cookie);
  const objectPath = (image.json as { objectPath?: string } | undefined)?.objectPath;
  if (image.status !== 200 || !objectPath) throw new SeedError(`processing ${file} failed: ${describe(image)}`);
  return objectPath;
}

/** A demo seller's session when they exist and still have the demo password; nobody is registered. */
async function signInExisting(seller: DemoSeller): Promise<string | undefined> {
  const login = await call('POST', '/api/login', { identifier: seller.phone, password: DEMO_PASSWORD });
  return login.status === 200 ? sessionCookie(login.headers) : undefined;
}

async function photoMissing(objectPath: string): Promise<boolean> {
  const response = await fetch(`${gatewayUrl()}${objectPath}`, { method: 'HEAD', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return response.status === 404;
}

/** The demo file's listing as a PUT /api/listings/:id body, with these photos. */
function demoBody({ photos: _photos, eventInDays, seller: _seller, ...body }: DemoFile['listings'][number], images: string[]) {
  const metadata = { ...(body.metadata as Record<string, unknown> | undefined), ...(eventInDays === undefined ? {} : { eventDate: inDays(eventInDays) }) };
  return { ...body, metadata, images };
}

/**
 * The database outlives the photo files in some cases: another checkout on this machine seeded it (each
 * keeps photos in its own var/objects), or the files were deleted. A demo listing still held by its demo
 * seller whose photos answer 404 gets the demo photos again. Returns how many were mended.
 */
async function mendDemoPhotos(): Promise<number> {
  let mended = 0;
  for (const [index, seller] of DEMO_SELLERS.entries()) {
    const ownListings = demo.listings.filter((listing) => listing.seller === index && listing.photos.length > 0);
    if (ownListings.length === 0) continue;
    const cookie = await signInExisting(seller);
    if (!cookie) continue;
    const mine = await call('GET', '/api/users/listings', undefined, cookie);
    if (mine.status !== 200 || !Array.isArray(mine.json)) throw new SeedError(`GET /api/users/listings answered ${describe(mine)}`);
    const stored = mine.json as { id: string; title: string; images: string[] }[];
    for (const listing of ownListings) {
      const current = stored.find((candidate) => candidate.title === listing.title);
      if (!current || current.images.length === 0) continue;
      if (!(await Promise.all(current.images.map(photoMissing))).some(Boolean)) continue;
      const images = await Promise.all(listing.photos.map((file) => uploadPhoto(file, cookie)));
      const updated = await call('PUT', `/api/listings/${current.id}`, demoBody(listing, images), cookie);
      if (updated.status !== 200) throw new SeedError(`restoring the photos of "${listing.title}" failed: ${describe(updated)}`);
      mended += 1;
    }
  }
  return mended;
}

export async function seed(): Promise<void> {
  const existing = await call('GET', '/api/listings?limit=1');
  if (existing.status !== 200 || !Array.isArray(existing.json)) throw new SeedError(`GET /api/listings answered ${describe(existing)}`);
  if (existing.json.length > 0) {
    const mended = await mendDemoPhotos();
    console.log(
      mended > 0
        ? `seed: marketplace already has listings; ${mended} demo listings' photos were missing from the object store and are uploaded again`
        : 'seed: marketplace already has listings; nothing to do',
    );
    return;
  }

  const cookies: string[] = [];
  let registered = 0;
  for (const seller of DEMO_SELLERS) {
    const session = await signIn(seller);
    cookies.push(session.cookie);
    if (session.registered) registered += 1;
  }

  const perCategory = new Map<Category, number>();
  const listings = demo.listings;
  for (const listing of listings) {
    const cookie = cookies[listing.seller];
    if (!cookie) throw new SeedError(`demo listing "${listing.title}" names unknown seller ${listing.seller}`);
    const images = await Promise.all(listing.photos.map((file) => uploadPhoto(file, cookie)));
    const created = await call('POST', '/api/listings', demoBody(listing, images), cookie);
    if (created.status !== 201) throw new SeedError(`creating "${listing.title}" failed: ${describe(created)}`);
    perCategory.set(listing.category, (perCategory.get(listing.category) ?? 0) + 1);
  }

  const synced = await sellersVisible(10_000);
  const counts = [...perCategory].map(([category, count]) => `${category} ${count}`).join(', ');
  const phones = DEMO_SELLERS.map((seller) => seller.phone);
  console.log(`seed: created ${listings.length} demo listings through ${gatewayUrl()} (${counts})`);
  console.log(
    `seed: ${DEMO_SELLERS.length} demo sellers (${registered} registered now, ${DEMO_SELLERS.length - registered} already existed); ` +
      `sign in with phone ${phones[0]} … ${phones[phones.length - 1]} and password "${DEMO_PASSWORD}"`,
  );
  if (!synced) console.log("seed: sellers' profiles have not reached the listings service yet (events); they will appear shortly");
}

if (require.main === module) {
  seed().catch((error) => {
    console.error(`seed: ${error instanceof SeedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
