import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  it('returns at once when a wake-up landed after the version was noted', async () => {
    const signal = new WakeSignal();
    const seen = signal.version;
    signal.bump();
    const started = Date.now();
    await signal.waitFor(seen, 10000);
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('wakes every waiter on bump, and otherwise times out', async () => {
    const signal = new WakeSignal();
    const waits = [signal.waitFor(signal.version, 10000), signal.waitFor(signal.version, 10000)];
    setTimeout(() => signal.bump(), 10);
    await Promise.all(waits);
    const started = Date.now();
    await signal.waitFor(signal.version, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('stops waiting when aborted', async () => {
    const signal = new WakeSignal();
    const abort = new AbortController();
    const waiting = signal.waitFor(signal.version, 10000, abort.signal);
    abort.abort();
    await waiting;
  });
});
