import { VitePWA } from 'vite-plugin-pwa';
import { CONFIG_CACHE, MEDIA_CACHE, MEMBER_API_CACHE } from '../src/shared/pwa/cache-names';

/**
 * The members' installable app (ADR 0305): the web app manifest and a Workbox service worker
 * generated at build time. The page registers it only once a member is signed in
 * (src/shared/pwa/service-worker.ts), so a visitor of the public site never downloads it.
 */

export function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    // The page shows "Hay una versión nueva · Actualizar" and the new worker waits for that tap.
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/training',
      name: 'Pulso — Tu entrenamiento',
      short_name: 'Pulso',
      description: 'Tus planes, entrenamientos y progreso de Pulso Heart Rate Studio, también sin conexión en el gimnasio.',
      lang: 'es-SV',
      dir: 'ltr',
      start_url: '/training',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b0f17',
      background_color: '#0b0f17',
      categories: ['health', 'fitness', 'sports'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        {
          name: 'Entrenar hoy',
          short_name: 'Entrenar',
          description: 'El entrenamiento que te toca hoy',
          url: '/training',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: 'Mis clases',
          short_name: 'Clases',
          description: 'Reserva tu lugar en las clases del estudio',
          url: '/training/clases',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: 'Mi calendario',
          short_name: 'Calendario',
          description: 'Tus días de entrenamiento',
          url: '/training/calendario',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
    workbox: {
      // The app shell: every chunk and stylesheet, the fonts and the player's sounds. The prerendered
      // public pages and their illustrations are not the app; they stay on the network.
      globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'sounds/*.mp3', 'favicon.svg'],
      // Not the members' app: the staff console, the public free-class booking, the stylesheet of the
      // prerendered pages and the font subsets Spanish text never uses.
      globIgnores: ['assets/staff-*', 'assets/free-class-*', 'assets/*-nofonts.css', 'assets/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // The members' pages open from the cached shell, connection or not; the public pages stay prerendered.
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/training(\/|$)/, /^\/workout\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      sourcemap: false,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/config',
          handler: 'NetworkFirst',
          options: { cacheName: CONFIG_CACHE, networkTimeoutSeconds: 4, cacheableResponse: { statuses: [200] } },
        },
        {
          // Member reads (never the staff's, identity or downloads). The network first, so an answer is
          // never older than it must be; the last one when it fails. Workbox copies the function's
          // source into the worker: the pattern is written inside it.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            /^\/api\/(challenges|email-preferences|enrollments|heart-rate\/profile|plans|platform-users|privacy\/consents|progress|running-workouts|studio-class\/board-name|timer\/presets|training|workouts)(\/|$)/.test(
              url.pathname,
            ),
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: MEMBER_API_CACHE,
            networkTimeoutSeconds: 6,
            cacheableResponse: { statuses: [200] },
            // Answers vary by the bearer token; offline the request may carry none. The cache is the
            // signed-in member's only and is deleted on sign-out.
            matchOptions: { ignoreVary: true },
            // A kept copy says so (OFFLINE_COPY_HEADER of src/shared/api/connectivity-probe.ts): the page then
            // knows it shows the last saved data even when the browser believes it is online.
            plugins: [
              {
                cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                  if (!cachedResponse) return null;
                  const headers = new Headers(cachedResponse.headers);
                  headers.set('X-Pulso-Offline', '1');
                  return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                },
              },
            ],
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          },
        },
        {
          // Catalogue clips and photos (the product's media route or a media CDN): they never change under a URL.
          urlPattern: ({ url, sameOrigin }) =>
            (sameOrigin && url.pathname.startsWith('/api/media/')) || url.pathname.includes('/video/upload/') || url.pathname.includes('/image/upload/'),
          handler: 'CacheFirst',
          options: {
            cacheName: MEDIA_CACHE,
            rangeRequests: true,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true },
          },
        },
      ],
    },
  });
}
