import { Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { ClassCheckIns } from './class-check-ins';
import type { StartStudioClassDto, StudioClassStateDto } from './dto/studio-class.dto';
import { RememberedStraps } from './remembered-straps';
import { StudioClassView } from './studio-class-view';
import { StudioClassReadModel } from './studio-class.read-model';
import { STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/**
 * Staff start one of today's classes; one class at a time (ADR 0181). Started from the timetable
 * (`slotId`), the class takes its name and label from it and every member checked in for it with a
 * remembered strap gets that strap at once (ADR 0371); started by a slot's label only, as before.
 */
export class StartStudioClass extends Command<StudioClassStateDto> {
  constructor(
    readonly staff: AuthUser,
    readonly body: StartStudioClassDto,
  ) {
    super();
  }
}

@CommandHandler(StartStudioClass)
export class StartStudioClassHandler implements ICommandHandler<StartStudioClass, StudioClassStateDto> {
  private readonly logger = new Logger(StartStudioClassHandler.name);

  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly view: StudioClassView,
    private readonly checkIns: ClassCheckIns,
    private readonly straps: RememberedStraps,
  ) {}

  async execute({ staff, body }: StartStudioClass): Promise<StudioClassStateDto> {
    const now = new Date();
    const today = await this.view.today(now);
    let started: { slot: string; slotId: string | null; className: string };
    if (body.slotId !== undefined) {
      const scheduled = today.classes.find((one) => one.slotId === body.slotId);
      if (!scheduled) throw new DomainError('not-found', STUDIO_CLASS_MESSAGES.classNotToday, { field: 'slotId' });
      if (scheduled.cancelled) throw new DomainError('conflict', STUDIO_CLASS_MESSAGES.classCancelled, { field: 'slotId' });
      started = { slot: scheduled.label, slotId: scheduled.slotId, className: scheduled.className };
    } else {
      if (body.slot === undefined || !today.slots.includes(body.slot)) throw new DomainError('invalid', STUDIO_CLASS_MESSAGES.unknownSlot, { field: 'slot' });
      started = { slot: body.slot, slotId: null, className: today.className };
    }
    const id = randomUUID();
    const inserted = await this.classes.insertSession({ id, classDate: today.date, ...started, startedAt: now.toISOString(), startedBy: staff.userId });
    if (!inserted) throw new DomainError('conflict', STUDIO_CLASS_MESSAGES.classOpen);
    if (started.slotId !== null) {
      // The class has started whatever happens here: without the straps the desk pairs them by hand.
      try {
        const session = (await this.classes.session(id))!;
        await this.straps.assignIn(session, await this.checkIns.checkedIn(today.date, started.slotId), staff.userId, now);
      } catch (error) {
        this.logger.error(`Bandas recordadas no asignadas al iniciar la clase ${id}: ${(error as Error).message}`);
      }
    }
    return this.view.state(now);
  }
}
