import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { addDays, localDateOf } from '../../shared/studio-day';
import { CancelClassBooking } from './cancel-class-booking.command';
import { ClassBookingStore } from './class-booking.store';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';

/** How far ahead a member's places are looked for: beyond any booking window the settings allow. */
const AHEAD_DAYS = 366;

/**
 * The erasure of a member (ADR 0202): every place they hold in a class still to come, a seat or a
 * place in line, given up on its class stream through the ordinary cancellation (`actor`: the staff
 * member who erases). The seat goes to the first in line as usual, with their email; the credit
 * goes back to a pool the member shared (their own left with them). Seats of classes already under
 * way stay, for the sweep to settle. Answers how many places were given up; run again, it gives up
 * only what is left.
 */
export class CancelMemberClassPlaces extends Command<number> {
  constructor(
    readonly actor: AuthUser,
    readonly memberId: string,
  ) {
    super();
  }
}

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
