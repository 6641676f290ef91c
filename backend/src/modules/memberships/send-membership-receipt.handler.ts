import { Inject, Logger } from '@nestjs/common';
import { CommandBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { ClaimEmailSend } from '../email-preferences/claim-email-send.command';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { MemberEventRecorded } from '../members/member-streams';
import { MEMBERSHIP_RECEIPT, membershipReceiptMail } from './membership-receipt.mail';
import { isMembershipPlanId, MEMBERSHIP_PLANS } from './memberships.rules';

/**
 * The receipt of a sale, a confirmed payment-link purchase or a renewal, by email to the holder.
 * Like the performance summary (ADR 0143) it reacts to `MemberEventRecorded`, published only for
 * events just appended (never for a retried request, a replay or a rebuild), and claims the send in
 * `email_sends` under the receipt id first: at most once, never twice.
 */
@EventsHandler(MemberEventRecorded)
export class SendMembershipReceiptHandler implements IEventHandler<MemberEventRecorded> {
  private readonly logger = new Logger(SendMembershipReceiptHandler.name);

  constructor(
    private readonly contacts: MemberContactsReadModel,
    private readonly commandBus: CommandBus,
    private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Never throws: a failed email must not touch the sale. */
  async handle({ userId, event }: MemberEventRecorded): Promise<void> {
    if (event.type !== 'MembershipSold' && event.type !== 'MembershipPurchaseConfirmed' && event.type !== 'MembershipRenewed') return;
    try {
      const contact = await this.contacts.contactOf(userId);
      if (!contact) {
        this.logger.warn(`Recibo de membresía sin destinatario: no hay correo para el socio ${userId}`);
        return;
      }
      const { receiptId, payment, validUntil, planId } = event.data;
      if (!(await this.commandBus.execute(new ClaimEmailSend(MEMBERSHIP_RECEIPT, receiptId, userId)))) return;
      const renewal = event.type === 'MembershipRenewed';
      const plan = isMembershipPlanId(planId) ? MEMBERSHIP_PLANS[planId] : null;
      await this.mail.send(
        membershipReceiptMail({
          to: contact.email,
          firstName: contact.firstName,
          receiptId,
          planTitle: renewal ? (plan?.title ?? planId) : event.data.planTitle,
          renewal,
          classes: renewal ? event.data.classesAdded : event.data.classes,
          people: plan?.people ?? 1,
          validFrom: renewal ? null : event.data.validFrom,
          validUntil,
          payment,
          studioName: this.config.studio.name,
          membershipUrl: `${this.config.publicUrl.replace(/\/$/, '')}/training/profile`,
        }),
      );
    } catch (error) {
      this.logger.error(`Recibo de membresía no enviado (socio ${userId}): ${(error as Error).message}`);
    }
  }
}
