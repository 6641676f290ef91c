import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** Files the browser must check on every use: the app shell and what announces a new version of it. */
const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** Where the frontend build writes the pages it prerenders (frontend/scripts/prerender.mjs). */
const PRERENDERED_DIR = 'prerendered';

/**
 * The prerendered page of each path: `/` is `prerendered/index.html`, `/memberships` is
 * `prerendered/memberships.html` (a nested path would be `a_b.html`). Read once at start-up.
 */
export function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name.replace(/_/g, '/')}`, path.join(dir, file));
  }
  return pages;
}

/**
 * Fills a page before it is sent (the landing's photos, ADR 0300): the page's HTML and the file it
 * came from, which names the page for a cache. Called on every request; kept cheap by its owner.
 */
export type PageFiller = (html: string, file: string) => string;

/**
 * In the embedded mode the backend serves the built SPA: hashed assets are cached
 * for a year, index.html never, and every non-API GET that is not a file falls
 * back to index.html so client-side routes survive a reload. A path the build
 * prerendered (ADR 0037) gets its own HTML instead, with or without a trailing slash.
 * With a filler, each answer is the file as it is on disk, through the filler.
 */
export function serveSpa(app: NestExpressApplication, distDir: string, fillPage?: PageFiller): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const prerendered = prerenderedPages(distDir);
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The members' service worker and its manifest: a new version is seen on the next check (ADR 0305).
        const revalidate = REVALIDATED_FILES.has(path.relative(distDir, filePath));
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=300');
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (path.extname(req.path) && !req.path.endsWith('.html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const page = prerendered.get(req.path.length > 1 ? req.path.replace(/\/+$/, '') || '/' : req.path) ?? indexFile;
    if (!fillPage) return res.sendFile(page);
    readFile(page, 'utf8').then((html) => res.type('html').send(fillPage(html, page)), next);
  });
  return true;
}
