import { expect } from '@playwright/test';
import { MEASUREMENTS, STRAPS, test } from './support/bluetooth';

/*
 * The emulated straps themselves, proven on a page of a few lines that makes the same
 * Web Bluetooth calls the player makes, so a failing heart-rate journey points at the
 * app, not at the harness. Tested with Chromium 156.0.8078.79.
 *
 * The page is served by a route on a 127.0.0.1 origin: Web Bluetooth needs a secure
 * context, and about:blank has no navigator.bluetooth.
 */

const PAGE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}/bluetooth-harness.html`;

const HTML = `<!doctype html>
<meta charset="utf-8">
<title>Bluetooth harness</title>
<button id="pair">Emparejar</button>
<button id="reconnect">Reconectar</button>
<ol id="events"></ol>
<script>
  const events = document.getElementById('events');
  const record = (text) => events.insertAdjacentHTML('beforeend', '<li>' + text + '</li>');
  const hex = (view) => Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), (b) => b.toString(16).padStart(2, '0')).join(' ');
  const listening = new WeakSet();
  let device;
  let measurement;

  async function subscribe() {
    const server = await device.gatt.connect();
    const service = await server.getPrimaryService('heart_rate');
    measurement = await service.getCharacteristic('heart_rate_measurement');
    // A reconnection may hand back the same characteristic object: one listener each.
    if (!listening.has(measurement)) {
      listening.add(measurement);
      measurement.addEventListener('characteristicvaluechanged', (event) => record('value ' + hex(event.target.value)));
    }
    await measurement.startNotifications();
    record('receiving from ' + device.name);
  }
  const attempt = (step) => step().catch((error) => record('error ' + error.name + ': ' + error.message));

  document.getElementById('pair').addEventListener('click', () => attempt(async () => {
    device = await navigator.bluetooth.requestDevice({ filters: [{ services: ['heart_rate'] }] });
    device.addEventListener('gattserverdisconnected', () => record('disconnected'));
    await subscribe();
  }));
  document.getElementById('reconnect').addEventListener('click', () => attempt(subscribe));
  window.__pulsoHeartRate = { read: () => measurement.readValue().then(() => undefined) };
</script>`;

test('emulated straps pair, deliver the three measurement layouts byte-exact, drop and reconnect', async ({ page, straps }) => {
  await page.route(PAGE, (route) => route.fulfill({ contentType: 'text/html', body: HTML }));
  await page.goto(PAGE);
  const events = page.locator('#events li');

  // The chooser lists both straps; the second is picked.
  straps.choose(STRAPS.garmin.name);
  await page.getByRole('button', { name: 'Emparejar' }).click();
  await expect(events).toHaveText(['receiving from Garmin HRM-Dual 77']);

  // HEART-RATE.md's vectors (8-bit with contact and one RR, 16-bit, with energy), then several RR values.
  await straps.measure(page, MEASUREMENTS.eightBitWithContactAndRr);
  await straps.measure(page, MEASUREMENTS.sixteenBit);
  await straps.measure(page, MEASUREMENTS.withEnergy);
  await straps.measure(page, MEASUREMENTS.severalRr);
  await expect(events).toHaveText([
    'receiving from Garmin HRM-Dual 77',
    'value 16 48 00 04',
    'value 01 2c 01',
    'value 0e 96 10 00',
    'value 10 aa 61 01 68 01 5a 01',
  ]);

  // Dropped: the page hears it, and reconnecting fails while the strap is out of range.
  await straps.drop();
  await expect(events.last()).toHaveText('disconnected');
  await page.getByRole('button', { name: 'Reconectar' }).click();
  await expect(events.last()).toHaveText(/^error NetworkError: /);

  // Back in range, the same device reconnects without the chooser and measures again.
  straps.bringBack();
  await page.getByRole('button', { name: 'Reconectar' }).click();
  await expect(events.last()).toHaveText('receiving from Garmin HRM-Dual 77');
  await straps.measure(page, [0x06, 0x50]);
  await expect(events.last()).toHaveText('value 06 50');
  await expect(events).toHaveCount(9);
});
