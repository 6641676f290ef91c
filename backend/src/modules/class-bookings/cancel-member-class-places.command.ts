import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { addDays, localDateOf } from '../../shared/studio-day';
import { CancelMemberClassPlaces } from '../members/cancel-member-class-places.command';
import { CancelClassBooking } from './cancel-class-booking.command';
import { ClassBookingStore } from './class-booking.store';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';

/** How far ahead a member's places are looked for: beyond any booking window the settings allow. */
const AHEAD_DAYS = 366;

/** Answers `CancelMemberClassPlaces` (declared beside the erasure, which asks it: no import back into members). */
@CommandHandler(CancelMemberClassPlaces)
export class CancelMemberClassPlacesHandler implements ICommandHandler<CancelMemberClassPlaces, number> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
  ) {}

  async execute({ actor, memberId }: CancelMemberClassPlaces): Promise<number> {
    const now = new Date();
    const today = localDateOf(now);
    const [timetable, bookings] = await Promise.all([this.classes.load(), this.store.ofMember(memberId, today, addDays(today, AHEAD_DAYS))]);
    const startsLater = (slotId: string, date: string) => {
      const occurrence = occurrencesOf(timetable, date).find((candidate) => candidate.slotId === slotId);
      return occurrence !== undefined && occurrence.startsAt.getTime() > now.getTime();
    };
    // The places in line first: the member must not be promoted into a seat while their seats are given up.
    const places = [
      ...bookings.filter((booking) => booking.status === 'waitlisted'),
      ...bookings.filter((booking) => booking.status === 'booked' && startsLater(booking.slotId, booking.date)),
    ];
    for (const booking of places) await this.commandBus.execute(new CancelClassBooking(actor, null, booking.bookingId));
    return places.length;
  }
}
