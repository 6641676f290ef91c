import { Query } from '@nestjs/cqrs';

/**
 * Which of the form's slots cannot take a guest now (ADR 0380): the timetable's class in that slot is
 * full, cancelled, or the studio is closed that day. Answered by the booking module
 * (`class-bookings/full-free-class-slots.handler.ts`), which holds the seats; declared here, beside the
 * form's schedule that asks it. By date, the slot labels as the form writes them ('6:00-7:00 pm').
 */
export class GetFullFreeClassSlots extends Query<Record<string, string[]>> {
  constructor(readonly dates: readonly string[]) {
    super();
  }
}
