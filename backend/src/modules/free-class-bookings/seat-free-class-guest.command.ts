import { Command } from '@nestjs/cqrs';

/**
 * A free-class booking takes its seat in the timetable's class of that date and slot (ADR 0380): the
 * booking module handles it (`class-bookings/seat-free-class-guest.handler.ts`) on the class's own
 * stream, so guests and members share one capacity. Declared here, beside the booking that asks for
 * it, so this module needs nothing of the booking module. Answers the class's `slotId`, or null when
 * no class of the timetable has that slot that day (the booking then stands without a seat, as before);
 * throws a `conflict` in Spanish when the class is full, cancelled or the studio is closed.
 */
export class SeatFreeClassGuest extends Command<{ slotId: string } | null> {
  constructor(
    /** The free-class booking's id: the seat's booking id. */
    readonly bookingId: string,
    readonly date: string,
    /** The slot as the free-class form writes it ('6:00-7:00 pm'), the timetable class's label. */
    readonly slot: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** Gives back a seat taken by `SeatFreeClassGuest` whose booking was then refused (the same DUI or email booked at the same moment). */
export class ReleaseFreeClassGuestSeat extends Command<void> {
  constructor(
    readonly bookingId: string,
    readonly date: string,
    readonly slotId: string,
  ) {
    super();
  }
}

/** Gives back the seat of a free-class booking the guest cancelled, wherever it is; nothing when it holds none. */
export class GiveUpFreeClassGuestSeat extends Command<void> {
  constructor(readonly bookingId: string) {
    super();
  }
}
