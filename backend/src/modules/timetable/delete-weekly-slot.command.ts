import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TimetableStore } from './timetable.store';

export class DeleteWeeklySlot extends Command<void> {
  constructor(readonly slotId: string) {
    super();
  }
}

/** Staff: a weekly class that is no longer given (its one-off changes go with it). */
@CommandHandler(DeleteWeeklySlot)
export class DeleteWeeklySlotHandler implements ICommandHandler<DeleteWeeklySlot, void> {
  constructor(private readonly store: TimetableStore) {}

  execute({ slotId }: DeleteWeeklySlot): Promise<void> {
    return this.store.deleteSlot(slotId);
  }
}
