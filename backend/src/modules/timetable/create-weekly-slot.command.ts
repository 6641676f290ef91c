import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WeeklySlotDto, WeeklySlotInputDto } from './dto/timetable.dto';
import { checkStartTime, type Weekday } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class CreateWeeklySlot extends Command<WeeklySlotDto> {
  constructor(readonly body: WeeklySlotInputDto) {
    super();
  }
}

/** Staff: a class every week on that day at that hour (one class per day and hour). */
@CommandHandler(CreateWeeklySlot)
export class CreateWeeklySlotHandler implements ICommandHandler<CreateWeeklySlot, WeeklySlotDto> {
  constructor(private readonly store: TimetableStore) {}

  execute({ body }: CreateWeeklySlot): Promise<WeeklySlotDto> {
    return this.store.createSlot({
      weekday: body.weekday as Weekday,
      startTime: checkStartTime(body.startTime),
      classTypeId: body.classTypeId,
      capacity: body.capacity,
    });
  }
}
