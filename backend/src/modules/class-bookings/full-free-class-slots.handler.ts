import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetFullFreeClassSlots } from '../free-class-bookings/get-full-free-class-slots.query';
import { ClassBookingStore } from './class-booking.store';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';

/** The free-class form's slots whose class has no seat for a guest: full (members and guests alike), cancelled or on a closed day. */
@QueryHandler(GetFullFreeClassSlots)
export class GetFullFreeClassSlotsHandler implements IQueryHandler<GetFullFreeClassSlots, Record<string, string[]>> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
  ) {}

  async execute({ dates }: GetFullFreeClassSlots): Promise<Record<string, string[]>> {
    if (dates.length === 0) return {};
    const sorted = [...dates].sort();
    const [timetable, counts] = await Promise.all([this.classes.load(), this.store.counts(sorted[0]!, sorted[sorted.length - 1]!)]);
    const full: Record<string, string[]> = {};
    for (const date of dates) {
      full[date] = occurrencesOf(timetable, date)
        .filter(
          (occurrence) => occurrence.closed !== null || occurrence.cancelled || (counts.get(`${occurrence.slotId}|${date}`)?.seats ?? 0) >= occurrence.capacity,
        )
        .map((occurrence) => occurrence.label);
    }
    return full;
  }
}
