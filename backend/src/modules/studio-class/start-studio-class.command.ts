import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import type { StartStudioClassDto, StudioClassStateDto } from './dto/studio-class.dto';
import { StudioClassView } from './studio-class-view';
import { StudioClassReadModel } from './studio-class.read-model';
import { STUDIO_CLASS_MESSAGES } from './studio-class.rules';

/** Staff start today's class in one of today's slots; one class at a time (ADR 0181). */
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
  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly view: StudioClassView,
  ) {}

  async execute({ staff, body }: StartStudioClass): Promise<StudioClassStateDto> {
    const now = new Date();
    const today = await this.view.today(now);
    if (!today.slots.includes(body.slot)) throw new DomainError('invalid', STUDIO_CLASS_MESSAGES.unknownSlot, { field: 'slot' });
    const inserted = await this.classes.insertSession({
      id: randomUUID(),
      classDate: today.date,
      slot: body.slot,
      className: today.className,
      startedAt: now.toISOString(),
      startedBy: staff.userId,
    });
    if (!inserted) throw new DomainError('conflict', STUDIO_CLASS_MESSAGES.classOpen);
    return this.view.state(now);
  }
}
