// Build step after `vite build` (client) and `vite build --ssr src/entry-server.tsx` (ADR 0037):
// renders the public static pages to HTML with the server entry, writes each into a copy of
// dist/index.html with its own title, description, canonical and Open Graph tags, inlines the
// CSS that page's markup uses and the @font-face rules, and defers the rest of the stylesheet
// (ADR 0039). dist/index.html stays the plain shell for every other route. Output:
// dist/prerendered/<name>.html, one per path, and assets/<stylesheet>-nofonts.css.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(frontend, 'dist');
// Written by `vite build --ssr` (package.json `build`), removed once the pages are written.
const ssrDir = path.join(frontend, 'node_modules', '.cache', 'pulso-ssr');
const outDir = path.join(dist, 'prerendered');

const { render, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const origin = new URL(/<link rel="canonical" href="([^"]+)"/.exec(template)?.[1] ?? 'https://pulso.sv/').origin;

const escapeAttr = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Replaces exactly one occurrence of `pattern`; a template that no longer matches fails the build. */
function replaceOnce(html, pattern, replacement, what) {
  let count = 0;
  const result = html.replace(pattern, (...args) => {
    count += 1;
    return typeof replacement === 'function' ? replacement(...args) : replacement;
  });
  if (count !== 1) throw new Error(`prerender: ${what} aparece ${count} veces en dist/index.html (se esperaba 1)`);
  return result;
}

/** The file a path is written to, also read by the backend (backend/src/infrastructure/http/spa.ts). */
const fileNameOf = (urlPath) => (urlPath === '/' ? 'index.html' : `${urlPath.slice(1).replace(/\//g, '_')}.html`);

const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  // Deferred links are left as media="print" + data-beasties-media; main.tsx switches them on
  // (the CSP has no 'unsafe-inline' for scripts, so beasties' own inline script is removed below).
  preload: 'media-script',
  noscriptFallback: true,
  // Beasties cannot follow families through CSS variables (`var(--font-display)`): the
  // @font-face rules are added below. The headline face is preloaded by vite/preload-fonts.ts.
  fonts: false,
  keyframes: 'critical',
  compress: true,
  logLevel: 'warn',
});

// Fonts. The HTML paints long before the script, so a face arriving after the first layout would
// reflow the page (a layout shift). The @font-face rules therefore live only in the page's inline
// CSS: the headline face (≈ 14 KB) as a data: URL with `font-display: block`, laid out from the first frame; the body face
// preloaded with `font-display: optional` (used if it is there within ~100 ms, otherwise the system
// face stays for this page view and the cached face serves the next one). The deferred stylesheet
// is a copy without @font-face rules, so its `swap` faces never replace these.
const stylesheets = [...template.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)"/g)].map((match) => match[1]);
if (stylesheets.length === 0) throw new Error('prerender: dist/index.html no enlaza ninguna hoja de estilos');
const FONT_FACE = /@font-face\{[^}]*\}/g;

function inlineWoff2(rule) {
  return rule.replace(/src:url\(\/(assets\/[^)]+\.woff2)\)format\("woff2"\)(,url\([^)]+\)format\("woff"\))?/, (_, file) => {
    const data = readFileSync(path.join(dist, file)).toString('base64');
    return `src:url(data:font/woff2;base64,${data})format("woff2")`;
  });
}

const fontFaces = stylesheets
  .flatMap((file) => readFileSync(path.join(dist, file), 'utf8').match(FONT_FACE) ?? [])
  .map((rule) =>
    // Inlined, the headline face is there before the first layout: `block` lays the headline out
    // in it at once, where `swap` could lay it out in the fallback first and shift it.
    /font-family:\s*"?Bebas Neue/.test(rule)
      ? inlineWoff2(rule).replace(/font-display:\s*swap/, 'font-display:block')
      : rule.replace(/font-display:\s*swap/, 'font-display:optional'),
  )
  .join('');
const bodyFont = readdirSync(path.join(dist, 'assets')).find((file) => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));

/** `assets/index-abc.css` → `assets/index-abc-nofonts.css` (derived from a hashed file, so as cacheable). */
const withoutFonts = new Map(stylesheets.map((file) => [file, file.replace(/\.css$/, '-nofonts.css')]));
for (const [file, copy] of withoutFonts) writeFileSync(path.join(dist, copy), readFileSync(path.join(dist, file), 'utf8').replace(FONT_FACE, ''));

mkdirSync(outDir, { recursive: true });
for (const urlPath of PRERENDERED_PATHS) {
  const { html: markup, meta } = await render(urlPath);
  if (!meta) throw new Error(`prerender: ${urlPath} no declaró <PageMeta>`);
  const url = origin + urlPath;
  let html = template;
  html = replaceOnce(html, /<div id="root"><\/div>/, () => `<div id="root">${markup}</div>`, '<div id="root">');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => `<title>${escapeText(meta.title)}</title>`, '<title>');
  html = replaceOnce(html, /(<meta name="description" content=")[^"]*(")/, (_, a, b) => a + escapeAttr(meta.description) + b, 'description');
  html = replaceOnce(html, /(<meta property="og:title" content=")[^"]*(")/, (_, a, b) => a + escapeAttr(meta.title) + b, 'og:title');
  html = replaceOnce(html, /(<meta property="og:description" content=")[^"]*(")/, (_, a, b) => a + escapeAttr(meta.description) + b, 'og:description');
  html = replaceOnce(html, /(<meta property="og:url" content=")[^"]*(")/, (_, a, b) => a + escapeAttr(url) + b, 'og:url');
  html = replaceOnce(html, /(<link rel="canonical" href=")[^"]*(")/, (_, a, b) => a + escapeAttr(url) + b, 'canonical');
  // Each page keeps the preloads of its own chunks only (vite/preload-routes.ts).
  html = html.replace(/<link rel="modulepreload"[^>]* data-page="([^"]*)"[^>]*>\s*/g, (link, page) =>
    page === urlPath ? link.replace(/ data-page="[^"]*"/, '') : '',
  );
  html = await beasties.process(html);
  html = replaceOnce(html, /<style>/, () => `<style>${fontFaces}`, 'el <style> crítico');
  // The headline face is in the HTML now: its preload becomes the body face's.
  html = replaceOnce(
    html,
    /<link rel="preload" as="font"[^>]*bebas-neue[^>]*>/,
    () => (bodyFont ? `<link rel="preload" as="font" type="font/woff2" href="/assets/${bodyFont}" crossorigin>` : ''),
    'la precarga de la fuente de titulares',
  );
  html = html.replace('<html lang="es" data-beasties-container>', '<html lang="es">');
  for (const [file, copy] of withoutFonts) html = html.replaceAll(`href="/${file}"`, `href="/${copy}"`);
  html = html.replace(/<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/, '');
  if (!html.includes('data-beasties-media')) throw new Error(`prerender: ${urlPath} quedó con la hoja de estilos bloqueante`);
  if (/<script>(?!\s*<\/script>)/.test(html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, ''))) {
    throw new Error(`prerender: ${urlPath} contiene un script en línea que la CSP bloquearía`);
  }
  writeFileSync(path.join(outDir, fileNameOf(urlPath)), html);
}
rmSync(ssrDir, { recursive: true, force: true });
process.stdout.write(`prerender: ${PRERENDERED_PATHS.length} páginas en dist/prerendered\n`);
