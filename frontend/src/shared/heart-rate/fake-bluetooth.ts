import type { HeartRateCharacteristic, HeartRateDevice, HeartRateGattServer, WebBluetooth } from './web-bluetooth';

/**
 * A scriptable `navigator.bluetooth` with one heart-rate strap, for tests of the hook and of
 * the screens that use it: `emit` sends a measurement, `drop` cuts the link like walking away.
 */
export class FakeHeartRateStrap {
  readonly characteristic: HeartRateCharacteristic & EventTarget;
  readonly device: HeartRateDevice;
  readonly calls: string[] = [];
  /** How many of the next `gatt.connect()` calls fail. */
  failConnects = 0;
  /** What `requestDevice` rejects with, if anything (e.g. the member closing the chooser). */
  chooserError: Error | null = null;
  readValueBytes: number[] = [0x06, 70];
  private connected = false;
  private value: DataView | null = null;

  constructor() {
    const characteristic = new EventTarget() as HeartRateCharacteristic & EventTarget;
    Object.defineProperty(characteristic, 'value', { get: () => this.value });
    Object.assign(characteristic, {
      startNotifications: async () => {
        this.calls.push('startNotifications');
        return characteristic;
      },
      stopNotifications: async () => {
        this.calls.push('stopNotifications');
        if (!this.connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
        return characteristic;
      },
      readValue: async () => {
        this.calls.push('readValue');
        this.emit(...this.readValueBytes);
        return this.value as DataView;
      },
    });
    this.characteristic = characteristic;

    const server: HeartRateGattServer = {
      connected: false, // replaced by a getter below: the strap's own link state
      connect: async () => {
        this.calls.push('connect');
        if (this.failConnects > 0) {
          this.failConnects -= 1;
          throw new DOMException('Connection failed for unknown reason.', 'NetworkError');
        }
        this.connected = true;
        return server;
      },
      disconnect: () => {
        this.calls.push('disconnect');
        this.drop();
      },
      getPrimaryService: async () => ({ getCharacteristic: async () => characteristic }),
    };
    Object.defineProperty(server, 'connected', { get: () => this.connected });
    const device = new EventTarget() as HeartRateDevice;
    Object.defineProperty(device, 'gatt', { value: server });
    Object.defineProperty(device, 'name', { value: 'Polar H10 FAKE' });
    this.device = device;
  }

  readonly bluetooth: WebBluetooth = {
    requestDevice: async (options) => {
      this.calls.push(`requestDevice ${JSON.stringify(options)}`);
      if (this.chooserError) throw this.chooserError;
      return this.device;
    },
    getAvailability: async () => true,
  };

  /** One Heart Rate Measurement notification with these bytes. */
  emit(...bytes: number[]) {
    this.value = new DataView(Uint8Array.from(bytes).buffer);
    this.characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
  }

  /** The link drops (strap out of range or off). */
  drop() {
    if (!this.connected) return;
    this.connected = false;
    this.device.dispatchEvent(new Event('gattserverdisconnected'));
  }
}
