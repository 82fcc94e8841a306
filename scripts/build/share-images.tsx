/**
 * The share images social sites show for a link (og:image): one 1200x630 PNG per page in the site's own
 * faces and palette, with the page's heading and kind, the organization's square logo and /favicon.ico. Drawn with
 * satori (layout and text to SVG) and resvg (SVG to PNG); each image is kept in build/cache/share under
 * the hash of everything it is drawn from, so a build redraws only the pages whose card changed.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_THEME } from '@mantine/core';
import satori from 'satori';
import { fileCache } from './file-cache.ts';
import type { ShareCard } from '../../src/lib/share-card.ts';
import { faviconPath, faviconSize, logoPath, logoSize, shareImagePath, shareImageSize } from '../../src/lib/published-files.ts';
import { theme } from '../../src/theme.ts';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
/** Bump when the drawing below changes, so cached images are drawn again. */
const design = 'card-2';
// The site's own colours: the hero's deep teal, its lightest shade, and the keystone's amber (the favicon's).
const brand = theme.colors!.brand!;
const palette = { deep: brand[9], light: brand[0], accent: DEFAULT_THEME.colors.yellow[7] };

// satori reads TTF, OTF and WOFF (not WOFF2): the static cuts of the site's two faces.
const fontFiles = [
  { name: 'Fraunces', weight: 600, file: '@fontsource/fraunces/files/fraunces-latin-600-normal.woff' },
  { name: 'Figtree', weight: 500, file: '@fontsource/figtree/files/figtree-latin-500-normal.woff' },
  { name: 'Figtree', weight: 700, file: '@fontsource/figtree/files/figtree-latin-700-normal.woff' },
] as const;

interface Drawn {
  /** Images drawn this build, and taken from the cache. */
  drawn: number;
  cached: number;
}

export async function writeShareImages(dist: string, cards: { path: string; card: ShareCard }[], site: { name: string; url: string }): Promise<Drawn> {
  await mkdir(join(dist, 'share'), { recursive: true });
  const fonts = await Promise.all(fontFiles.map(async (f) => ({ name: f.name, weight: f.weight, style: 'normal' as const, data: await readFile(require.resolve(f.file)) })));
  const mark = await readFile(join(root, 'src', 'assets', 'favicon.svg'));
  const inputs = createHash('sha256').update(design).update(mark);
  for (const font of fonts) inputs.update(font.data);
  const base = inputs.digest('hex');

  const cache = await fileCache('share');
  const cached = (key: string, draw: () => Promise<Buffer>, extension = '.png') => cache.file(`${base} ${key}`, extension, draw);

  const logo = await cached(`logo:${logoSize}`, async () => png(mark.toString('utf8'), logoSize));
  await copyFile(logo, join(dist, logoPath.slice(1)));
  const icon = await cached(`favicon:${faviconSize}`, async () => icoOf(png(mark.toString('utf8'), faviconSize), faviconSize), '.ico');
  await copyFile(icon, join(dist, faviconPath.slice(1)));
  const markUri = `data:image/svg+xml;base64,${mark.toString('base64')}`;
  const host = new URL(site.url).host.replace(/^www\./, '');
  for (const { path, card } of cards) {
    const file = await cached(JSON.stringify({ card, site: site.name, host }), async () => {
      const svg = await satori(<Card card={card} siteName={site.name} host={host} mark={markUri} />, { ...shareImageSize, fonts });
      return png(svg, shareImageSize.width);
    });
    await copyFile(file, join(dist, shareImagePath(path).slice(1)));
  }
  await cache.prune();
  return { drawn: cache.counts.made, cached: cache.counts.cached };
}

/**
 * An .ico holding one PNG (which every browser since 2007 reads): a 6-byte header (reserved, type 1 = icon,
 * one image) and a 16-byte entry (width, height, no palette, 1 plane, 32 bits, the PNG's length and offset).
 */
function icoOf(image: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(size, 6);
  head.writeUInt8(size, 7);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(head.length, 18);
  return Buffer.concat([head, image]);
}

function png(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

const pad = { x: 72, y: 60 };

/** Long headings step down a size, so every heading fits in three lines. */
const headingSize = (heading: string) => (heading.length > 70 ? 56 : heading.length > 40 ? 66 : 76);

function Card({ card, siteName, host, mark }: { card: ShareCard; siteName: string; host: string; mark: string }) {
  return (
    // satori sizes boxes without their padding (content-box): the padding comes off the canvas's size.
    <div style={{ width: shareImageSize.width - 2 * pad.x, height: shareImageSize.height - 2 * pad.y, padding: `${pad.y}px ${pad.x}px`, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', background: palette.deep, color: '#ffffff', fontFamily: 'Figtree' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <img src={mark} width={64} height={64} />
        <div style={{ fontSize: 32, fontWeight: 700, letterSpacing: -0.2 }}>{siteName}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <div style={{ fontSize: 28, fontWeight: 500, color: palette.accent, textTransform: 'uppercase', letterSpacing: 1.5 }}>{card.kind}</div>
        <div style={{ fontFamily: 'Fraunces', fontWeight: 600, fontSize: headingSize(card.heading), lineHeight: 1.1, maxWidth: 1020 }}>{card.heading}</div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 26, fontWeight: 500, color: palette.light }}>
        <div>{host}</div>
        <div style={{ width: 160, height: 10, background: palette.accent, borderRadius: 5 }} />
      </div>
    </div>
  );
}
