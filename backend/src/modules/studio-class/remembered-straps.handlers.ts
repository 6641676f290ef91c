import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { MemberEventRecorded } from '../members/member-streams';
import { MemberCheckedInToClass } from './class-check-ins';
import { RememberedStraps } from './remembered-straps';
import { StudioClassReadModel } from './studio-class.read-model';

/**
 * A member checked in after their class started on the board gets their remembered strap at once
 * (ADR 0371). Never throws: the check-in stands whatever the board does; the desk can still pair
 * the strap by hand.
 */
@EventsHandler(MemberCheckedInToClass)
export class AssignStrapAtCheckInHandler implements IEventHandler<MemberCheckedInToClass> {
  private readonly logger = new Logger(AssignStrapAtCheckInHandler.name);

  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly straps: RememberedStraps,
  ) {}

  async handle({ date, slotId, memberId, checkedInBy }: MemberCheckedInToClass): Promise<void> {
    try {
      const session = await this.classes.openSession();
      if (!session || session.slotId !== slotId || session.classDate !== date) return;
      await this.straps.assignIn(session, [memberId], checkedInBy, new Date());
    } catch (error) {
      this.logger.error(`Banda recordada no asignada al registrar la llegada: ${(error as Error).message}`);
    }
  }
}

/**
 * The remembered strap is forgotten when the member withdraws their heart-rate consent or is
 * erased (ADR 0370). The member writer publishes only what it has just appended: a replay deletes
 * nothing, and a withdrawal whose deletion never ran still voids the strap when it is read.
 */
@EventsHandler(MemberEventRecorded)
export class ForgetStrapHandler implements IEventHandler<MemberEventRecorded> {
  private readonly logger = new Logger(ForgetStrapHandler.name);

  constructor(private readonly straps: RememberedStraps) {}

  async handle({ userId, event }: MemberEventRecorded): Promise<void> {
    if (event.type !== 'HeartRateConsentWithdrawn' && event.type !== 'MemberDataErased') return;
    try {
      await this.straps.forget(userId);
    } catch (error) {
      this.logger.error(`Banda recordada no olvidada: ${(error as Error).message}`);
    }
  }
}
