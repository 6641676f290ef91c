import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = __dirname;

/**
 * Cycles between folders that are allowed to stay, each as its folders in alphabetical order.
 * Empty: the folders of backend/src import one another in one direction only.
 */
const DECLARED_CYCLES: readonly (readonly string[])[] = [];

/** The folder a source file belongs to: a module (`modules/<name>`), another top folder of src, or `(root)` for the app's own files. */
function folderOf(path: string): string {
  const [top, name, ...rest] = path.split('/');
  if (top === 'modules' && rest.length > 0) return `modules/${name}`;
  return name === undefined ? '(root)' : top!;
}

const isTest = (path: string) => /\.(spec|int-spec)\.ts$/.test(path) || path.split('/').includes('testing');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Every import between two folders (static, type-only, re-exports, `import()` and `require` alike) of the code the app runs. */
function folderImports(): { from: string; to: string; file: string; imported: string }[] {
  const found: { from: string; to: string; file: string; imported: string }[] = [];
  for (const file of sources(SRC)) {
    const path = relative(SRC, file).split('\\').join('/');
    if (isTest(path)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(SRC, resolve(dirname(file), fileName))
        .split('\\')
        .join('/');
      if (target.startsWith('..')) continue;
      const [from, to] = [folderOf(path), folderOf(`${target}.ts`)];
      if (from !== to) found.push({ from, to, file: path, imported: fileName });
    }
  }
  return found;
}

/** The folders that reach one another through imports (strongly connected components of more than one folder), each sorted. */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    lowest.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/**
 * Folders import one another one way only (kgrzybek's module tests, at the scale of this app): shared/
 * and config/ at the bottom, infrastructure/ above them, then the member stream (`modules/members`)
 * under the features that write it, and the app's root files on top. The lint zones (eslint.config.mjs)
 * say which file may import which; this test catches what they cannot: a loop through several folders.
 */
describe('folders of backend/src', () => {
  it('import one another without a cycle, but for the declared ones', () => {
    const imports = folderImports();
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
    const undeclared = cyclesOf(edges).filter((cycle) => !DECLARED_CYCLES.some((declared) => declared.join() === cycle.join()));
    // Each cycle with the imports that close it, so the failure names the files to change.
    const explained = undeclared.map((cycle) => ({
      folders: cycle,
      imports: [...new Set(imports.filter(({ from, to }) => cycle.includes(from) && cycle.includes(to)).map(({ file, imported }) => `${file} -> ${imported}`))],
    }));
    expect(explained).toEqual([]);
  });

  it('reads every kind of import, so a cycle cannot hide in one', () => {
    const code = [
      "import { a } from '../members/a';",
      "import type { B } from '../heart-rate/b';",
      "export { c } from '../../shared/c';",
      'import {',
      '  d,',
      "} from '../progress/d';",
      "const e = () => import('../staff/e');",
      "// import { f } from '../privacy/f';",
      '',
    ].join('\n');
    expect(ts.preProcessFile(code, true, true).importedFiles.map(({ fileName }) => fileName)).toEqual([
      '../members/a',
      '../heart-rate/b',
      '../../shared/c',
      '../progress/d',
      '../staff/e',
    ]);
  });

  it('finds a cycle through any number of folders, and only cycles', () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, Set<string>>();
      for (const [from, to] of pairs) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      return edges;
    };
    expect(
      cyclesOf(
        graph([
          ['modules/members', 'shared'],
          ['modules/heart-rate', 'modules/members'],
          ['modules/heart-rate', 'shared'],
        ]),
      ),
    ).toEqual([]);
    expect(
      cyclesOf(
        graph([
          ['modules/members', 'modules/heart-rate'],
          ['modules/heart-rate', 'modules/members'],
          ['modules/staff', 'modules/members'],
        ]),
      ),
    ).toEqual([['modules/heart-rate', 'modules/members']]);
    expect(
      cyclesOf(
        graph([
          ['config', 'infrastructure'],
          ['infrastructure', 'shared'],
          ['shared', 'config'],
          ['modules/a', 'modules/b'],
          ['modules/b', 'modules/a'],
        ]),
      ),
    ).toEqual([
      ['config', 'infrastructure', 'shared'],
      ['modules/a', 'modules/b'],
    ]);
  });
});
