import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { HeartRateReadModel } from '../heart-rate/heart-rate.read-model';
import type { AssignStudioSensorDto, StudioClassStateDto } from './dto/studio-class.dto';
import { RememberedStraps } from './remembered-straps';
import { StudioClassView } from './studio-class-view';
import { StudioClassReadModel } from './studio-class.read-model';
import { GUEST_NOTICE_VERSION, STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/**
 * The desk gives a sensor to a member (search by name or email) or to one of today's free-class
 * guests. A member needs their heart-rate consent in force; a guest needs the notice accepted at
 * the desk (the checkbox), recorded with its version and the staff member (ADR 0184). Assigning
 * a sensor again replaces its wearer; re-pairing a dropped sensor keeps it (sensors are named).
 * A member's strap is remembered for their next classes (ADR 0370).
 */
export class AssignStudioSensor extends Command<StudioClassStateDto> {
  constructor(
    readonly staff: AuthUser,
    readonly body: AssignStudioSensorDto,
  ) {
    super();
  }
}

@CommandHandler(AssignStudioSensor)
export class AssignStudioSensorHandler implements ICommandHandler<AssignStudioSensor, StudioClassStateDto> {
  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly heartRate: HeartRateReadModel,
    private readonly view: StudioClassView,
    private readonly straps: RememberedStraps,
  ) {}

  async execute({ staff, body }: AssignStudioSensor): Promise<StudioClassStateDto> {
    const now = new Date();
    const session = await this.classes.session(body.sessionId);
    if (!session) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.noClass, { field: 'sessionId' });
    if (session.endedAt) throw new DomainError('conflict', STUDIO_CLASS_MESSAGES.classEnded);
    const sensorId = body.sensorId.trim();
    const common = { sensorId, assignedAt: now.toISOString(), assignedBy: staff.userId };
    if (body.userId !== undefined) {
      const member = await this.classes.member(body.userId);
      if (!member) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.memberNotFound, { field: 'userId' });
      const { consent } = await this.heartRate.forMember(member.userId);
      if (!consent.granted) throw new DomainError('conflict', STUDIO_CLASS_MESSAGES.memberWithoutConsent, { field: 'userId' });
      await this.classes.assign(session.id, {
        ...common,
        kind: 'member',
        userId: member.userId,
        bookingId: null,
        firstName: member.firstName,
        lastName: member.lastName,
        guestAge: null,
        guestNoticeVersion: null,
      });
      await this.straps.remember(member.userId, sensorId, common.assignedAt, staff.userId);
    } else if (body.bookingId !== undefined) {
      const guest = (await this.classes.guestsOf(session.classDate)).find((candidate) => candidate.bookingId === body.bookingId);
      if (!guest) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.bookingNotFound, { field: 'bookingId' });
      if (body.guestAcceptedNotice !== true) throw new DomainError('invalid', STUDIO_CLASS_MESSAGES.guestNoticeRequired, { field: 'guestAcceptedNotice' });
      await this.classes.assign(session.id, {
        ...common,
        kind: 'guest',
        userId: null,
        bookingId: guest.bookingId,
        firstName: guest.firstName,
        lastName: guest.lastName,
        guestAge: body.guestAge ?? null,
        guestNoticeVersion: GUEST_NOTICE_VERSION,
      });
    } else {
      throw new DomainError('invalid', STUDIO_CLASS_MESSAGES.memberNotFound, { field: 'userId' });
    }
    return this.view.state(now);
  }
}
