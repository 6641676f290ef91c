import { Session } from 'node:inspector';

/**
 * BENCH_HEAP_PROFILE=1 (`bench:load`, `bench:members`): what the process promotes into the old generation during Pulso's traffic
 * (or, in `bench:members`, from BENCH_HEAP_PROFILE_AT_MS (5 s) into the rebuild), the allocations that make its major GCs (and their concurrent marking on the two cores) frequent.
 * After a full GC, V8's sampling heap profiler runs for BENCH_HEAP_PROFILE_MS (4 s, shorter than
 * the time between two major GCs under this traffic); a scavenge then drops what died young, so
 * what is left was promoted (or is still in flight). BENCH_HEAP_PROFILE=all: every allocation
 * instead, young deaths included (what makes the scavenges frequent).
 */
export async function samplePromotions(all = false): Promise<string> {
  const gc = (globalThis as { gc?: (options?: { type: 'minor'; execution: 'sync' }) => void }).gc;
  if (!gc) return 'needs --expose-gc';
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('HeapProfiler.enable');
  gc();
  await post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: all });
  const seconds = Number(process.env.BENCH_HEAP_PROFILE_MS ?? 4000) / 1000;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  gc({ type: 'minor', execution: 'sync' });
  const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
  session.disconnect();
  const bySite = new Map<string, number>();
  const visit = (node: HeapNode, stack: string[]) => {
    const frame = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
    const here = [frame, ...stack].slice(0, Number(process.env.BENCH_HEAP_PROFILE_DEPTH ?? 4));
    if (node.selfSize > 0) bySite.set(here.join(' ← '), (bySite.get(here.join(' ← ')) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child, here);
  };
  visit(profile.head, []);
  const total = [...bySite.values()].reduce((sum, size) => sum + size, 0);
  return [
    `${all ? 'allocated' : 'promoted'} in ${seconds} s (sampled): ${(total / 1048576).toFixed(1)} MB`,
    ...[...bySite]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_HEAP_PROFILE_TOP ?? 30))
      .map(([site, size]) => `${(size / 1048576).toFixed(2).padStart(8)} MB  ${site}`),
  ].join('\n');
}
interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}
