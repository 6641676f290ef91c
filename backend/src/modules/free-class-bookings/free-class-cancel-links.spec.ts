import type { Pool } from 'pg';
import type { AppConfig } from '../../config/app-config';
import { EmailLinkSigner } from '../../infrastructure/mail/email-link-signer';
import { cancellableAt, FREE_CLASS_CANCEL_PATH, FreeClassCancelLinks } from './free-class-cancel-links';

const BOOKING = '7d0c9c8e-2f7b-4f57-9a53-0a4c4f1e2b11';
const linksWith = (secret: string) =>
  new FreeClassCancelLinks(new EmailLinkSigner({} as Pool, { publicUrl: 'https://pulso.example/', mail: { linkSecret: secret } } as AppConfig));

describe('free-class cancel links', () => {
  it('name one booking on the public address, and open only that one', async () => {
    const links = linksWith('s3cret');
    const url = new URL(await links.url(BOOKING));
    expect(`${url.origin}${url.pathname}`).toBe(`https://pulso.example${FREE_CLASS_CANCEL_PATH}`);
    const token = url.searchParams.get('token')!;
    expect(await links.bookingOf(token)).toBe(BOOKING);
    expect(await links.bookingOf(`${'0'.repeat(8)}${token.slice(8)}`)).toBeNull();
    expect(await links.bookingOf(token.slice(0, -1))).toBeNull();
    expect(await links.bookingOf(`${token}.x`)).toBeNull();
    expect(await links.bookingOf('')).toBeNull();
    expect(await linksWith('another').bookingOf(token)).toBeNull();
  });

  it('let a guest cancel until their class begins, in the studio’s time', () => {
    // 2026-11-24 16:00 in El Salvador (UTC−6) is 22:00 UTC.
    expect(cancellableAt('2026-11-24', '4:00-5:00 pm', new Date('2026-11-24T21:59:00Z'))).toBe(true);
    expect(cancellableAt('2026-11-24', '4:00-5:00 pm', new Date('2026-11-24T22:00:00Z'))).toBe(false);
    expect(cancellableAt('2026-11-24', '6:00-7:00 am', new Date('2026-11-24T21:59:00Z'))).toBe(false);
    expect(cancellableAt('2026-11-25', '6:00-7:00 am', new Date('2026-11-24T23:59:00Z'))).toBe(true);
    expect(cancellableAt('2026-11-23', '6:00-7:00 pm', new Date('2026-11-24T12:00:00Z'))).toBe(false);
  });
});
