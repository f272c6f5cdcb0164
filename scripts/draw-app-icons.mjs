// One-off: draws the installable app's icons (src/client/public/*.png) and the browser extension's
// (src/extension/icons/*.png) from the logo mark (components/logo.tsx)
// with the machine's Chromium, so no image library is needed. Re-run after changing the logo:
// `node scripts/draw-app-icons.mjs`. The PNGs are committed; the build only copies them.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const BRAND = "#4f46e5";
const ACCENT = "#f59e0b";
const mark = `
  <path d="M10 15c5-2 10-2 14 1v19c-4-3-9-3-14-1z" fill="#fff" opacity="0.95"/>
  <path d="M38 15c-5-2-10-2-14 1v19c4-3 9-3 14-1z" fill="#fff" opacity="0.8"/>
  <path d="M8 30c4-3 8 3 12 0s8 3 12 0 8 3 8 3" stroke="${ACCENT}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;

// "any": the rounded tile of the header. "maskable": a full-bleed square with the mark inside the 80% safe zone.
const rounded = `<rect width="48" height="48" rx="12" fill="${BRAND}"/>${mark}`;
const maskable = `<rect width="48" height="48" fill="${BRAND}"/><g transform="translate(24 24) scale(0.72) translate(-24 -24)">${mark}</g>`;

const icons = [
  { file: "../src/client/public/pwa-192x192.png", size: 192, body: rounded },
  { file: "../src/client/public/pwa-512x512.png", size: 512, body: rounded },
  { file: "../src/client/public/maskable-512x512.png", size: 512, body: maskable },
  { file: "../src/client/public/apple-touch-icon.png", size: 180, body: maskable },
  // The extension's toolbar button, extensions page and store listing (src/extension/manifest.json).
  ...[16, 32, 48, 128].map((size) => ({ file: `../src/extension/icons/icon-${size}.png`, size, body: rounded })),
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  for (const { file, size, body } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">${body}</svg>`;
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.locator("svg").screenshot({ omitBackground: true });
    writeFileSync(new URL(file, import.meta.url), png);
    await page.close();
  }
} finally {
  await browser.close();
}
