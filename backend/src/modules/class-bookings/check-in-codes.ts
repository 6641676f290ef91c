import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { resolveKek } from '../../infrastructure/privacy/data-keys';
import type { LocalDate } from '../../shared/studio-day';

/**
 * The QR a member shows at the desk: the booking id and an HMAC of it with the class date, under a
 * key derived from the KEK. Nothing is stored; it only checks in that booking, on that day.
 */
@Injectable()
export class CheckInCodes {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', resolveKek(config.privacy, config.env)).update('pulso:class-check-in-codes').digest();
  }

  codeFor(bookingId: string, date: LocalDate): string {
    return `${bookingId}.${this.mac(bookingId, date)}`;
  }

  /** The booking id the code names, when it is valid for `date`; null otherwise. */
  bookingOf(code: string, date: LocalDate): string | null {
    const dot = code.lastIndexOf('.');
    if (dot <= 0) return null;
    const bookingId = code.slice(0, dot);
    const given = Buffer.from(code.slice(dot + 1));
    const expected = Buffer.from(this.mac(bookingId, date));
    return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
  }

  private mac(bookingId: string, date: LocalDate): string {
    return createHmac('sha256', this.key).update(`${bookingId}:${date}`).digest('base64url').slice(0, 22);
  }
}
