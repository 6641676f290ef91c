import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import type { ClassChangeDto, ClassChangeInputDto } from './dto/timetable.dto';
import { checkClassChange, TIMETABLE_MESSAGES } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class SetClassChange extends Command<ClassChangeDto> {
  constructor(
    readonly body: ClassChangeInputDto,
    readonly now: Date,
  ) {
    super();
  }
}

/** Staff: one date of a weekly class gets another hour or capacity, or is cancelled with a notice; a second change that day replaces the first. */
@CommandHandler(SetClassChange)
export class SetClassChangeHandler implements ICommandHandler<SetClassChange, ClassChangeDto> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ body, now }: SetClassChange): Promise<ClassChangeDto> {
    const slot = await this.store.slot(body.slotId);
    if (!slot) throw new DomainError('not-found', TIMETABLE_MESSAGES.slotNotFound, { field: 'slotId' });
    const change = checkClassChange(body, slot, localDateOf(now));
    await this.store.putChange(change);
    return change;
  }
}
