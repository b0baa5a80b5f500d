import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { SiteConfig } from '../site/config.ts';
import type { RouteName } from '../site/paths.ts';
import { robotsTxt, sitemapXml } from './prerender-seo-files.ts';

// Runs after `vite build`: builds site/entry-server.tsx for Node, renders every route to static
// HTML inside the client build's index.html, and writes robots.txt and sitemap.xml.

interface ServerEntry {
  renderRoute(
    route: RouteName,
    config: Pick<SiteConfig, 'siteUrl'>,
  ): Promise<{ head: string; html: string }>;
  PRERENDERED_ROUTES: ReadonlyArray<{ route: RouteName; file: string }>;
  settings: SiteConfig;
}

// SITE_OUT_DIR lets a second build live beside dist/site (the build must use the same --outDir).
const outDir = resolve(process.env.SITE_OUT_DIR ?? 'dist/site');
const ssrDir = `${outDir}-ssr`;

async function buildServerEntry(): Promise<ServerEntry> {
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: resolve('site/entry-server.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
    },
  });
  return (await import(pathToFileURL(join(ssrDir, 'entry-server.mjs')).href)) as ServerEntry;
}

function fillTemplate(template: string, route: RouteName, head: string, html: string): string {
  const filled = template
    .replace('<!--app-head-->', head)
    .replaceAll('<!--app-route-->', route)
    .replace('<!--app-html-->', html);
  if (filled.includes('<!--app-')) {
    throw new Error('prerender: a placeholder was left in the template');
  }
  return filled;
}

const template = await readFile(join(outDir, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->')) {
  throw new Error(
    'prerender: dist/site/index.html has no <!--app-html--> placeholder; run vite build first',
  );
}
const entry = await buildServerEntry();
try {
  for (const { route, file } of entry.PRERENDERED_ROUTES) {
    const { head, html } = await entry.renderRoute(route, entry.settings);
    const target = join(outDir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, fillTemplate(template, route, head, html), 'utf8');
    console.info(`prerendered ${route} -> ${relative(process.cwd(), target)}`);
  }
  await writeFile(join(outDir, 'robots.txt'), robotsTxt(entry.settings.siteUrl), 'utf8');
  await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(entry.settings.siteUrl), 'utf8');
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
