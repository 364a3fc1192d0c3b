/**
 * The app's icons and its link-preview image, drawn from the mark in web/public/favicon.svg (a market stall:
 * a rounded teal tile, then the drawing on it), into web/public:
 *
 *   favicon.ico              16, 32 and 48 px (PNG images in an ICO), for browsers and tools that ask for it
 *   icon-192.png, icon-512.png   the manifest's icons: the mark as it is (rounded tile, clear corners)
 *   icon-maskable-512.png    full-bleed tile, the drawing inside the central 80 % circle (the maskable safe zone)
 *   apple-touch-icon.png     180 px, full-bleed (iOS rounds the corners itself and fills clear pixels black)
 *   og-image.png             1200×630, the link preview's fallback: the mark, the name and a line in both languages
 *
 * The outputs are committed, so the build needs no rasterizer: run this after changing the mark.
 * Text is set in DejaVu Sans (Debian's fonts-dejavu-core), which has every Vietnamese diacritic.
 *
 *   npm run icons -w web      (or: tsx web/scripts/icons.ts)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.resolve(__dirname, '../public');
const FONT = 'DejaVu Sans';

const mark = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const parts = /^<svg [^>]*viewBox="0 0 64 64">(<rect width="64" height="64" rx="\d+" fill="(#[0-9a-f]{6})"\/>)(.*)<\/svg>\s*$/s.exec(mark);
if (!parts) throw new Error('favicon.svg: expected a 64×64 viewBox, the tile (<rect width="64" height="64" rx=… fill=…/>) first, then the drawing');
const [, , tileColour, drawing] = parts as unknown as [string, string, string, string];

const CREAM = '#fff7ef';
const INK = '#1c1917';
const MUTED = '#57504b';
const TEAL_DARK = '#0b4643';
const TERRACOTTA = '#b4441f';

/** The drawing on a full-bleed tile, scaled about the centre (1 = as in the mark). */
function fullBleed(scale: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${tileColour}"/>` +
    `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${drawing}</g></svg>`
  );
}

async function png(svg: string, size: number): Promise<Buffer> {
  // Rasterized at the target size (not scaled down from another), so small sizes stay crisp.
  return sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 48 ? false : true, quality: 100 })
    .toBuffer();
}

/** An ICO file holding PNG images (Windows Vista and every browser read them), one per size. */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach(({ size, data }, index) => {
    const at = index * 16;
    entries.writeUInt8(size >= 256 ? 0 : size, at);
    entries.writeUInt8(size >= 256 ? 0 : size, at + 1);
    entries.writeUInt8(0, at + 2); // no palette
    entries.writeUInt8(0, at + 3);
    entries.writeUInt16LE(1, at + 4); // colour planes
    entries.writeUInt16LE(32, at + 6); // bits per pixel
    entries.writeUInt32LE(data.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, entries, ...images.map((image) => image.data)]);
}

/** 1200×630: the mark on the left, the name in two lines, then the same promise in Vietnamese and in English. */
function ogImage(): string {
  const text = (x: number, y: number, size: number, weight: string, fill: string, content: string) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${content}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${CREAM}"/>
  <rect y="606" width="1200" height="24" fill="${tileColour}"/>
  <svg x="96" y="175" width="260" height="260" viewBox="0 0 64 64">${parts![1]}${drawing}</svg>
  ${text(412, 232, 104, 'bold', TEAL_DARK, 'Chợ Việt')}
  ${text(412, 342, 104, 'bold', TERRACOTTA, 'Bay Area')}
  ${text(416, 424, 36, 'normal', INK, 'Chợ của người Việt vùng Vịnh')}
  ${text(416, 474, 32, 'normal', MUTED, 'The Vietnamese community marketplace')}
</svg>`;
}

function requireFont(): void {
  let families: string;
  try {
    families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  } catch {
    // No fontconfig tools to ask: librsvg falls back to what it finds.
    return;
  }
  if (!families.includes(FONT)) throw new Error(`the font ${FONT} is missing (its Vietnamese diacritics): apt-get install -y fonts-dejavu-core`);
}

async function main(): Promise<void> {
  requireFont();
  const written: string[] = [];
  const write = (name: string, data: Buffer) => {
    writeFileSync(path.join(PUBLIC, name), data);
    written.push(`${name} ${data.length} bytes`);
  };
  write('favicon.ico', ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(mark, size) })))));
  write('icon-192.png', await png(mark, 192));
  write('icon-512.png', await png(mark, 512));
  // The drawing spans 48×40 of 64: at 0.78 its corners stay inside the safe circle (radius 0.4 × 64).
  write('icon-maskable-512.png', await png(fullBleed(0.78), 512));
  write('apple-touch-icon.png', await png(fullBleed(0.86), 180));
  write('og-image.png', await sharp(Buffer.from(ogImage())).png({ compressionLevel: 9, palette: true, quality: 100 }).toBuffer());
  console.log(written.join('\n'));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
