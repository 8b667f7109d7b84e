// Renders the PWA icons (public/*.png) from the brand mark with Debian's Chromium.
// Run: node --import tsx scripts/make-icons.ts   (needs /usr/bin/chromium; output is committed)
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARK = (inset: number, radius: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
  <rect width="64" height="64" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
    <rect x="12" y="18" width="40" height="28" rx="6" fill="#fff" opacity="0.18"/>
    <path fill="#fde047" d="m32 15 4.7 10.4 11.3 1.2-8.5 7.6 2.4 11.1L32 39.6l-9.9 5.7 2.4-11.1-8.5-7.6 11.3-1.2L32 15Z"/>
  </g>
</svg>`;

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, svg: MARK(0, 14) },
  { file: 'pwa-512x512.png', size: 512, svg: MARK(0, 14) },
  { file: 'apple-touch-icon.png', size: 180, svg: MARK(2, 0) },
  // Maskable: full-bleed background, the mark inside the 80% safe zone.
  { file: 'maskable-icon-512x512.png', size: 512, svg: MARK(9, 0) },
  // The tab icon of both apps: a bitmap, not favicon.svg, which Chromium renders as an SVG document of
  // its own in the page's renderer after the load (a main-thread task of 5-11 ms on this machine).
  { file: 'favicon-32x32.png', size: 32, svg: MARK(0, 14) },
];

/** An .ico holding one PNG image (the format browsers and tools read since Windows Vista). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6); // width
  header.writeUInt8(size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
for (const icon of ICONS) {
  const page = await browser.newPage({
    viewport: { width: icon.size, height: icon.size },
    deviceScaleFactor: 1,
  });
  await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`);
  await page.screenshot({
    path: path.join('public', icon.file),
    omitBackground: true,
    clip: { x: 0, y: 0, width: icon.size, height: icon.size },
  });
  await page.close();
}
await browser.close();
// /favicon.ico: what browsers ask for when a page names no icon, and what tools and bookmarks fetch.
writeFileSync(
  path.join('public', 'favicon.ico'),
  icoOf(readFileSync(path.join('public', 'favicon-32x32.png')), 32),
);
console.log('icons written to public/');
