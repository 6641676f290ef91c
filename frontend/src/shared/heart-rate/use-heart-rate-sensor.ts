import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { parseHeartRateMeasurement } from './heart-rate-measurement';
import { rrIntervalsOf } from './heart-rate-series';
import { freshBpm, initialSensorState, sensorEvents, sensorReducer, STALE_AFTER_MS, type SensorState } from './sensor-machine';
import { browserBluetooth, type HeartRateCharacteristic, type HeartRateDevice, type WebBluetooth } from './web-bluetooth';

/** Whether this browser can pair a sensor: 'missing' is no Web Bluetooth at all, 'noAdapter' no Bluetooth radio. */
export type BluetoothSupport = 'checking' | 'available' | 'missing' | 'noAdapter';

export interface HeartRateSensor {
  support: BluetoothSupport;
  state: SensorState;
  /** The BPM to show now, or null when none is fresher than 5 s. */
  bpm: number | null;
  /** The same, read at call time: for samplers outside React's render (the completion's series). */
  readBpm: () => number | null;
  /**
   * The R–R intervals (whole ms, beats only) received since the last call and in the last
   * {@link RR_FRESH_MS}, then forgets them: a sampler calls it once a second trained, and what
   * arrived while the workout was paused is older and left out (ADR 0146).
   */
  takeRr: () => number[];
  /** Opens the browser's chooser: call it from a click (browsers require a user gesture). */
  connect: () => Promise<void>;
  /** "Reconectar" on the drop banner. */
  reconnect: () => void;
  disconnect: () => void;
}

export interface HeartRateSensorOptions {
  /** Replaces `navigator.bluetooth` in tests; null behaves like a browser without Web Bluetooth. */
  bluetooth?: WebBluetooth | null;
  now?: () => number;
}

/** How long received R–R intervals wait for {@link HeartRateSensor.takeRr}: two samplings a second apart. */
export const RR_FRESH_MS = 2_000;

/** Chromium's emulated sensor cannot push notifications: the browser journey reads a value instead. */
interface TestHook {
  read: () => Promise<void>;
}
declare global {
  interface Window {
    __pulsoHeartRate?: TestHook;
  }
}

function pairingError(error: unknown): string | null {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  // The member closed the chooser or picked nothing: not an error worth a message.
  if (name === 'NotFoundError' || name === 'AbortError') return null;
  if (name === 'SecurityError') return 'El navegador pidió confirmar otra vez: toca «Conectar sensor».';
  return 'No se pudo conectar el sensor. Revisa que esté encendido y cerca, y vuelve a intentarlo.';
}

/**
 * A Bluetooth heart-rate sensor (Heart Rate Service) for the length of a screen. The pure
 * `sensorReducer` decides every state change and the reconnection delays; this hook only talks
 * to Web Bluetooth and runs the timers the state asks for. Unmounting disconnects the sensor.
 */
export function useHeartRateSensor(options: HeartRateSensorOptions = {}): HeartRateSensor {
  const [bluetooth] = useState(() => (options.bluetooth === undefined ? browserBluetooth() : options.bluetooth));
  const now = options.now ?? Date.now;
  const clock = useRef(now);
  clock.current = now;

  const [state, dispatch] = useReducer(sensorReducer, initialSensorState);
  const [support, setSupport] = useState<BluetoothSupport>(bluetooth ? 'checking' : 'missing');
  const [, setWatchdogFired] = useState(0);
  const device = useRef<HeartRateDevice | null>(null);
  const characteristic = useRef<HeartRateCharacteristic | null>(null);
  const mounted = useRef(true);
  const pendingRr = useRef<{ at: number; ms: number }[]>([]);

  useEffect(() => {
    if (!bluetooth) return;
    let current = true;
    const availability = bluetooth.getAvailability ? bluetooth.getAvailability() : Promise.resolve(true);
    availability.then(
      (available) => current && setSupport(available ? 'available' : 'noAdapter'),
      // A browser that cannot tell still gets to try: the chooser says what is wrong.
      () => current && setSupport('available'),
    );
    return () => {
      current = false;
    };
  }, [bluetooth]);

  const onValue = useCallback((event: Event) => {
    const value = (event.target as HeartRateCharacteristic | null)?.value;
    if (!value) return;
    try {
      const measurement = parseHeartRateMeasurement(value);
      // With the strap off the skin (contact lost) the intervals are noise, like the BPM.
      if (measurement.contact !== 'lost') {
        const at = clock.current();
        for (const ms of rrIntervalsOf(measurement.rrMs)) pendingRr.current.push({ at, ms });
      }
      dispatch(sensorEvents.measurementReceived(clock.current(), measurement.bpm, measurement.contact));
    } catch (error) {
      // One malformed packet is dropped; the watchdog turns silence into "Sin señal".
      console.warn('Medición de frecuencia cardiaca descartada', error);
    }
  }, []);

  const release = useCallback(() => {
    const current = characteristic.current;
    characteristic.current = null;
    if (!current) return;
    current.removeEventListener('characteristicvaluechanged', onValue);
    // After a drop the browser rejects this; the link is gone either way.
    current.stopNotifications().catch(() => undefined);
  }, [onValue]);

  const link = useCallback(
    async (target: HeartRateDevice) => {
      if (!target.gatt) throw new Error('El sensor no ofrece GATT');
      const server = await target.gatt.connect();
      const service = await server.getPrimaryService('heart_rate');
      const measurement = await service.getCharacteristic('heart_rate_measurement');
      release();
      measurement.addEventListener('characteristicvaluechanged', onValue);
      await measurement.startNotifications();
      characteristic.current = measurement;
    },
    [onValue, release],
  );

  const onDisconnected = useCallback(() => {
    if (!mounted.current) return;
    release();
    dispatch(sensorEvents.disconnected(clock.current()));
  }, [release]);

  const forget = useCallback(() => {
    const current = device.current;
    device.current = null;
    release();
    if (!current) return;
    current.removeEventListener('gattserverdisconnected', onDisconnected);
    current.gatt?.disconnect();
  }, [onDisconnected, release]);

  const connect = useCallback(async () => {
    if (!bluetooth || state.status !== 'disconnected') return;
    dispatch(sensorEvents.connectRequested(clock.current()));
    let chosen: HeartRateDevice;
    try {
      chosen = await bluetooth.requestDevice({ filters: [{ services: ['heart_rate'] }] });
    } catch (error) {
      if (mounted.current) dispatch(sensorEvents.connectFailed(clock.current(), pairingError(error)));
      return;
    }
    if (!mounted.current) return;
    device.current = chosen;
    chosen.addEventListener('gattserverdisconnected', onDisconnected);
    try {
      await link(chosen);
      if (mounted.current) dispatch(sensorEvents.connected(clock.current()));
    } catch (error) {
      forget();
      if (mounted.current) dispatch(sensorEvents.connectFailed(clock.current(), pairingError(error)));
    }
  }, [bluetooth, state.status, link, forget, onDisconnected]);

  // The reducer says when to retry after a drop; this runs that one timer.
  useEffect(() => {
    if (state.retryAt === null) return;
    const timer = setTimeout(
      () => {
        const target = device.current;
        if (!target) return;
        dispatch(sensorEvents.reconnectStarted(clock.current()));
        link(target).then(
          () => mounted.current && dispatch(sensorEvents.connected(clock.current())),
          () => mounted.current && dispatch(sensorEvents.reconnectFailed(clock.current())),
        );
      },
      Math.max(0, state.retryAt - clock.current()),
    );
    return () => clearTimeout(timer);
  }, [state.retryAt, link]);

  // The watchdog: no usable measurement for 5 s means "Sin señal", and the stale BPM goes.
  useEffect(() => {
    if (!state.linked || state.status === 'noSignal') return;
    const since = state.lastReading?.at ?? clock.current();
    const timer = setTimeout(
      () => {
        dispatch(sensorEvents.signalLost(clock.current()));
        setWatchdogFired((count) => count + 1);
      },
      Math.max(0, since + STALE_AFTER_MS - clock.current()),
    );
    return () => clearTimeout(timer);
  }, [state.linked, state.status, state.lastReading]);

  useEffect(() => {
    mounted.current = true;
    if (navigator.webdriver) {
      window.__pulsoHeartRate = {
        read: async () => {
          if (!characteristic.current) throw new Error('No hay un sensor conectado');
          await characteristic.current.readValue();
        },
      };
    }
    return () => {
      mounted.current = false;
      forget();
      delete window.__pulsoHeartRate;
    };
  }, [forget]);

  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);
  const readBpm = useCallback(() => freshBpm(latest.current, clock.current()), []);
  const takeRr = useCallback(() => {
    const since = clock.current() - RR_FRESH_MS;
    const taken = pendingRr.current.filter((interval) => interval.at >= since).map((interval) => interval.ms);
    pendingRr.current = [];
    return taken;
  }, []);

  const reconnect = useCallback(() => dispatch(sensorEvents.reconnectRequested(clock.current())), []);
  const disconnect = useCallback(() => {
    forget();
    dispatch(sensorEvents.disconnectRequested(clock.current()));
  }, [forget]);

  return { support, state, bpm: freshBpm(state, now()), readBpm, takeRr, connect, reconnect, disconnect };
}
