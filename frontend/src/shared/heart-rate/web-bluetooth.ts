/**
 * The few Web Bluetooth members the heart-rate sensor uses. TypeScript's DOM library has no
 * Web Bluetooth types; these structural ones also let tests pass a fake `navigator.bluetooth`.
 */
export interface HeartRateCharacteristic extends EventTarget {
  readonly value?: DataView | null;
  startNotifications(): Promise<unknown>;
  stopNotifications(): Promise<unknown>;
  readValue(): Promise<DataView>;
}

export interface HeartRateGattServer {
  readonly connected: boolean;
  connect(): Promise<HeartRateGattServer>;
  disconnect(): void;
  getPrimaryService(service: 'heart_rate'): Promise<{ getCharacteristic(characteristic: 'heart_rate_measurement'): Promise<HeartRateCharacteristic> }>;
}

export interface HeartRateDevice extends EventTarget {
  readonly name?: string;
  readonly gatt?: HeartRateGattServer;
}

export interface WebBluetooth {
  requestDevice(options: { filters: { services: string[] }[] }): Promise<HeartRateDevice>;
  getAvailability?(): Promise<boolean>;
}

/** `navigator.bluetooth` where the browser has it (Chrome, Edge, Samsung Internet), else null (iPhone, Firefox). */
export function browserBluetooth(): WebBluetooth | null {
  if (typeof navigator === 'undefined' || !('bluetooth' in navigator)) return null;
  return (navigator as Navigator & { bluetooth?: WebBluetooth }).bluetooth ?? null;
}
