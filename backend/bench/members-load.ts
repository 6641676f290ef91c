import autocannon from 'autocannon';
import { paced } from './paced-client';
import { figures } from './traffic-figures';

/** What members.bench.ts asks of this child process over IPC. */
export interface LoadRequest {
  url: string;
  tokens: string[];
  rate: number;
  seconds: number;
  /**
   * `paced` (default): one request every 1/rate s, open loop, latency from when it was due (as in
   * `bench:load`). `autocannon`: its overallRate, which sends each second's budget in a burst at the
   * top of the second (the earlier figures).
   */
  client?: 'paced' | 'autocannon';
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The load generator of `npm run bench:members`, in its own process so that it does
 * not share the server's event loop: a fixed overall rate (not as fast as possible),
 * each request signed as another member, round robin.
 */
process.once('message', (message) => {
  const request = message as LoadRequest;
  let next = 0;
  if ((request.client ?? 'paced') === 'paced') {
    const target = new URL(request.url);
    const latencies: number[] = [];
    paced<never>(
      { url: request.url, rate: request.rate, seconds: request.seconds, connections: 20 },
      () => ({ route: 'stats', method: 'GET', path: target.pathname, headers: { authorization: request.tokens[next++ % request.tokens.length]! } }),
      (_route, _status, _body, latency) => latencies.push(latency),
      async (totals) => {
        const overall = figures('stats', latencies, totals.non2xx);
        const answer: LoadResult = {
          requests: totals.requests,
          non2xx: totals.non2xx,
          errors: totals.errors + totals.timeouts,
          rate: totals.rate,
          p50: overall.p50,
          p90: overall.p90,
          p99: overall.p99,
          max: overall.max,
        };
        process.send!(answer, () => process.exit(0));
      },
    );
    return;
  }
  const instance = autocannon(
    {
      url: request.url,
      connections: 20,
      duration: request.seconds,
      overallRate: request.rate,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const token = request.tokens[next++ % request.tokens.length]!;
            return { ...req, headers: { ...req.headers, authorization: token } };
          },
        },
      ],
    },
    (error, result) => {
      if (error) {
        process.stderr.write(`${error.stack ?? String(error)}\n`);
        process.exit(1);
      }
      const answer: LoadResult = {
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        rate: result.requests.average,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      };
      process.send!(answer, () => process.exit(0));
    },
  );
  process.once('SIGTERM', () => instance.stop());
});
