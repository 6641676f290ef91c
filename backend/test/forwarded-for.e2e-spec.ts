import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { FREE_CLASS_ATTEMPTS_PER_WINDOW } from '../src/modules/free-class-bookings/free-class-rate-limit.guard';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 38, point 3: only the configured proxies may say who the client is. A client on the
 * studio's network that sends a new `X-Forwarded-For` each time is still counted by its real
 * address; behind a proxy named in `TRUST_PROXY`, the header tells the visitors apart.
 */

/**
 * An address of this machine other than loopback, as a LAN client would connect from. One in the
 * private or unique-local ranges first: those are the ones a studio's network uses.
 */
function lanAddress(): { address: string; host: string } {
  const candidates = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && !entry.address.startsWith('fe80'));
  const privateFirst = [...candidates].sort((a, b) => Number(isPrivate(b!.address)) - Number(isPrivate(a!.address)));
  const chosen = privateFirst[0];
  if (!chosen) throw new Error('Esta máquina no tiene una dirección de red además de loopback: la prueba necesita una.');
  return { address: chosen.address, host: chosen.family === 'IPv6' ? `[${chosen.address}]` : chosen.address };
}

const isPrivate = (address: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd])/i.test(address);

async function listening(t: TestApp): Promise<number> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '::');
  return (server.address() as AddressInfo).port;
}

/** Booking attempts (empty bodies: the limit counts before validation), each with a forged client address. */
async function attempts(baseUrl: string, count: number, forged: (index: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    statuses.push((await request(baseUrl).post('/api/users/register').set('X-Forwarded-For', forged(index)).send({})).status);
  }
  return statuses;
}

describe('the client address behind a proxy (e2e)', () => {
  const lan = lanAddress();
  let byDefault: TestApp;
  let behindProxy: TestApp;

  beforeAll(async () => {
    byDefault = await createTestApp();
    behindProxy = await createTestApp({ TRUST_PROXY: `loopback, ${lan.address}` });
  });

  afterAll(async () => {
    await byDefault?.close();
    await behindProxy?.close();
  });

  it('counts a LAN client that forges X-Forwarded-For by its real address (TRUST_PROXY defaults to loopback)', async () => {
    const baseUrl = `http://${lan.host}:${await listening(byDefault)}`;
    const statuses = await attempts(baseUrl, FREE_CLASS_ATTEMPTS_PER_WINDOW + 2, (index) => `198.51.100.${index + 1}`);
    expect(statuses.slice(0, FREE_CLASS_ATTEMPTS_PER_WINDOW)).toEqual(Array(FREE_CLASS_ATTEMPTS_PER_WINDOW).fill(400));
    expect(statuses.slice(FREE_CLASS_ATTEMPTS_PER_WINDOW)).toEqual([429, 429]);
    // The limited address is the LAN client's own: the loopback proxy's visitors are still counted apart.
    expect((await request(byDefault.app.getHttpServer()).post('/api/users/register').set('X-Forwarded-For', '198.51.100.1').send({})).status).toBe(400);
  });

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names, so its visitors are counted apart', async () => {
    const baseUrl = `http://${lan.host}:${await listening(behindProxy)}`;
    const statuses = await attempts(baseUrl, FREE_CLASS_ATTEMPTS_PER_WINDOW + 2, (index) => `198.51.100.${index + 1}`);
    expect(statuses).toEqual(Array(FREE_CLASS_ATTEMPTS_PER_WINDOW + 2).fill(400));
    // One visitor behind it still meets the limit.
    const one = await attempts(baseUrl, FREE_CLASS_ATTEMPTS_PER_WINDOW + 1, () => '198.51.100.200');
    expect(one.at(-1)).toBe(429);
  });
});
