import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Files under `folder` (relative to src) whose text matches `pattern`, as paths relative to src. */
function matching(folder: string, pattern: RegExp, except: (path: string) => boolean = () => false): string[] {
  return sources(join(SRC, folder))
    .map((file) => relative(SRC, file).split('\\').join('/'))
    .filter((path) => !except(path) && pattern.test(readFileSync(join(SRC, path), 'utf8')))
    .sort();
}

const isTest = (path: string) => /\.(spec|int-spec)\.ts$/.test(path) || path.includes('/testing/');

/** What the lint's import zones cannot say (eslint.config.mjs holds the rest, proven by frontend/src/lint-zones.test.ts). */
describe('module boundaries', () => {
  it('leaves one writer of member streams and one of class streams: nothing else in modules/ appends or runs commands', () => {
    expect(matching('modules', /handleCommand|store\.append/)).toEqual(['modules/class-bookings/class-streams.ts', 'modules/members/member-streams.ts']);
  });

  it('keeps members/ free of progress/, and progress/ on what members/ exports', () => {
    expect(matching('modules/members', /from '\.\.\/progress\//)).toEqual([]);
    const allowed = /from '\.\.\/members\/(members\.module|member\.events|member-streams|member\.decider|member-personal-data\.rules)'/g;
    const reachingIn = matching('modules/progress', /from '\.\.\/members\//, isTest).filter((path) =>
      readFileSync(join(SRC, path), 'utf8').replace(allowed, '').includes("from '../members/"),
    );
    expect(reachingIn).toEqual([]);
  });
});
