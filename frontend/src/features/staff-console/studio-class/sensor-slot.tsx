import { useEffect, useMemo, useRef } from 'react';
import { useHeartRateSensor } from '../../../shared/heart-rate/use-heart-rate-sensor';
import type { HeartRateDevice, WebBluetooth } from '../../../shared/heart-rate/web-bluetooth';
import type { SensorStatus } from '../../../shared/heart-rate/sensor-machine';

/** What the page samples once a second from each paired sensor. */
export interface SensorProbe {
  /** The last measurement, when it arrived (ms). */
  lastReading: () => { bpm: number; at: number } | null;
}

declare global {
  interface Window {
    /** Browser journeys only (navigator.webdriver): reads one sensor by name, as `__pulsoHeartRate` does for the player. */
    __pulsoClassSensors?: Record<string, { read: () => Promise<void> }>;
  }
}

export const SENSOR_STATUS_LABELS: Record<SensorStatus, string> = {
  disconnected: 'Desconectado',
  connecting: 'Conectando…',
  receiving: 'Recibiendo',
  noSignal: 'Sin señal',
  reconnecting: 'Reconectando…',
};

/** The name a sensor is known by: what it advertises (printed on the strap), or the browser's id. */
export function sensorIdOf(device: HeartRateDevice & { id?: string }): string {
  return (device.name ?? '').trim() || device.id || 'Sensor sin nombre';
}

/**
 * One paired sensor of the board PC (ADR 0182): the members' one-sensor hook, given the device
 * the desk already chose (several sensors = several choosers, one per click). It keeps the
 * connection, reconnects after a drop, and offers its readings to the page's sampler.
 */
export function SensorSlot({
  sensorId,
  device,
  onProbe,
  children,
}: {
  sensorId: string;
  device: HeartRateDevice;
  onProbe: (sensorId: string, probe: SensorProbe | null) => void;
  children: (sensor: { status: SensorStatus; bpm: number | null; reconnect: () => void; error: string | null }) => React.ReactNode;
}) {
  const chosen: WebBluetooth = useMemo(() => ({ requestDevice: () => Promise.resolve(device), getAvailability: () => Promise.resolve(true) }), [device]);
  const sensor = useHeartRateSensor({ bluetooth: chosen });
  const { connect, support } = sensor;
  const started = useRef<HeartRateDevice | null>(null);
  const latest = useRef(sensor.state.lastReading);
  latest.current = sensor.state.lastReading;

  useEffect(() => {
    if (support !== 'available' || started.current === device) return;
    started.current = device;
    void connect();
  }, [support, connect, device]);

  useEffect(() => {
    onProbe(sensorId, { lastReading: () => latest.current });
    return () => onProbe(sensorId, null);
  }, [sensorId, onProbe]);

  useEffect(() => {
    if (!navigator.webdriver) return;
    const hooks = (window.__pulsoClassSensors ??= {});
    hooks[sensorId] = {
      read: async () => {
        const server = device.gatt;
        if (!server?.connected) throw new Error(`${sensorId} no está conectado`);
        const service = await server.getPrimaryService('heart_rate');
        const characteristic = await service.getCharacteristic('heart_rate_measurement');
        await characteristic.readValue();
      },
    };
    return () => {
      delete hooks[sensorId];
    };
  }, [sensorId, device]);

  return <>{children({ status: sensor.state.status, bpm: sensor.bpm, reconnect: sensor.reconnect, error: sensor.state.error })}</>;
}
