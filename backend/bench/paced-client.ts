import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Where and how fast the paced client sends. */
export interface PacedRequest {
  url: string;
  rate: number;
  seconds: number;
  /** Sockets kept alive at most; a request due while all are busy waits in the agent (its wait counts). */
  connections: number;
}

/** One request to send: the route it is counted under, and whatever the caller wants back with its answer. */
export interface PacedCall<S> {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  completion?: S;
}

export interface PacedTotals {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rate: number;
}

/**
 * An open-loop generator paced like the traffic it stands for: request i is due at start + i/rate
 * whatever happened to the ones before (at most `connections` sockets, kept alive; a request
 * waiting for a free socket waits in the agent), and its latency runs from when it was due, so a
 * slow server is not hidden by the client sending less (no coordinated omission).
 */
export function paced<S>(
  request: PacedRequest,
  build: () => PacedCall<S>,
  answered: (route: string, status: number, body: string, latency: number, sent: S | undefined) => void,
  finish: (totals: PacedTotals) => Promise<void>,
): void {
  const target = new URL(request.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.connections });
  const total = Math.round(request.rate * request.seconds);
  const interval = 1000 / request.rate;
  const start = performance.now() + 20;
  let due = 0;
  let settled = 0;
  let errors = 0;
  let non2xx = 0;
  let stopped = false;
  const done = (): void => {
    if (settled < due || (due < total && !stopped)) return;
    agent.destroy();
    void finish({ requests: settled - errors, non2xx, errors, timeouts: 0, rate: (settled - errors) / request.seconds });
  };
  const fire = (scheduledAt: number): void => {
    const next = build();
    const call = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: next.method,
        path: next.path,
        headers: next.body ? { ...next.headers, 'content-length': Buffer.byteLength(next.body) } : next.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) non2xx += 1;
          answered(next.route, status, Buffer.concat(chunks).toString('utf8'), performance.now() - scheduledAt, next.completion);
          settled += 1;
          done();
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      errors += 1;
      // Named, so that a run's errors say what they were (the first few; the count has them all).
      if (errors <= 5)
        process.stderr.write(
          `· transport error on ${next.method} ${next.path} after ${Math.round(performance.now() - scheduledAt)} ms: ${error.code ?? error.message}\n`,
        );
      settled += 1;
      done();
    });
    call.end(next.body);
  };
  const tick = (): void => {
    const now = performance.now();
    while (!stopped && due < total && start + due * interval <= now) {
      fire(start + due * interval);
      due += 1;
    }
    if (!stopped && due < total) setTimeout(tick, Math.max(0, start + due * interval - performance.now()));
    else done();
  };
  process.once('SIGTERM', () => {
    stopped = true;
    done();
  });
  setTimeout(tick, 20);
}
