import autocannonUntyped from 'autocannon';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { figures } from './traffic-figures';
import { paced } from './paced-client';
import { StallWatch, type Stall } from './stall-watch';

/** One member the traffic speaks for: a signed token and, when the member has one, an enrolment to ask about. */
export interface LoadMember {
  token: string;
  enrollmentId: string | null;
}

/** What load.bench.ts asks of this child process over IPC. */
export interface TrafficRequest {
  url: string;
  members: LoadMember[];
  trainingWorkoutIds: string[];
  runningWorkoutIds: string[];
  rate: number;
  seconds: number;
  connections: number;
  /** Share of the completions that repeat a recent key of the same member (a member's retry). */
  retryShare: number;
  /** Share of completions in the mix (0.2); the reads share the rest in their proportions. */
  completionShare: number;
  /**
   * `paced` (default): one request every 1/rate s, open loop, latency from its scheduled time.
   * `autocannon`: autocannon's overallRate, which gives each connection a budget per second that it
   * spends at once, so the traffic comes in bursts at the start of every second (the earlier figures).
   */
  client?: 'paced' | 'autocannon';
}

export interface RouteFigures {
  route: string;
  requests: number;
  non2xx: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** Every answer to a completion, by the member (index into `members`) and the Idempotency-Key it carried. */
export interface CompletionAnswer {
  member: number;
  key: string;
  status: number;
  duplicate: boolean | null;
  /** The answer's `consistent` (the read models had the completion when it answered). */
  consistent: boolean | null;
  /** A retry sent after the run for a key whose answer the end of the run cut off. */
  followUp: boolean;
}

export interface TrafficResult {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rate: number;
  overall: RouteFigures;
  routes: RouteFigures[];
  completionsSent: number;
  retriesSent: number;
  /** Keys whose every request was still in flight when the run ended, retried once afterwards. */
  followUps: number;
  answers: CompletionAnswer[];
  statusCounts: Record<string, number>;
  /** Every latency by route (ms), so that slices of one run can be merged before taking percentiles. */
  latencies: Record<string, number[]>;
  /** The slowest requests (wall-clock ms when each was due, its route and latency), for laying stalls against the database's samples. */
  slowest: SlowRequest[];
  /** The generator's own standstills during the slice (bench/stall-watch.ts): they count in every latency it measures. */
  generatorStalls: Stall[];
  generatorLongestStallMs: number;
}

export interface SlowRequest {
  dueAt: number;
  route: string;
  latency: number;
}

/** How many of the slowest requests a slice reports. */
const SLOWEST_KEPT = 30;

export const ROUTES = {
  stats: 'GET /api/progress/stats',
  progress: 'GET /api/progress',
  enrollments: 'GET /api/enrollments',
  current: 'GET /api/enrollments/{id}/current',
  workouts: 'GET /api/workouts',
  complete: 'POST /api/progress/complete',
} as const;

/** The default mix: 80 % reads over five routes, 20 % completions. */
const DEFAULT_MIX: [keyof typeof ROUTES, number][] = [
  ['stats', 0.2],
  ['progress', 0.2],
  ['enrollments', 0.15],
  ['current', 0.1],
  ['workouts', 0.15],
  ['complete', 0.2],
];

/** The parts of autocannon this generator uses beyond the shared declaration: per-request context, bodies and answers. */
interface RequestParams {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface TrafficOptions {
  url: string;
  connections: number;
  duration: number;
  overallRate: number;
  requests: {
    method?: string;
    setupRequest: (request: RequestParams, context: Context) => RequestParams;
    onResponse: (status: number, body: string, context: Context) => void;
  }[];
}
const autocannon = autocannonUntyped as unknown as (
  options: TrafficOptions,
  callback: (error: Error | null, result: { requests: { total: number; average: number }; non2xx: number; errors: number; timeouts: number }) => void,
) => { stop(): void };

interface Sent {
  member: number;
  key: string;
  body: string;
}

interface Context {
  route?: string;
  sentAt?: number;
  completion?: Sent;
}

/**
 * The load generator of `npm run bench:load`, in its own process so that it does not
 * share the server's event loop. autocannon holds a fixed overall rate over its
 * connections; each request is drawn from the mix as it is about to be written and
 * signed as a random member. Latency is taken per route from the moment the request
 * is built (just before it is written) to the end of its answer: one request in
 * flight per connection, so the connection's context tells which request answered.
 */
process.once('message', (message) => {
  const request = message as TrafficRequest;
  const watch = new StallWatch();
  watch.start();
  const withEnrollment = request.members.map((member, index) => (member.enrollmentId ? index : -1)).filter((index) => index >= 0);
  const latencies = new Map<string, number[]>(Object.values(ROUTES).map((route) => [route, []]));
  const slowest: SlowRequest[] = [];
  const non2xx = new Map<string, number>(Object.values(ROUTES).map((route) => [route, 0]));
  const statusCounts: Record<string, number> = {};
  const answers: CompletionAnswer[] = [];
  const recent: Sent[] = [];
  const sentByKey = new Map<string, Sent>();
  const answeredKeys = new Set<string>();
  let completionsSent = 0;
  let retriesSent = 0;
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

  const reads = 1 - (DEFAULT_MIX.find(([route]) => route === 'complete')?.[1] ?? 0);
  const mix = DEFAULT_MIX.map(([route, share]): [keyof typeof ROUTES, number] =>
    route === 'complete' ? [route, request.completionShare] : [route, (share / reads) * (1 - request.completionShare)],
  );
  const draw = (): keyof typeof ROUTES => {
    let roll = Math.random();
    for (const [route, share] of mix) {
      if (roll < share) return route;
      roll -= share;
    }
    return 'stats';
  };

  const completion = (): Sent => {
    if (recent.length > 0 && Math.random() < request.retryShare) {
      retriesSent += 1;
      return pick(recent);
    }
    const member = Math.floor(Math.random() * request.members.length);
    const running = Math.random() < 0.25 && request.runningWorkoutIds.length > 0;
    const body = running
      ? { workoutId: pick(request.runningWorkoutIds), isRunning: true, duration: 900 + Math.floor(Math.random() * 2700) }
      : { workoutId: pick(request.trainingWorkoutIds), planId: null, enrollmentId: null, durationSec: 600 + Math.floor(Math.random() * 2400) };
    const sent = { member, key: randomUUID(), body: JSON.stringify(body) };
    sentByKey.set(sent.key, sent);
    recent.push(sent);
    if (recent.length > 50) recent.shift();
    return sent;
  };

  const completionAnswer = (sent: Sent, status: number, body: string, followUp: boolean): CompletionAnswer => {
    let duplicate: boolean | null = null;
    let consistent: boolean | null = null;
    if (status === 200) {
      try {
        const parsed = JSON.parse(body) as { duplicate?: boolean; consistent?: boolean };
        duplicate = parsed.duplicate === true;
        consistent = parsed.consistent === true;
      } catch {
        duplicate = null;
      }
    }
    return { member: sent.member, key: sent.key, status, duplicate, consistent, followUp };
  };

  /** A member whose answer never came retries with the same key: the answer says whether the first attempt was recorded. */
  const followUp = async (sent: Sent): Promise<void> => {
    const response = await fetch(`${request.url}/api/progress/complete`, {
      method: 'POST',
      headers: { authorization: request.members[sent.member]!.token, 'content-type': 'application/json', 'idempotency-key': sent.key },
      body: sent.body,
    });
    answers.push(completionAnswer(sent, response.status, await response.text(), true));
  };

  /** The next request of the mix, as a random member. */
  const build = (): { route: string; method: string; path: string; headers: Record<string, string>; body?: string; completion?: Sent } => {
    let kind = draw();
    if (kind === 'current' && withEnrollment.length === 0) kind = 'enrollments';
    if (kind === 'complete') {
      const sent = completion();
      completionsSent += 1;
      return {
        route: ROUTES.complete,
        method: 'POST',
        path: '/api/progress/complete',
        headers: { authorization: request.members[sent.member]!.token, 'content-type': 'application/json', 'idempotency-key': sent.key },
        body: sent.body,
        completion: sent,
      };
    }
    const member = kind === 'current' ? pick(withEnrollment) : Math.floor(Math.random() * request.members.length);
    const { token, enrollmentId } = request.members[member]!;
    const path = {
      stats: '/api/progress/stats',
      progress: '/api/progress',
      enrollments: '/api/enrollments',
      current: `/api/enrollments/${enrollmentId}/current`,
      workouts: '/api/workouts',
    }[kind];
    return { route: ROUTES[kind], method: 'GET', path, headers: { authorization: token } };
  };

  const answered = (route: string, status: number, body: string, latency: number, sent: Sent | undefined): void => {
    latencies.get(route)!.push(latency);
    if (slowest.length < SLOWEST_KEPT || latency > slowest[slowest.length - 1]!.latency) {
      slowest.push({ dueAt: Date.now() - latency, route, latency });
      slowest.sort((a, b) => b.latency - a.latency);
      if (slowest.length > SLOWEST_KEPT) slowest.pop();
    }
    statusCounts[`${route} ${status}`] = (statusCounts[`${route} ${status}`] ?? 0) + 1;
    if (status < 200 || status > 299) non2xx.set(route, non2xx.get(route)! + 1);
    if (sent) {
      answers.push(completionAnswer(sent, status, body, false));
      answeredKeys.add(sent.key);
    }
  };

  const finish = async (totals: { requests: number; non2xx: number; errors: number; timeouts: number; rate: number }): Promise<void> => {
    const unanswered = [...sentByKey.values()].filter((sent) => !answeredKeys.has(sent.key));
    try {
      for (let index = 0; index < unanswered.length; index += 10) await Promise.all(unanswered.slice(index, index + 10).map(followUp));
    } catch (failure) {
      process.stderr.write(
        `${request.url} ${failure instanceof Error ? `${failure.stack ?? failure.message} ${String((failure as { cause?: unknown }).cause)}` : String(failure)}\n`,
      );
      process.exit(1);
    }
    const all = [...latencies.values()].flat();
    const answer: TrafficResult = {
      ...totals,
      overall: figures(
        'overall',
        all,
        [...non2xx.values()].reduce((sum, value) => sum + value, 0),
      ),
      routes: [...latencies.entries()].map(([route, values]) => figures(route, values, non2xx.get(route)!)),
      completionsSent,
      retriesSent,
      followUps: unanswered.length,
      answers,
      statusCounts,
      latencies: Object.fromEntries(latencies),
      slowest,
      generatorStalls: watch.stalls,
      generatorLongestStallMs: Math.round(watch.longest),
    };
    watch.stop();
    process.send!(answer, () => process.exit(0));
  };

  if ((request.client ?? 'paced') === 'paced') {
    paced({ url: request.url, rate: request.rate, seconds: request.seconds, connections: request.connections }, build, answered, finish);
    return;
  }

  const instance = autocannon(
    {
      url: request.url,
      connections: request.connections,
      duration: request.seconds,
      overallRate: request.rate,
      requests: [
        {
          method: 'GET',
          setupRequest: (req, context) => {
            const next = build();
            context.route = next.route;
            context.completion = next.completion;
            context.sentAt = performance.now();
            return { ...req, method: next.method, path: next.path, headers: { ...req.headers, ...next.headers }, body: next.body };
          },
          onResponse: (status, body, context) => {
            const route = context.route;
            if (!route || context.sentAt === undefined) return;
            answered(route, status, body, performance.now() - context.sentAt, context.completion);
            context.route = undefined;
            context.sentAt = undefined;
            context.completion = undefined;
          },
        },
      ],
    },
    async (error, result) => {
      if (error) {
        process.stderr.write(`${error.stack ?? String(error)}\n`);
        process.exit(1);
      }
      await finish({ requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, rate: result.requests.average });
    },
  );
  process.once('SIGTERM', () => instance.stop());
});
