import { readFile } from 'node:fs/promises';

/**
 * A short reading of V8 CPU profiles (the `.cpuprofile` JSON that `node --cpu-prof` and the
 * inspector's `Profiler.stop` write): self time per function and per package, summed over one
 * or more profiles. Self time is the time a sample found the function itself on top of the
 * stack, not in what it called. Used by `bench:load` (BENCH_CPU_PROFILE) and runnable alone:
 * `node .bench/bench/cpu-profile.js <file.cpuprofile>… [--top=N]` after `tsc -p bench/tsconfig.json`.
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  /** Sampled time in all, idle included, in ms. */
  totalMs: number;
  /** Sampled time minus `(idle)`: what the process spent on the CPU (or waiting in a syscall on it). */
  busyMs: number;
  functions: SelfTime[];
  packages: SelfTime[];
  /**
   * Self time per package with native code and Node's own library charged to the nearest npm
   * package or project file up the stack: socket writes land on whoever wrote (pg, compression…).
   */
  owners: SelfTime[];
}

/** V8's own pseudo-frames: idle time, the garbage collector, the runtime outside JS. */
const PSEUDO = new Set(['(idle)', '(garbage collector)', '(program)', '(root)']);

/**
 * Where a frame's code lives: the npm package (`@scope/name` or `name`, from the last
 * node_modules/ in its path), `node:<module>` for Node's own library, `app` for the project's
 * code, or the pseudo-frame's name.
 */
export function packageOf(url: string, functionName: string): string {
  if (url === '' && PSEUDO.has(functionName)) return functionName;
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return 'app';
}

/** `name (file:line)` with the file shortened to what follows node_modules/ or the project's src/ and bench/. */
function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (frame.url === '') return name;
  const modules = frame.url.lastIndexOf('node_modules/');
  const file = modules >= 0 ? frame.url.slice(modules + 'node_modules/'.length) : frame.url.replace(/^file:\/\//, '').replace(/^.*\/(src|bench)\//, '$1/');
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/** Self time per function and per package, summed over the profiles, largest first. */
export function summarise(profiles: readonly CpuProfile[]): ProfileSummary {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let totalMicros = 0;
  let idleMicros = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const ownerOf = (id: number): string => {
      const own = nodes.get(id)!;
      if (own.url === '' && PSEUDO.has(own.functionName)) return own.functionName;
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at)!;
        const pkg = packageOf(frame.url, frame.functionName);
        if (pkg === 'app') return `app: ${frame.url.replace(/^file:\/\//, '').replace(/^.*\/(src|bench)\//, '$1/')}`;
        if (!pkg.startsWith('node:') && !pkg.startsWith('(')) return pkg;
      }
      return '(node, no package above)';
    };
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    // timeDeltas[i] is the time before sample i; the time a sample stands for is the gap to the next one.
    for (let i = 0; i < samples.length; i += 1) {
      const micros = Math.max(0, i + 1 < deltas.length ? deltas[i + 1]! : 0);
      const frame = nodes.get(samples[i]!);
      if (!frame || micros === 0) continue;
      totalMicros += micros;
      if (frame.functionName === '(idle)') {
        idleMicros += micros;
        continue;
      }
      const fn = frameName(frame);
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
      const pkg = packageOf(frame.url, frame.functionName);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
      const owner = ownerOf(samples[i]!);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    }
  }
  const busyMicros = totalMicros - idleMicros;
  const ranked = (map: Map<string, number>): SelfTime[] =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).map(([name, micros]) => ({ name, ms: micros / 1000, share: busyMicros > 0 ? micros / busyMicros : 0 }));
  return { totalMs: totalMicros / 1000, busyMs: busyMicros / 1000, functions: ranked(byFunction), packages: ranked(byPackage), owners: ranked(byOwner) };
}

/** The summary as a few lines of text: the top `top` functions and packages by self time. */
export function formatSummary(summary: ProfileSummary, top = 15, perRequestOf?: number): string {
  const perRequest = (ms: number) => (perRequestOf ? `  ${((ms / perRequestOf) * 1000).toFixed(0).padStart(5)} µs/req` : '');
  const row = (entry: SelfTime) =>
    `  ${entry.ms.toFixed(0).padStart(8)} ms ${(entry.share * 100).toFixed(1).padStart(5)} %${perRequest(entry.ms)}  ${entry.name}`;
  return [
    `CPU profile: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms sampled${perRequestOf ? ` (${perRequestOf} requests)` : ''}`,
    `top ${top} functions by self time:`,
    ...summary.functions.slice(0, top).map(row),
    `top ${top} packages by self time:`,
    ...summary.packages.slice(0, top).map(row),
    `top ${top} packages and project files, native and node: time charged to the nearest one calling it:`,
    ...summary.owners.slice(0, top).map(row),
  ].join('\n');
}

export async function readProfile(file: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const top = Number(args.find((arg) => arg.startsWith('--top='))?.slice('--top='.length) ?? 15);
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length === 0) {
    process.stderr.write('usage: node .bench/bench/cpu-profile.js <file.cpuprofile>… [--top=N]\n');
    process.exit(2);
  }
  Promise.all(files.map(readProfile))
    .then((profiles) => process.stdout.write(`${formatSummary(summarise(profiles), top)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    });
}
