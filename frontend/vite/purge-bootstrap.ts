import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Rule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Class families react-bootstrap builds at run time from a prefix and a prop
 * (`btn-${variant}`, `col-${breakpoint}-${span}`, `text-bg-${bg}`…), which no source
 * file spells out: every class of these families is kept.
 */
const GENERATED_FAMILIES = [
  'btn',
  'alert',
  'spinner',
  'form',
  'col',
  'row',
  'container',
  'modal',
  'badge',
  'bg-',
  'text-bg-',
  'progress',
  'nav',
  'input-group',
  'offcanvas',
  'collapse',
  'collapsing',
  'card',
  'accordion',
  'fade',
  'show',
  'showing',
  'hiding',
  'was-validated',
  'is-invalid',
  'is-valid',
  'invalid-',
  'valid-',
  'visually-hidden',
  'active',
  'disabled',
  'dropdown',
  'close',
  'g-',
  'gx-',
  'gy-',
  'order-',
  'offset-',
  'navbar',
  'sticky-',
  'fixed-',
  'table',
  'list-group',
  'pagination',
  'page-',
  'placeholder',
  'toast',
  'tooltip',
  'popover',
  'carousel',
  'breadcrumb',
  'ratio',
];

function sourceFiles(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every word the sources contain; one ending in '-' (`text-${tone}`) keeps the classes it starts. */
function usedWords(files: string[]): { words: Set<string>; prefixes: string[] } {
  const words = new Set<string>();
  for (const file of files) for (const word of readFileSync(file, 'utf8').match(/[A-Za-z0-9_-]+/g) ?? []) words.add(word);
  const prefixes = [...words].filter((word) => word.endsWith('-') && word.length > 1);
  return { words, prefixes };
}

/**
 * Drops the rules of bootstrap.min.css whose classes no source file uses, keeping
 * the order of everything else (ADR 0036). Build only: the dev server serves the
 * whole file.
 */
export function purgeBootstrap(options: { root: string; sources: string[] }): Plugin {
  return {
    name: 'pulso:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0].replace(/\\/g, '/').endsWith('bootstrap/dist/css/bootstrap.min.css')) return null;
      const { words, prefixes } = usedWords(options.sources.flatMap((source) => sourceFiles(path.resolve(options.root, source))));
      const used = (name: string) =>
        words.has(name) ||
        prefixes.some((prefix) => name.startsWith(prefix)) ||
        GENERATED_FAMILIES.some((family) => name === family || name.startsWith(family.endsWith('-') ? family : `${family}-`));
      const root = postcss.parse(code.replace(/\/\*# sourceMappingURL=.*?\*\//, ''));
      root.walkRules((rule: Rule) => {
        if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return;
        const kept = rule.selectors.filter((selector) => [...selector.matchAll(/\.([A-Za-z0-9_-]+)/g)].every((match) => used(match[1])));
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
      return { code: root.toString(), map: null };
    },
  };
}
