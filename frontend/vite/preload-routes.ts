import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload" data-page="/path">` for the chunks of a few lazy pages (and the
 * chunks they import), so that the prerendered page of that path fetches them alongside the entry
 * instead of after React has started. The prerender keeps each page's own links and drops the
 * others' (scripts/prerender.mjs): no page pays for another's chunks; a link that points to one is
 * prefetched when the visitor shows the intent to follow it (main.tsx).
 */
export function preloadRoutes(pages: Record<string, string>): Plugin {
  return {
    name: 'pulso:preload-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const files = new Map<string, string>();
        const add = (page: string, file: string) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || files.has(file)) return;
          files.set(file, page);
          chunk.imports.forEach((imported) => add(page, imported));
        };
        for (const [page, module] of Object.entries(pages)) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk' && chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(module)) add(page, chunk.fileName);
          }
        }
        return [...files]
          .filter(([file]) => !html.includes(`/${file}"`))
          .map(([file, page]) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}`, 'data-page': page },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
