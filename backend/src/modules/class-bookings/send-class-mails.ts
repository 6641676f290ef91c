import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { ClaimEmailSend } from '../email-preferences/claim-email-send.command';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { CLASS_REMINDER, CLASS_WAITLIST_PROMOTION, classReminderMail, waitlistPromotionMail } from './class-booking.mail';
import { ClassOccurrences } from './class-occurrences';
import { ClassEventRecorded } from './class-streams';

/** Claims each class email once (`email_sends`, by booking id) and sends it; never throws. */
@Injectable()
export class ClassMails {
  private readonly logger = new Logger(ClassMails.name);

  constructor(
    private readonly contacts: MemberContactsReadModel,
    private readonly commandBus: CommandBus,
    private readonly mail: MailPort,
    private readonly classes: ClassOccurrences,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(
    kind: typeof CLASS_WAITLIST_PROMOTION | typeof CLASS_REMINDER,
    booking: { bookingId: string; memberId: string; slotId: string; date: string },
  ): Promise<boolean> {
    try {
      const contact = await this.contacts.contactOf(booking.memberId);
      if (!contact) return false;
      const occurrence = await this.classes.find(booking.date, booking.slotId);
      if (!occurrence) return false;
      if (!(await this.commandBus.execute(new ClaimEmailSend(kind, booking.bookingId, booking.memberId)))) return false;
      const details = {
        to: contact.email,
        firstName: contact.firstName,
        className: occurrence.className,
        date: booking.date,
        startTime: occurrence.startTime,
        studioName: this.config.studio.name,
        address: this.config.studio.address,
        classesUrl: `${this.config.publicUrl.replace(/\/$/, '')}/training/clases`,
      };
      await this.mail.send(kind === CLASS_REMINDER ? classReminderMail(details) : waitlistPromotionMail(details));
      return true;
    } catch (error) {
      this.logger.error(`Correo de clase no enviado (${kind}, reserva ${booking.bookingId}): ${(error as Error).message}`);
      return false;
    }
  }
}

/**
 * The promotion email: reacts to `ClassEventRecorded`, published only for events just appended
 * (never for a retry, a replay or a rebuild), and claims the send first: at most once.
 */
@EventsHandler(ClassEventRecorded)
export class SendWaitlistPromotionHandler implements IEventHandler<ClassEventRecorded> {
  constructor(private readonly mails: ClassMails) {}

  async handle({ slotId, date, event }: ClassEventRecorded): Promise<void> {
    if (event.type !== 'ClassWaitlistPromoted') return;
    await this.mails.send(CLASS_WAITLIST_PROMOTION, { bookingId: event.data.bookingId, memberId: event.data.memberId, slotId, date });
  }
}
