import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WeeklySlotDto, WeeklySlotInputDto } from './dto/timetable.dto';
import { checkStartTime, type Weekday } from './timetable.rules';
import { TimetableStore } from './timetable.store';

export class UpdateWeeklySlot extends Command<WeeklySlotDto> {
  constructor(
    readonly slotId: string,
    readonly body: WeeklySlotInputDto,
  ) {
    super();
  }
}

/** Staff: a weekly class moves (day, hour), changes its class or its room capacity, from now on. */
@CommandHandler(UpdateWeeklySlot)
export class UpdateWeeklySlotHandler implements ICommandHandler<UpdateWeeklySlot, WeeklySlotDto> {
  constructor(private readonly store: TimetableStore) {}

  async execute({ slotId, body }: UpdateWeeklySlot): Promise<WeeklySlotDto> {
    const slot = {
      slotId,
      weekday: body.weekday as Weekday,
      startTime: checkStartTime(body.startTime),
      classTypeId: body.classTypeId,
      capacity: body.capacity,
    };
    await this.store.updateSlot(slot);
    return slot;
  }
}
