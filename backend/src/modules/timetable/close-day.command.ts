import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { localDateOf } from '../../shared/studio-day';
import type { ClosureDto } from './dto/timetable.dto';
import { checkClosure } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class CloseDay extends Command<ClosureDto> {
  constructor(
    readonly date: string,
    readonly notice: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** Staff: a holiday or any day the studio closes: no class that day, whatever the timetable says. */
@CommandHandler(CloseDay)
export class CloseDayHandler implements ICommandHandler<CloseDay, ClosureDto> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ date, notice, now }: CloseDay): Promise<ClosureDto> {
    const closure = checkClosure(date, notice, localDateOf(now));
    await this.store.putClosure(closure);
    return closure;
  }
}
