import { Inject, Logger } from '@nestjs/common';
import { CommandBus, EventsHandler, QueryBus, type IEventHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import { ClaimEmailSend } from '../email-preferences/claim-email-send.command';
import { EmailPreferencesReadModel } from '../email-preferences/email-preferences.read-model';
import { GetEmailFooter } from '../email-preferences/get-email-footer.query';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { MemberEventRecorded } from '../members/member-streams';
import type { StudioClassAttended, WorkoutCompleted } from '../members/member.events';
import { PERFORMANCE_SUMMARY, performanceSummaryMail } from './performance-summary.mail';
import { STUDIO_CLASS_WORKOUT_ID } from './heart-rate.rules';

/**
 * "Resumen de rendimiento" (ADR 0143): after a completion that recorded a heart-rate summary,
 * the member gets its figures by email, once per session. It reacts to `MemberEventRecorded`,
 * which the member writer publishes only for events it has just appended: never for a retried
 * request, never during a replay or a rebuild. The claim in `email_sends` keyed by the completion
 * id makes it at most once even if the notice came twice; a crash between the append and the
 * claim loses the email (accepted: at most once, never twice).
 */
@EventsHandler(MemberEventRecorded)
export class SendPerformanceSummaryHandler implements IEventHandler<MemberEventRecorded> {
  private readonly logger = new Logger(SendPerformanceSummaryHandler.name);

  constructor(
    private readonly preferences: EmailPreferencesReadModel,
    private readonly contacts: MemberContactsReadModel,
    private readonly catalog: CatalogReadModel,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Never throws: a failed email must not touch the request that completed the workout. */
  async handle({ userId, event }: MemberEventRecorded): Promise<void> {
    // A class on the studio board counts as a session too (issue 19): titled with the class of the day.
    const completion = event.type === 'WorkoutCompleted' ? event.data : event.type === 'StudioClassAttended' ? classAsCompletion(event.data) : null;
    if (!completion?.heartRate) return;
    try {
      await this.send(userId, completion);
    } catch (error) {
      this.logger.error(`Resumen de rendimiento no enviado (sesión ${completion.completionId}): ${(error as Error).message}`);
    }
  }

  private async send(userId: string, completion: SummarisedSession): Promise<void> {
    const summary = completion.heartRate;
    if (!summary) return;
    if (!(await this.preferences.isSubscribed(userId, PERFORMANCE_SUMMARY))) return;
    const contact = await this.contacts.contactOf(userId);
    if (!contact) {
      this.logger.warn(`Resumen de rendimiento sin destinatario: no hay correo para el socio ${userId}`);
      return;
    }
    if (!(await this.commandBus.execute(new ClaimEmailSend(PERFORMANCE_SUMMARY, completion.completionId, userId)))) return;
    const training = this.catalog.findWorkout(completion.workoutId);
    const running = training ? undefined : this.catalog.findRunningWorkout(completion.workoutId);
    const footer = await this.queryBus.execute(new GetEmailFooter(userId, PERFORMANCE_SUMMARY));
    await this.mail.send(
      performanceSummaryMail({
        to: contact.email,
        firstName: contact.firstName,
        workoutTitle: completion.title ?? training?.title ?? running?.title ?? 'Entrenamiento',
        localDate: completion.localDate,
        durationSec: completion.durationSec,
        summary,
        studioName: this.config.studio.name,
        progressUrl: `${this.config.publicUrl.replace(/\/$/, '')}/training/progress`,
        footer,
      }),
    );
  }
}

/** What the email needs of a session: a completion, or a class with its own title. */
type SummarisedSession = Pick<WorkoutCompleted['data'], 'completionId' | 'workoutId' | 'localDate' | 'durationSec' | 'heartRate'> & { title?: string };

function classAsCompletion(data: StudioClassAttended['data']): SummarisedSession {
  return {
    completionId: data.attendanceId,
    workoutId: STUDIO_CLASS_WORKOUT_ID,
    localDate: data.localDate,
    durationSec: data.durationSec,
    heartRate: data.heartRate,
    title: data.className,
  };
}
