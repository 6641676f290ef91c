import { Injectable } from '@nestjs/common';
import { EmailLinkSigner } from '../../infrastructure/mail/email-link-signer';
import { slotStartMinutes, studioDate, studioMinutes } from './free-class-schedule';

/** Where the web app asks the guest to confirm (`/clase-gratis/cancelar?token=…`). */
export const FREE_CLASS_CANCEL_PATH = '/clase-gratis/cancelar';
const PURPOSE = 'pulso-free-class-cancel';
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const FREE_CLASS_CANCEL_MESSAGES = {
  invalidLink: 'Este enlace no es válido. Ábrelo de nuevo desde el correo de confirmación de tu clase gratis.',
  notFound: 'Esta clase gratis ya no está reservada: quizá ya la cancelaste.',
  started: 'Tu clase gratis ya empezó o ya pasó, así que ya no se puede cancelar.',
  cancelled: 'Listo: cancelamos tu clase gratis y liberamos tu lugar. Puedes reservar otro horario cuando quieras.',
} as const;

/**
 * The link of a free-class confirmation that cancels it without an account: the booking's id and
 * its signature (`<bookingId>.<signature>`, signed with the emails' link secret). Whoever holds the
 * email can cancel that one booking, and nothing else.
 */
@Injectable()
export class FreeClassCancelLinks {
  constructor(private readonly signer: EmailLinkSigner) {}

  async url(bookingId: string): Promise<string> {
    const token = `${bookingId}.${await this.signer.signature(PURPOSE, bookingId)}`;
    return this.signer.url(`${FREE_CLASS_CANCEL_PATH}?token=${encodeURIComponent(token)}`);
  }

  /** The booking a token names, or null when it was not signed here (made up, edited, cut short). */
  async bookingOf(token: string): Promise<string | null> {
    const [bookingId, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !bookingId || !signature || !BOOKING_ID.test(bookingId) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
    return (await this.signer.verify(PURPOSE, bookingId, signature)) ? bookingId : null;
  }
}

/** A guest may cancel until their class begins (studio time). */
export function cancellableAt(date: string, slot: string, now: Date): boolean {
  const today = studioDate(now);
  return date > today || (date === today && slotStartMinutes(slot) > studioMinutes(now));
}
