import { Inject, Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { DomainError } from '../../shared/domain-error';
import { RecordFreeClassOutcome } from '../free-class-bookings/record-free-class-outcome.command';
import { StoreHeartRateSeries } from '../heart-rate/store-heart-rate-series.command';
import { MemberStreams } from '../members/member-streams';
import type { EndStudioClassDto, StudioClassResultDto, StudioClassStateDto } from './dto/studio-class.dto';
import { guestClassSummaryMail } from './guest-class-summary.mail';
import { StudioClassView, summaryOf } from './studio-class-view';
import { decideStudioClass } from './studio-class.decider';
import { StudioClassReadModel, type ClassSessionRow, type ParticipantRow } from './studio-class.read-model';
import { classDuration, classSeries, STUDIO_CLASS_MESSAGES, type ClassReading } from './studio-class.rules';

/**
 * Staff end the class (ADR 0180). Each member with a sensor gets `StudioClassAttended` in their
 * stream through the member writer, keyed by (class, member) so ending twice records once; the
 * performance-summary handler emails it. Each guest with readings gets their summary at the
 * booking's address (claimed once) and the booking's outcome becomes "Asistió". The class is
 * marked ended last: a crash midway is finished by ending it again, with nothing twice.
 */
export class EndStudioClass extends Command<StudioClassStateDto> {
  constructor(
    readonly staff: AuthUser,
    readonly body: EndStudioClassDto,
  ) {
    super();
  }
}

@CommandHandler(EndStudioClass)
export class EndStudioClassHandler implements ICommandHandler<EndStudioClass, StudioClassStateDto> {
  private readonly logger = new Logger(EndStudioClassHandler.name);

  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly view: StudioClassView,
    private readonly members: MemberStreams,
    private readonly commandBus: CommandBus,
    private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ staff, body }: EndStudioClass): Promise<StudioClassStateDto> {
    const found = await this.classes.session(body.sessionId);
    if (!found) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.noClass, { field: 'sessionId' });
    const endedAt = found.endedAt ?? new Date();
    const session: ClassSessionRow = { ...found, endedAt };
    const durationSec = classDuration(session.startedAt.getTime(), endedAt.getTime());
    const [participants, readings] = await Promise.all([this.classes.participants(session.id), this.classes.readings(session.id)]);
    const results: StudioClassResultDto[] = [];
    for (const participant of participants) {
      const own = readings.get(participant.sensorId)?.readings ?? [];
      const fullName = `${participant.firstName} ${participant.lastName}`.trim();
      if (participant.kind === 'member') {
        results.push({ sensorId: participant.sensorId, fullName, ...(await this.recordMember(staff, session, participant, own, durationSec)) });
      } else {
        results.push({ sensorId: participant.sensorId, fullName, ...(await this.recordGuest(staff, session, participant, own, durationSec)) });
      }
    }
    if (!found.endedAt) await this.classes.markEnded(session.id, endedAt.toISOString(), staff.userId);
    const state = await this.view.stateOf(await this.view.today(new Date()), (await this.classes.session(session.id))!, new Date());
    return { ...state, results };
  }

  private async recordMember(
    staff: AuthUser,
    session: ClassSessionRow,
    participant: ParticipantRow,
    readings: readonly ClassReading[],
    durationSec: number,
  ): Promise<{ recorded: boolean; points: number }> {
    const userId = participant.userId!;
    const samples = classSeries(readings, durationSec);
    const written = await this.members.write({
      // The member's stream, written by the staff member who ended the class.
      user: { userId, email: '', firstName: '', lastName: '', role: 'member', secondFactor: false },
      actor: staff,
      kind: 'record-studio-class',
      idempotencyKey: undefined,
      clientId: `${session.id}:${userId}`,
      input: { classSessionId: session.id },
      decide: decideStudioClass,
      command: (attendanceId, now) => ({
        type: 'RecordStudioClass',
        data: { attendanceId, classSessionId: session.id, className: session.className, slot: session.slot, durationSec, heartRateSamples: samples, now },
      }),
    });
    const attended = written.events.find((event) => event.type === 'StudioClassAttended');
    if (!attended || attended.type !== 'StudioClassAttended') return { recorded: false, points: 0 };
    // The class's readings beside the summary, as a workout's are (ADR 0133); kept once, also when ending again.
    await this.commandBus.execute(new StoreHeartRateSeries(userId, attended.data.attendanceId, durationSec, samples, attended.data.occurredAt, null));
    return { recorded: true, points: attended.data.heartRate.points };
  }

  private async recordGuest(
    staff: AuthUser,
    session: ClassSessionRow,
    participant: ParticipantRow,
    readings: readonly ClassReading[],
    durationSec: number,
  ): Promise<{ recorded: boolean; points: number }> {
    const member = await this.view.summaryMember(participant, session.endedAt!);
    const summary = summaryOf(readings, session.startedAt, session.endedAt!, member);
    if (summary.samples === 0 || participant.bookingId === null) return { recorded: false, points: 0 };
    await this.commandBus.execute(new RecordFreeClassOutcome(participant.bookingId, 'attended', staff));
    if (participant.guestEmail && (await this.classes.claimGuestSummary(session.id, participant.sensorId))) {
      try {
        await this.mail.send(
          guestClassSummaryMail({
            to: participant.guestEmail,
            firstName: participant.firstName,
            className: session.className,
            dateLabel: longDate(session.classDate),
            durationMin: Math.max(1, Math.round(durationSec / 60)),
            summary,
            studioName: this.config.studio.name,
            membershipsUrl: `${this.config.publicUrl.replace(/\/$/, '')}/memberships`,
          }),
        );
      } catch (error) {
        // At most once: the claim stays, the desk sees the class recorded.
        this.logger.error(`Resumen de la clase gratis no enviado (reserva ${participant.bookingId}): ${(error as Error).message}`);
      }
    }
    return { recorded: true, points: summary.points };
  }
}

function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y!, m! - 1, d!, 12)),
  );
}
