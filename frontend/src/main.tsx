import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/ui/theme.css';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { holdRuntimeConfigUntil, loadRuntimeConfig } from './shared/config/runtime-config';

// The identity provider waits for /api/config: ask before React's first render.
void loadRuntimeConfig();

/** Resolves once the main thread is idle (at the latest after `timeout` ms); a timer where there is no idle callback. */
function whenIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 500));
  });
}

// A prerendered page paints with its inlined critical CSS and fetches the full stylesheet as
// `media="print"`; the CSP allows no inline script, so the entry switches it on (ADR 0039).
// Switching it restyles the whole page: on a prerendered page that waits until the main thread is
// idle after hydration, or the visitor's first gesture, so it is a task of its own rather than a
// part of a longer one. The inlined CSS already styles everything the page shows.
function enableFullStylesheet(): void {
  document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]').forEach((link) => {
    link.media = link.dataset.beastiesMedia || 'all';
    link.removeAttribute('data-beasties-media');
  });
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A page's chunks start loading when the visitor shows the intent to open it (a pointer over its
// link, a touch, the keyboard's focus), so the landing downloads no other page up front and a
// click on "Membresías" rarely waits for its chunk.
const prefetchTarget = (event: Event) => {
  enableFullStylesheet();
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  if (link instanceof HTMLAnchorElement) void preloadPage(link.pathname).catch(() => undefined);
};
for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, prefetchTarget, { passive: true });

// Pages prerendered at build time (ADR 0037) arrive with their markup: hydrate it rather than
// replace it, once the page's chunk is here (the markup stays on screen meanwhile). As a transition
// the hydration yields to the browser every few milliseconds instead of holding the main thread
// for the whole page; a click before it ends hydrates the rest at once (React's own rule). The
// runtime config is published once the hydration is done (runtime-config.ts says why), then the
// full stylesheet is switched on, each in a task of its own.
if (root.firstElementChild) {
  let hydrated = () => undefined as void;
  const hydration = new Promise<void>((resolve) => (hydrated = resolve));
  holdRuntimeConfigUntil(hydration);
  void hydration.then(() => whenIdle(2_000)).then(enableFullStylesheet);
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      startTransition(() => void hydrateRoot(root, app));
      // Registered after the hydration is scheduled: the main thread is next idle once it is done
      // (the limit only for a browser that is never idle, a slow phone's hydration takes far less).
      return whenIdle(10_000);
    })
    .then(hydrated);
} else {
  enableFullStylesheet();
  // The members' app shell: its installable-app parts first, in a chunk the public pages never load.
  void import('./shared/pwa/app-shell')
    .then((shell) => shell.startAppShell())
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
