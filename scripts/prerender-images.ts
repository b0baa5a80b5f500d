import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { company } from '../site/content/company.ts';
import { hero } from '../site/content/hero.ts';
import { escapeHtml } from '../site/head.ts';
import { HomeIllustration } from '../site/sections/home-illustration.tsx';

// Draws the raster images the metadata needs (social card, touch icon, logo) with the local
// Chromium and writes them to site/public. Run by hand after changing the brand:
//   npx tsx scripts/prerender-images.ts
// The PNGs are committed, so builds never need a browser.

// The same drawing as the hero's listing card, as vector markup (sharp at the card's size).
const home = renderToStaticMarkup(createElement(HomeIllustration, { className: 'home' }));

const favicon = readFileSync('site/public/favicon.svg', 'utf8');
const iconUrl = `data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}`;

const card = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; font-family: "DejaVu Sans", sans-serif; color: #fff;
    background: radial-gradient(700px 400px at 90% 0%, rgba(245,165,36,.25), transparent 60%),
      radial-gradient(600px 400px at 0% 100%, rgba(59,130,246,.25), transparent 60%), #0b1326; }
  .wrap { position: relative; padding: 72px 80px; display: flex; flex-direction: column; height: 100%; box-sizing: border-box; }
  .home { position: absolute; right: 64px; bottom: 64px; width: 440px; height: auto; border-radius: 28px;
    box-shadow: 0 30px 80px rgba(0,0,0,.45), 0 0 0 8px rgba(255,255,255,.06); }
  .copy { max-width: 580px; display: flex; flex-direction: column; flex: 1; }
  .copy p { font-size: 27px; margin-bottom: 24px; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 34px; font-weight: 700; }
  .brand img { width: 64px; height: 64px; }
  h1 { font-size: 68px; line-height: 1.05; margin: 48px 0 24px; letter-spacing: -2px; }
  p { font-size: 30px; color: #c8d1e0; margin: 0; }
  .badge { margin-top: auto; display: inline-block; align-self: flex-start; padding: 12px 24px;
    border-radius: 999px; background: #f5a524; color: #1c1203; font-size: 26px; font-weight: 700; }
</style></head><body><div class="wrap">
  <div class="copy">
  <div class="brand"><img src="${iconUrl}" alt="">${escapeHtml(company.name)}</div>
  <h1>${escapeHtml(hero.headline)}</h1>
  <p>${escapeHtml(company.tagline)}: voice assistants that answer, qualify and book.</p>
  <span class="badge">${escapeHtml(hero.badge)}</span>
  </div>
  ${home}
</div></body></html>`;

const icon = (size: number) =>
  `<!doctype html><html><head><style>body{margin:0}img{width:${size}px;height:${size}px;display:block}</style></head>` +
  `<body><img src="${iconUrl}" alt=""></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const shots: Array<[string, string, number, number]> = [
    ['site/public/og-image.png', card, 1200, 630],
    ['site/public/icon-512.png', icon(512), 512, 512],
    ['site/public/apple-touch-icon.png', icon(180), 180, 180],
  ];
  for (const [path, html, width, height] of shots) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.screenshot({ path, omitBackground: path.includes('icon-512') });
    await page.close();
    console.info(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
