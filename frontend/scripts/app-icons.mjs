// Draws the installed app's icons (web app manifest, iOS home screen) from the brand mark of
// src/shared/ui/brand-logo.tsx, in Debian's Chromium. Run after changing the mark:
//   node scripts/app-icons.mjs        → public/icons/*.png (committed)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const gradient =
  '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a84e8"/><stop offset="1" stop-color="#0d4e91"/></linearGradient>';
const trace = (transform) =>
  `<path transform="${transform}" d="M6 21h7l3-7 5 14 4-10 2 3h7" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark as drawn in the navbar: a rounded square on transparent corners. */
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs>${gradient}</defs><rect width="40" height="40" rx="11" fill="url(#g)"/>${trace('')}</svg>`;
/**
 * Full bleed for launchers that cut their own shape (maskable, iOS): the trace shrunk into the
 * central safe circle (80 % of the width) so no mask clips it.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs>${gradient}</defs><rect width="40" height="40" fill="url(#g)"/>${trace('translate(20 20) scale(0.72) translate(-20 -20.5)')}</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: plain },
  { file: 'icon-512.png', size: 512, svg: plain },
  { file: 'maskable-192.png', size: 192, svg: fullBleed },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
