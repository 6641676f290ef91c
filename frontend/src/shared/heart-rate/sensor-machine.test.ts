import fc from 'fast-check';
import {
  freshBpm,
  initialSensorState,
  reconnectDelayMs,
  sensorEvents as on,
  sensorReducer,
  showsDropBanner,
  STALE_AFTER_MS,
  type SensorEvent,
  type SensorState,
} from './sensor-machine';

const run = (...events: SensorEvent[]) => events.reduce(sensorReducer, initialSensorState);
const receiving = () => run(on.connectRequested(0), on.connected(100), on.measurementReceived(1_000, 72, 'detected'));

describe('sensor machine', () => {
  it('pairs: desconectado → conectando → recibiendo', () => {
    const connecting = run(on.connectRequested(0));
    expect(connecting.status).toBe('connecting');
    const linked = sensorReducer(connecting, on.connected(100));
    expect(linked).toMatchObject({ status: 'connecting', linked: true });
    expect(sensorReducer(linked, on.measurementReceived(900, 80, 'unsupported'))).toMatchObject({ status: 'receiving', lastReading: { bpm: 80, at: 900 } });
  });

  it('returns to desconectado when the chooser is cancelled, with the reason when pairing failed', () => {
    expect(run(on.connectRequested(0), on.connectFailed(10, null))).toEqual(initialSensorState);
    expect(run(on.connectRequested(0), on.connectFailed(10, 'No se pudo conectar'))).toMatchObject({ status: 'disconnected', error: 'No se pudo conectar' });
    expect(run(on.connectRequested(0), on.connectFailed(10, 'x'), on.connectRequested(20)).error).toBeNull();
  });

  it('ignores readings taken without skin contact or of 0 bpm', () => {
    const state = receiving();
    expect(sensorReducer(state, on.measurementReceived(2_000, 0, 'detected'))).toBe(state);
    expect(sensorReducer(state, on.measurementReceived(2_000, 65, 'lost'))).toBe(state);
  });

  it('ignores readings before the link is up', () => {
    const connecting = run(on.connectRequested(0));
    expect(sensorReducer(connecting, on.measurementReceived(10, 70, 'detected'))).toBe(connecting);
  });

  it('goes to sin señal only once the last reading is 5 s old, and back on the next reading', () => {
    const state = receiving();
    expect(sensorReducer(state, on.signalLost(1_000 + STALE_AFTER_MS - 1))).toBe(state);
    const lost = sensorReducer(state, on.signalLost(1_000 + STALE_AFTER_MS));
    expect(lost.status).toBe('noSignal');
    expect(sensorReducer(lost, on.measurementReceived(7_000, 90, 'detected')).status).toBe('receiving');
  });

  it('goes to sin señal when a linked sensor never sends anything', () => {
    expect(run(on.connectRequested(0), on.connected(100), on.signalLost(5_100)).status).toBe('noSignal');
  });

  it('after a drop, reconnects with a backoff of 1, 2, 4, 8 then 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    let state = sensorReducer(receiving(), on.disconnected(2_000));
    expect(state).toMatchObject({ status: 'reconnecting', linked: false, attempt: 0, retryAt: 3_000 });
    expect(showsDropBanner(state)).toBe(true);
    state = sensorReducer(state, on.reconnectStarted(3_000));
    expect(state.retryAt).toBeNull();
    state = sensorReducer(state, on.reconnectFailed(3_500));
    expect(state).toMatchObject({ attempt: 1, retryAt: 5_500 });
    state = sensorReducer(sensorReducer(state, on.reconnectStarted(5_500)), on.reconnectFailed(6_000));
    expect(state).toMatchObject({ attempt: 2, retryAt: 10_000 });
  });

  it('recovers: the banner stays until data flows again', () => {
    const dropped = run(
      on.connectRequested(0),
      on.connected(100),
      on.measurementReceived(1_000, 72, 'detected'),
      on.disconnected(2_000),
      on.reconnectStarted(3_000),
    );
    const relinked = sensorReducer(dropped, on.connected(3_200));
    expect(relinked).toMatchObject({ status: 'reconnecting', linked: true, attempt: 0, retryAt: null });
    expect(sensorReducer(relinked, on.measurementReceived(4_000, 75, 'detected')).status).toBe('receiving');
    expect(sensorReducer(relinked, on.signalLost(8_200)).status).toBe('noSignal');
  });

  it('"Reconectar" retries at once and restarts the backoff; not while an attempt runs', () => {
    const waiting = run(on.connectRequested(0), on.connected(100), on.disconnected(2_000), on.reconnectStarted(3_000), on.reconnectFailed(3_100));
    expect(sensorReducer(waiting, on.reconnectRequested(3_200))).toMatchObject({ attempt: 0, retryAt: 3_200 });
    const trying = sensorReducer(waiting, on.reconnectStarted(5_100));
    expect(sensorReducer(trying, on.reconnectRequested(5_200))).toBe(trying);
  });

  it('a drop before the link was ever up is a failed pairing, not a reconnection', () => {
    const connecting = run(on.connectRequested(0));
    expect(sensorReducer(connecting, on.disconnected(10))).toBe(connecting);
  });

  it('disconnecting on purpose forgets everything and never reconnects', () => {
    const state = run(on.connectRequested(0), on.connected(100), on.measurementReceived(1_000, 72, 'detected'), on.disconnectRequested(1_500));
    expect(state).toEqual(initialSensorState);
    expect(sensorReducer(state, on.disconnected(1_600))).toBe(state);
    expect(sensorReducer(state, on.reconnectFailed(1_600))).toBe(state);
  });

  it('shows a BPM for less than 5 s after it arrived, and never while the link is down', () => {
    const state = receiving();
    expect(freshBpm(state, 1_000)).toBe(72);
    expect(freshBpm(state, 1_000 + STALE_AFTER_MS - 1)).toBe(72);
    expect(freshBpm(state, 1_000 + STALE_AFTER_MS)).toBeNull();
    expect(freshBpm(sensorReducer(state, on.disconnected(1_100)), 1_200)).toBeNull();
    expect(freshBpm(initialSensorState, 0)).toBeNull();
  });
});

describe('sensor machine properties', () => {
  const eventAt = (at: number) =>
    fc.oneof(
      fc.constant(on.connectRequested(at)),
      fc.constantFrom(null, 'fallo').map((message) => on.connectFailed(at, message)),
      fc.constant(on.connected(at)),
      fc
        .tuple(fc.integer({ min: 0, max: 250 }), fc.constantFrom('unsupported', 'lost', 'detected') as fc.Arbitrary<'unsupported' | 'lost' | 'detected'>)
        .map(([bpm, contact]) => on.measurementReceived(at, bpm, contact)),
      fc.constant(on.signalLost(at)),
      fc.constant(on.disconnected(at)),
      fc.constant(on.reconnectStarted(at)),
      fc.constant(on.reconnectFailed(at)),
      fc.constant(on.reconnectRequested(at)),
      fc.constant(on.disconnectRequested(at)),
    );
  const history = fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.nat()), { maxLength: 60 }).chain((steps) => {
    let at = 0;
    return fc.tuple(...steps.map(([gap]) => eventAt((at += gap))));
  });

  it('never shows a stale BPM, keeps retries within 15 s, and keeps status and link consistent', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 30_000 }), (events, wait) => {
        let state: SensorState = initialSensorState;
        for (const event of events) {
          const before = state;
          state = sensorReducer(state, event);
          if (state.retryAt !== null) {
            expect(state.status).toBe('reconnecting');
            expect(state.linked).toBe(false);
          }
          if (state.retryAt !== null && state.retryAt !== before.retryAt) {
            expect(state.retryAt - event.at).toBeGreaterThanOrEqual(0);
            expect(state.retryAt - event.at).toBeLessThanOrEqual(15_000);
          }
          if (state.status === 'receiving') expect(state.linked).toBe(true);
          if (state.status === 'disconnected') expect(state).toMatchObject({ linked: false, lastReading: null, retryAt: null });
          const now = event.at + wait;
          const shown = freshBpm(state, now);
          if (shown !== null) {
            expect(state.lastReading && now - state.lastReading.at).toBeLessThan(STALE_AFTER_MS);
            expect(shown).toBeGreaterThan(0);
          }
        }
      }),
    );
  });
});
