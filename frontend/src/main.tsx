import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/ui/theme.css';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { loadRuntimeConfig } from './shared/config/runtime-config';

// The identity provider waits for /api/config: ask before React's first render.
void loadRuntimeConfig();

// A prerendered page paints with its inlined critical CSS and fetches the full stylesheet as
// `media="print"`; the CSP allows no inline script, so the entry switches it on (ADR 0039).
document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]').forEach((link) => {
  link.media = link.dataset.beastiesMedia || 'all';
  link.removeAttribute('data-beasties-media');
});

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
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  if (link instanceof HTMLAnchorElement) void preloadPage(link.pathname).catch(() => undefined);
};
for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, prefetchTarget, { passive: true });

// Pages prerendered at build time (ADR 0037) arrive with their markup: hydrate it rather than
// replace it, once the page's chunk is here (the markup stays on screen meanwhile).
if (root.firstElementChild) {
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
} else {
  // The members' app shell: its installable-app parts first, in a chunk the public pages never load.
  void import('./shared/pwa/app-shell')
    .then((shell) => shell.startAppShell())
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
