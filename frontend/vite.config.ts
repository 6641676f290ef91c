import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preloadFonts } from './vite/preload-fonts';
import { preloadRoutes } from './vite/preload-routes';
import { purgeBootstrap } from './vite/purge-bootstrap';
import { pwa } from './vite/pwa';

const backend = process.env.PULSO_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    purgeBootstrap({ root: fileURLToPath(new URL('.', import.meta.url)), sources: ['src', 'index.html'] }),
    // The headline face only: the LCP element is the hero's <h1>; body text swaps in Inter when it arrives.
    preloadFonts([/bebas-neue-latin-400-normal-[\w-]+\.woff2$/]),
    preloadRoutes({ '/memberships': 'src/app/routes/memberships.tsx' }),
    // The prerendering build (`vite build --ssr`) has no browser to install a worker in.
    ...(isSsrBuild ? [] : [pwa()]),
  ],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: { port: 5173, proxy: { '/api': backend } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // No manual chunks: a manual 'clerk' group pulled React in with it, so every page loaded
    // the Clerk chunk. The lazy imports in shared/identity already keep Clerk in its own chunks.
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
