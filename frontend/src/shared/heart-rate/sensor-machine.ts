import type { SensorContact } from './heart-rate-measurement';

/**
 * The heart-rate sensor's connection as one pure reducer (issue 18): desconectado →
 * conectando → recibiendo → sin señal → reconectando. The reducer decides; the hook
 * (`use-heart-rate-sensor.ts`) talks to Web Bluetooth and runs the timers it asks for.
 * Times are milliseconds from the hook's clock, carried on every event.
 */
export type SensorStatus = 'disconnected' | 'connecting' | 'receiving' | 'noSignal' | 'reconnecting';

export interface SensorReading {
  bpm: number;
  at: number;
}

export interface SensorState {
  status: SensorStatus;
  /** The last BPM worth showing and when it arrived; `freshBpm` hides it once stale. */
  lastReading: SensorReading | null;
  /** True from the moment the GATT link is up until it drops. */
  linked: boolean;
  /** Failed reconnections since the drop, which sets the next delay. */
  attempt: number;
  /** When the hook should try to reconnect, while a retry is pending. */
  retryAt: number | null;
  /** Why the last pairing failed, in Spanish, for the member. */
  error: string | null;
}

/** A BPM older than this is never shown, and no measurement for this long means "Sin señal". */
export const STALE_AFTER_MS = 5_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 15_000;

export const initialSensorState: SensorState = { status: 'disconnected', lastReading: null, linked: false, attempt: 0, retryAt: null, error: null };

export const sensorEvents = {
  /** The member pressed "Conectar sensor" (the chooser opens). */
  connectRequested: (at: number) => ({ type: 'connectRequested' as const, at }),
  /** The chooser was dismissed or pairing failed; `message` is null when the member just cancelled. */
  connectFailed: (at: number, message: string | null) => ({ type: 'connectFailed' as const, at, message }),
  /** GATT connected and notifications started. */
  connected: (at: number) => ({ type: 'connected' as const, at }),
  measurementReceived: (at: number, bpm: number, contact: SensorContact) => ({ type: 'measurementReceived' as const, at, bpm, contact }),
  /** The hook's watchdog: nothing usable arrived for STALE_AFTER_MS. */
  signalLost: (at: number) => ({ type: 'signalLost' as const, at }),
  /** `gattserverdisconnected` without the member asking for it. */
  disconnected: (at: number) => ({ type: 'disconnected' as const, at }),
  /** The hook started the reconnection the state asked for. */
  reconnectStarted: (at: number) => ({ type: 'reconnectStarted' as const, at }),
  reconnectFailed: (at: number) => ({ type: 'reconnectFailed' as const, at }),
  /** The member pressed "Reconectar": try now, backoff from the start. */
  reconnectRequested: (at: number) => ({ type: 'reconnectRequested' as const, at }),
  disconnectRequested: (at: number) => ({ type: 'disconnectRequested' as const, at }),
};

export type SensorEvent = ReturnType<(typeof sensorEvents)[keyof typeof sensorEvents]>;

/** 1, 2, 4, 8 s, then every 15 s: quick after a brief drop, gentle on the battery when the strap is gone. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

export function sensorReducer(state: SensorState, event: SensorEvent): SensorState {
  switch (event.type) {
    case 'connectRequested':
      return state.status === 'disconnected' ? { ...initialSensorState, status: 'connecting' } : state;
    case 'connectFailed':
      return state.status === 'connecting' && !state.linked ? { ...initialSensorState, error: event.message } : state;
    case 'connected':
      if (state.status !== 'connecting' && state.status !== 'reconnecting') return state;
      return { ...state, linked: true, attempt: 0, retryAt: null, error: null };
    case 'measurementReceived':
      // A strap off the skin sends 0 or a stale figure with "no contact": showing it would be a guess.
      if (!state.linked || event.contact === 'lost' || event.bpm <= 0) return state;
      return { ...state, status: 'receiving', lastReading: { bpm: event.bpm, at: event.at } };
    case 'signalLost':
      // Also after a reconnection that brings the link back but no data: the banner gives way to "Sin señal".
      if (!state.linked) return state;
      if (state.lastReading && event.at - state.lastReading.at < STALE_AFTER_MS) return state;
      return { ...state, status: 'noSignal' };
    case 'disconnected':
      if (state.status === 'disconnected' || !state.linked) return state;
      return { ...state, status: 'reconnecting', linked: false, attempt: 0, retryAt: event.at + reconnectDelayMs(0) };
    case 'reconnectStarted':
      return state.status === 'reconnecting' && state.retryAt !== null ? { ...state, retryAt: null } : state;
    case 'reconnectFailed': {
      if (state.status !== 'reconnecting' || state.linked) return state;
      const attempt = state.attempt + 1;
      return { ...state, attempt, retryAt: event.at + reconnectDelayMs(attempt) };
    }
    case 'reconnectRequested':
      return state.status === 'reconnecting' && state.retryAt !== null ? { ...state, attempt: 0, retryAt: event.at } : state;
    case 'disconnectRequested':
      return initialSensorState;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The BPM to show at `now`, or null when none arrived in the last STALE_AFTER_MS. */
export function freshBpm(state: SensorState, now: number): number | null {
  const reading = state.lastReading;
  return reading && state.linked && now - reading.at < STALE_AFTER_MS ? reading.bpm : null;
}

/** The drop banner ("Sensor desconectado — Reconectar") shows while the link is being recovered. */
export function showsDropBanner(state: SensorState): boolean {
  return state.status === 'reconnecting';
}

/** The one label per state the player shows (data-testid="hr-state"). */
export const SENSOR_STATUS_LABEL: Record<SensorStatus, string> = {
  disconnected: 'Desconectado',
  connecting: 'Conectando…',
  receiving: 'Recibiendo',
  noSignal: 'Sin señal',
  reconnecting: 'Reconectando…',
};
