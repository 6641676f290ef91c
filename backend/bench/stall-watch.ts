import { readdirSync, readFileSync } from 'node:fs';
import { constants, performance, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** A stretch during which a process ran none of its callbacks: when it began (wall-clock ms) and how long it lasted. */
export interface Stall {
  at: number;
  ms: number;
}

/**
 * Tells whose standstill a latency tail is (diagnostics for `bench:load`): a timer due every
 * `everyMs` in the process that watches; a gap between two of its runs longer than `everyMs +
 * overMs` is a stall of that process (a GC pause, a long callback, or the process not scheduled).
 * Run in the load generator and in the server's process at once, a slow request laid against both
 * lists says which side stood still, or neither (then the wait was elsewhere: the database, the
 * network). Unlike `monitorEventLoopDelay`, a watch stopped and started again counts nothing of the
 * time in between.
 */
export class StallWatch {
  private timer?: NodeJS.Timeout;
  private last = 0;
  readonly stalls: Stall[] = [];
  /** The longest gap seen beyond the timer's own interval, in ms. */
  longest = 0;

  constructor(
    private readonly everyMs = 5,
    private readonly overMs = 25,
  ) {}

  start(): void {
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = now - this.last - this.everyMs;
      if (late > this.longest) this.longest = late;
      if (late > this.overMs) this.stalls.push({ at: performance.timeOrigin + this.last, ms: Math.round(late) });
      this.last = now;
    }, this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The stalls of `list` that overlap [from, until] (wall-clock ms), as `hh:mm:ss.mmm +N ms`. */
export function stallsDuring(list: readonly Stall[], from: number, until: number): string[] {
  return list
    .filter((stall) => stall.at <= until && stall.at + stall.ms >= from)
    .map((stall) => `${new Date(stall.at).toISOString().slice(11, 23)} +${stall.ms} ms`);
}

/**
 * The machine's CPU time by kind since boot, from /proc/stat (Linux), in clock ticks: `steal` is
 * time the hypervisor gave this machine's CPUs to someone else. Undefined where there is no /proc.
 */
export function cpuTicks(): { total: number; steal: number; idle: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** A garbage collection's pause in this process: when it began (wall-clock ms), how long, and its kind. */
export interface GcPause extends Stall {
  kind: 'scavenge' | 'mark-compact' | 'incremental' | 'weak callbacks';
}

const GC_KINDS: Record<number, GcPause['kind']> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** The garbage collector's pauses in this process while `on` (Node's `gc` performance entries). */
export class GcPauses {
  readonly pauses: GcPause[] = [];
  on = false;
  private readonly observer = new PerformanceObserver((list) => {
    if (!this.on) return;
    for (const entry of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) {
      this.pauses.push({
        at: performance.timeOrigin + entry.startTime,
        ms: Math.round(entry.duration * 10) / 10,
        kind: GC_KINDS[entry.detail?.kind ?? 0] ?? 'scavenge',
      });
    }
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Count, total and longest pause by kind, e.g. `scavenge 40 × (412 ms, longest 14 ms)`. */
  summary(): string {
    const byKind = new Map<string, { n: number; total: number; longest: number }>();
    for (const pause of this.pauses) {
      const entry = byKind.get(pause.kind) ?? { n: 0, total: 0, longest: 0 };
      entry.n += 1;
      entry.total += pause.ms;
      entry.longest = Math.max(entry.longest, pause.ms);
      byKind.set(pause.kind, entry);
    }
    return (
      [...byKind].map(([kind, entry]) => `${kind} ${entry.n}× (${entry.total.toFixed(0)} ms, longest ${entry.longest.toFixed(0)} ms)`).join('; ') || 'none'
    );
  }

  close(): void {
    this.observer.disconnect();
  }
}

/** The pauses of `list` that overlap [from, until], as `hh:mm:ss.mmm kind N ms`. */
export function pausesDuring(list: readonly GcPause[], from: number, until: number, atLeastMs = 5): string[] {
  return list
    .filter((pause) => pause.ms >= atLeastMs && pause.at <= until && pause.at + pause.ms >= from)
    .map((pause) => `${new Date(pause.at).toISOString().slice(11, 23)} ${pause.kind} ${pause.ms.toFixed(0)} ms`);
}

/**
 * CPU time (ms) used so far by the PostgreSQL server whose data directory is `dataDir`: its
 * postmaster and every process it started (backends, background workers), with what exited
 * processes left in the postmaster's children's counters. Linux only (/proc); undefined elsewhere.
 */
export function databaseCpuMs(dataDir: string): number | undefined {
  try {
    const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n', 1)[0]);
    const tick = 1000 / Number(process.env.BENCH_CLOCK_TICKS ?? 100); // USER_HZ, 100 on Linux
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command (which may hold spaces) start at the state: ppid is the 2nd, utime/stime the 12th/13th, cutime/cstime the 14th/15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * tick;
  } catch {
    return undefined;
  }
}

/** CPU time (ms, user and system) used so far by one process, from /proc (Linux); undefined elsewhere or once it has exited. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / Number(process.env.BENCH_CLOCK_TICKS ?? 100));
  } catch {
    return undefined;
  }
}
