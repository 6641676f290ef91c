import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` for the faces the first screen paints with
 * (the headline face and the Latin subset of the body face), so the browser fetches
 * them alongside the stylesheet instead of after it has been parsed (ADR 0036).
 */
export function preloadFonts(patterns: RegExp[]): Plugin {
  return {
    name: 'pulso:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) => patterns.some((pattern) => pattern.test(file)));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
