import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadPage } from './app/router';
import { PageMetaSink, type PageMetaValues } from './shared/ui/page-meta';

/**
 * The public pages written to static HTML at build time (scripts/prerender.mjs), served per
 * path by the backend and hydrated by main.tsx (ADR 0037). Only pages that render the same for
 * every visitor: no runtime config, no session, nothing that depends on the clock.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/memberships',
  '/reserva',
  '/horarios',
  '/contactanos',
  '/sistemas',
  '/workout',
  '/informacion-especializado',
  '/privacidad',
] as const;

export interface PrerenderedPage {
  html: string;
  meta: PageMetaValues | undefined;
}

/** Renders one path as the browser's first render will (same tree as main.tsx, lazy pages awaited). */
export async function render(path: string): Promise<PrerenderedPage> {
  // The page's chunks first, as main.tsx does before hydrating: one document without Suspense
  // fallbacks or React's inline reveal scripts (the CSP forbids them).
  await preloadPage(path);
  const page = await renderOnce(path);
  if (/<script[\s>]/.test(page.html)) throw new Error(`${path}: the prerendered markup still needs a script`);
  return page;
}

async function renderOnce(path: string): Promise<PrerenderedPage> {
  let meta: PageMetaValues | undefined;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageMetaSink.Provider value={(values) => (meta = values)}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </PageMetaSink.Provider>
    </StrictMode>,
    // One document: never move a large boundary out into a segment revealed by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return { html, meta };
}
