import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for the chunks of a few lazy pages (and the chunks they
 * import), so the browser fetches them alongside the entry instead of after React has
 * started: /memberships, the landing's main call to action, opens without a second round
 * trip and is ready in advance for the visitor on /. A few KB for every page (ADR 0036).
 */
export function preloadRoutes(modules: string[]): Plugin {
  return {
    name: 'pulso:preload-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && modules.some((module) => chunk.facadeModuleId!.replace(/\\/g, '/').endsWith(module)))
            add(chunk.fileName);
        }
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
