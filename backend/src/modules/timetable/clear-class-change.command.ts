import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TimetableStore } from './timetable.store';

export class ClearClassChange extends Command<void> {
  constructor(
    readonly slotId: string,
    readonly date: string,
  ) {
    super();
  }
}

/** Staff: that date's class is back as the weekly timetable has it. */
@CommandHandler(ClearClassChange)
export class ClearClassChangeHandler implements ICommandHandler<ClearClassChange, void> {
  constructor(private readonly store: TimetableStore) {}

  execute({ slotId, date }: ClearClassChange): Promise<void> {
    return this.store.deleteChange(slotId, date);
  }
}
