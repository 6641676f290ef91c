import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { GiveUpFreeClassGuestSeat, ReleaseFreeClassGuestSeat, SeatFreeClassGuest } from '../free-class-bookings/seat-free-class-guest.command';
import { ClassBookingStore } from './class-booking.store';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';
import { classCommandId } from './class-command-ids';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';
import { ClassStreams } from './class-streams';

/** Who takes a guest's seat: the visitor on the public form (no account). */
export const FREE_CLASS_VISITOR = { userId: 'free-class-form', role: 'guest' } as const;

/**
 * A free-class booking's seat (ADR 0380): the timetable's class that day whose label is the form's
 * slot, on its own stream with the booking's id as the command id, within the same capacity as the
 * members' seats; never its waitlist. No class of the timetable in that slot: no seat (null).
 */
@CommandHandler(SeatFreeClassGuest)
export class SeatFreeClassGuestHandler implements ICommandHandler<SeatFreeClassGuest, { slotId: string } | null> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly streams: ClassStreams,
  ) {}

  async execute({ bookingId, date, slot, now }: SeatFreeClassGuest): Promise<{ slotId: string } | null> {
    const matching = occurrencesOf(await this.classes.load(), date).filter((occurrence) => occurrence.label === slot);
    const occurrence = matching.find((candidate) => !candidate.cancelled) ?? matching[0];
    if (!occurrence) return null;
    if (occurrence.closed !== null) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.closedDay, { field: 'date' });
    if (occurrence.cancelled) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.cancelledClass, { field: 'time' });
    const { slotId } = occurrence;
    await this.streams.write({
      slotId,
      date,
      commandId: bookingId,
      actor: FREE_CLASS_VISITOR,
      command: { type: 'SeatGuest', data: { bookingId, slotId, date, capacity: occurrence.capacity, now: now.toISOString() } },
    });
    return { slotId };
  }
}

@CommandHandler(ReleaseFreeClassGuestSeat)
export class ReleaseFreeClassGuestSeatHandler implements ICommandHandler<ReleaseFreeClassGuestSeat, void> {
  constructor(private readonly streams: ClassStreams) {}

  async execute({ bookingId, date, slotId }: ReleaseFreeClassGuestSeat): Promise<void> {
    await this.streams.write({
      slotId,
      date,
      commandId: classCommandId('release-guest-seat', bookingId),
      actor: FREE_CLASS_VISITOR,
      command: { type: 'ReleaseGuestSeat', data: { bookingId, slotId, date, now: new Date().toISOString() } },
    });
  }
}

/** The seat of a booking the guest cancelled, found through the bookings read model; a seat already gone (or never taken) is left alone. */
@CommandHandler(GiveUpFreeClassGuestSeat)
export class GiveUpFreeClassGuestSeatHandler implements ICommandHandler<GiveUpFreeClassGuestSeat, void> {
  constructor(
    private readonly store: ClassBookingStore,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ bookingId }: GiveUpFreeClassGuestSeat): Promise<void> {
    const seat = await this.store.booking(bookingId);
    if (!seat?.guest || seat.status !== 'booked') return;
    await this.commandBus.execute(new ReleaseFreeClassGuestSeat(bookingId, seat.date, seat.slotId));
  }
}
