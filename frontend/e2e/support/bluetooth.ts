import { test as base, expect, type Browser, type CDPSession, type Page } from '@playwright/test';

/*
 * Heart-rate straps emulated inside Chromium's real Web Bluetooth stack, so a journey
 * runs the page's own requestDevice → connect → startNotifications code with no radio.
 *
 * Tested with Chromium 156.0.8078.79 (Debian bookworm). `BluetoothEmulation` and
 * `DeviceAccess` are experimental DevTools domains: after a Chromium upgrade, check the
 * parameter names against the browser's /json/protocol before blaming the app.
 *
 * The emulated central lives in the browser, not the page: its commands and operation
 * events go through the browser session; only the device chooser is answered on the page
 * session. The browser needs `--enable-experimental-web-platform-features` on Linux and a
 * page from a secure origin (127.0.0.1 or localhost, never about:blank).
 *
 * Chromium has no "push a notification" command yet, but it fires
 * `characteristicvaluechanged` for every answered read. So a measurement is fed by calling
 * the page's test hook `window.__pulsoHeartRate.read()` (a `readValue()` on the connected
 * characteristic) and answering that read with the bytes: the page's ordinary listener
 * receives them as if notified.
 *
 * Once a page has paired a strap, a new document in that page (page.goto, a reload) finds no
 * adapter ("Bluetooth adapter not available"): keep the pairing page on its document, moving
 * inside the app only, and open the other pages a journey needs beside it.
 */

/** The player's one-sensor hook (`window.__pulsoHeartRate`); a page with several sensors passes its own reader to `measure`. */
async function readThroughPlayer(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (!window.__pulsoHeartRate) throw new Error('the page has no window.__pulsoHeartRate hook (is navigator.webdriver true?)');
    await window.__pulsoHeartRate.read();
  });
}

/** The studio console's reader for one named strap (the board PC pairs several on one page): pass it to `measure`. */
export async function readOnConsole(page: Page, strapName: string): Promise<void> {
  await page.evaluate(async (name) => {
    const hooks = window.__pulsoClassSensors;
    const hook = hooks?.[name] ?? Object.entries(hooks ?? {}).find(([id]) => id.includes(name))?.[1];
    if (!hook) throw new Error(`the console has no reader for ${name} (is navigator.webdriver true?)`);
    await hook.read();
  }, strapName);
}

/** Full 128-bit UUIDs, the form Web Bluetooth reports them in. */
const HEART_RATE_SERVICE = '0000180d-0000-1000-8000-00805f9b34fb';
const HEART_RATE_MEASUREMENT = '00002a37-0000-1000-8000-00805f9b34fb';
const CLIENT_CHARACTERISTIC_CONFIGURATION = '00002902-0000-1000-8000-00805f9b34fb';

/** Bluetooth Core Vol 2 Part D 1.3. Any error fails the attempt (a NetworkError in the page); Page Timeout is a strap that never answers. */
const HCI_SUCCESS = 0;
const HCI_PAGE_TIMEOUT = 0x04;
/** Bluetooth Core Vol 3 Part F 3.4.1.1: an ATT operation that succeeded. */
const ATT_SUCCESS = 0;

export interface StrapDescription {
  /** A MAC-style address, unique per strap. */
  address: string;
  /** What the browser's chooser lists. */
  name: string;
}

interface Strap extends StrapDescription {
  measurementId: string;
  /** Connection attempts fail while the strap is out of range, as a strap taken off and walked away with. */
  inRange: boolean;
  /** A strap notifies only a central that subscribed since the last connection. */
  subscribed: boolean;
}

declare global {
  interface Window {
    __pulsoHeartRate?: { read: () => Promise<void> };
  }
}

/**
 * The Heart Rate service with its measurement characteristic (notify + read) and the CCCD
 * descriptor that `startNotifications()` writes; returns the characteristic's id.
 */
async function addHeartRateService(session: CDPSession, address: string): Promise<string> {
  const { serviceId } = await session.send('BluetoothEmulation.addService', { address, serviceUuid: HEART_RATE_SERVICE });
  const { characteristicId } = await session.send('BluetoothEmulation.addCharacteristic', {
    serviceId,
    characteristicUuid: HEART_RATE_MEASUREMENT,
    properties: { notify: true, read: true },
  });
  // Without the CCCD, startNotifications() fails with "GATT Error: Not supported".
  await session.send('BluetoothEmulation.addDescriptor', { characteristicId, descriptorUuid: CLIENT_CHARACTERISTIC_CONFIGURATION });
  return characteristicId;
}

export class EmulatedHeartRateStraps {
  private chosenName: string;
  private readonly answeredPrompts = new Set<string>();
  /** Bytes waiting for the next read of each strap's measurement characteristic. */
  private readonly pendingReads = new Map<string, string[]>();
  private readonly failures: Error[] = [];

  private constructor(
    private readonly browserSession: CDPSession,
    private readonly pageSession: CDPSession,
    private readonly straps: Strap[],
  ) {
    this.chosenName = straps[0].name;
  }

  /**
   * Powers the adapter on and pre-connects one heart-rate strap per description, each with
   * the Heart Rate service. Call before the page asks for a device.
   */
  static async install(browser: Browser, page: Page, straps: StrapDescription[]): Promise<EmulatedHeartRateStraps> {
    if (straps.length === 0) throw new Error('at least one strap is needed');
    const browserSession = await browser.newBrowserCDPSession();
    const pageSession = await page.context().newCDPSession(page);
    await browserSession.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    const emulated: Strap[] = [];
    for (const strap of straps) {
      await browserSession.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
        address: strap.address,
        name: strap.name,
        manufacturerData: [],
        knownServiceUuids: [HEART_RATE_SERVICE],
      });
      emulated.push({ ...strap, measurementId: await addHeartRateService(browserSession, strap.address), inRange: true, subscribed: false });
    }
    const emulation = new EmulatedHeartRateStraps(browserSession, pageSession, emulated);
    await emulation.answerTheBrowser();
    return emulation;
  }

  /** The strap the chooser picks from now on (the first one until told otherwise). */
  choose(name: string): void {
    this.strapNamed(name);
    this.chosenName = name;
  }

  /**
   * Delivers one Heart Rate Measurement (the 0x2A37 bytes) from the strap, through the
   * page's read hook, as soon as the page has subscribed; resolves once the page's
   * `readValue()` has resolved, so its `characteristicvaluechanged` listener has run.
   */
  async measure(
    page: Page,
    bytes: number[],
    strapName = this.chosenName,
    read: (page: Page, strapName: string) => Promise<void> = readThroughPlayer,
  ): Promise<void> {
    const strap = this.strapNamed(strapName);
    await expect.poll(() => strap.subscribed, { message: `the page never subscribed to ${strap.name}'s notifications` }).toBe(true);
    const queue = this.pendingReads.get(strap.measurementId) ?? [];
    queue.push(Buffer.from(bytes).toString('base64'));
    this.pendingReads.set(strap.measurementId, queue);
    // The page keeps the characteristic a moment after startNotifications() resolves; until then the hook refuses.
    await expect(async () => {
      await read(page, strap.name);
    }).toPass({ timeout: 5_000 });
    this.throwIfFailed();
  }

  /** The strap loses its link (`gattserverdisconnected` in the page); it reconnects only once back in range. */
  async drop(strapName = this.chosenName): Promise<void> {
    const strap = this.strapNamed(strapName);
    strap.inRange = false;
    strap.subscribed = false;
    await this.browserSession.send('BluetoothEmulation.simulateGATTDisconnection', { address: strap.address });
    // Chromium forgets a peripheral's services on disconnection, as a real central does until it discovers them again.
    strap.measurementId = await addHeartRateService(this.browserSession, strap.address);
  }

  /** Connection attempts to the strap succeed again. */
  bringBack(strapName = this.chosenName): void {
    this.strapNamed(strapName).inRange = true;
  }

  /** Forgets every emulated strap, so the next test starts from a clean central. */
  async uninstall(): Promise<void> {
    await this.browserSession.send('BluetoothEmulation.disable');
    await this.browserSession.detach();
    await this.pageSession.detach().catch(() => undefined); // already gone when the page closed first
    this.throwIfFailed();
  }

  private async answerTheBrowser(): Promise<void> {
    const answer = (what: string, command: Promise<unknown>) =>
      command.catch((error: Error) => this.failures.push(new Error(`answering ${what}: ${error.message}`)));

    // The chooser is prompted again as devices are found: answer each prompt once, when it lists ours.
    // Chromium 156 lists pre-connected peripherals with an empty name; their id is the address.
    this.pageSession.on('DeviceAccess.deviceRequestPrompted', ({ id, devices }) => {
      const chosen = this.strapNamed(this.chosenName);
      const device = devices.find((candidate) => candidate.id === chosen.address);
      if (!device || this.answeredPrompts.has(id)) return;
      this.answeredPrompts.add(id);
      void answer('the chooser', this.pageSession.send('DeviceAccess.selectPrompt', { id, deviceId: device.id }));
    });
    await this.pageSession.send('DeviceAccess.enable');

    this.browserSession.on('BluetoothEmulation.gattOperationReceived', ({ address, type }) => {
      const strap = this.straps.find((candidate) => candidate.address === address);
      const code = type === 'connection' && !strap?.inRange ? HCI_PAGE_TIMEOUT : HCI_SUCCESS;
      void answer(`GATT ${type}`, this.browserSession.send('BluetoothEmulation.simulateGATTOperationResponse', { address, type, code }));
    });

    this.browserSession.on('BluetoothEmulation.characteristicOperationReceived', ({ characteristicId, type }) => {
      if (type === 'read') {
        const data = this.pendingReads.get(characteristicId)?.shift();
        if (data === undefined) {
          this.failures.push(new Error('the page read the measurement with no bytes queued: feed it through measure()'));
          return;
        }
        void answer(
          'a read',
          this.browserSession.send('BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId, type, code: ATT_SUCCESS, data }),
        );
        return;
      }
      if (type === 'write') {
        // 0x2A37 is declared without write, so Chromium should refuse a write before it gets here.
        this.failures.push(new Error('the page wrote to the Heart Rate Measurement characteristic'));
        return;
      }
      const strap = this.straps.find((candidate) => candidate.measurementId === characteristicId);
      void answer(
        `characteristic ${type}`,
        this.browserSession.send('BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId, type, code: ATT_SUCCESS }).then(() => {
          if (strap) strap.subscribed = type === 'subscribe-to-notifications';
        }),
      );
    });
  }

  private strapNamed(name: string): Strap {
    const strap = this.straps.find((candidate) => candidate.name === name);
    if (!strap) throw new Error(`no emulated strap named ${name}`);
    return strap;
  }

  private throwIfFailed(): void {
    const failure = this.failures.shift();
    if (failure) throw failure;
  }
}

/**
 * Heart Rate Measurement (0x2A37) payloads, little-endian: flags, HR, [energy kJ], [RR in
 * 1/1024 s]. The first three are HEART-RATE.md's test vectors (from the Bluetooth SIG's GATT
 * description of 0x2A37).
 */
export const MEASUREMENTS = {
  /** 72 bpm (UINT8), contact detected, one RR of 1024/1024 s = 1000 ms. */
  eightBitWithContactAndRr: [0x16, 0x48, 0x00, 0x04],
  /** 300 bpm (UINT16), contact not supported. */
  sixteenBit: [0x01, 0x2c, 0x01],
  /** 150 bpm, contact detected, 16 kJ expended. */
  withEnergy: [0x0e, 0x96, 0x10, 0x00],
  /** 170 bpm, contact not supported, three RR values (≈ 345, 352, 338 ms), as a strap sends above 60 bpm. */
  severalRr: [0x10, 0xaa, 0x61, 0x01, 0x68, 0x01, 0x5a, 0x01],
};

/** Two straps in the room, so every journey proves the chooser picks the member's own. */
export const STRAPS = {
  polar: { address: '09:09:09:09:09:01', name: 'Polar H10 1A2B3C4D' },
  garmin: { address: '09:09:09:09:09:02', name: 'Garmin HRM-Dual 77' },
} satisfies Record<string, StrapDescription>;

/**
 * Playwright's test with a `straps` fixture: the straps of STRAPS are emulated before the
 * test and forgotten after it, even when it fails, so the browser's central is clean for
 * the next test.
 */
export const test = base.extend<{ straps: EmulatedHeartRateStraps }>({
  straps: async ({ browser, page }, provide) => {
    const straps = await EmulatedHeartRateStraps.install(browser, page, Object.values(STRAPS));
    await provide(straps);
    await straps.uninstall();
  },
});
