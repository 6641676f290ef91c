import { Command, CommandBus, CommandHandler, EventBus, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import type { LocalDate } from '../../shared/studio-day';
import { ClassBookingStore } from './class-booking.store';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';
import { CheckInCodes } from './check-in-codes';
import { classCommandId } from './class-command-ids';
import { ClassStreams } from './class-streams';
import { MemberCheckedInToClass } from '../studio-class/studio-class.module';
import { GetFreeClassGuests } from '../free-class-bookings/get-free-class-guests.query';
import { RecordFreeClassOutcome } from '../free-class-bookings/record-free-class-outcome.command';

export interface CheckInAnswer {
  bookingId: string;
  memberId: string;
  status: 'checked-in';
  checkedInAt: string;
}

/**
 * The desk checks a booking in, by its id or by the member's QR code; twice answers the same. A new
 * check-in is published as `MemberCheckedInToClass` for the studio board. A free-class guest's arrival
 * is their booking's outcome "Asistió" (ADR 0380), the one record the board and the follow-up read.
 */
export class CheckInToClass extends Command<CheckInAnswer> {
  constructor(
    readonly staff: AuthUser,
    readonly date: LocalDate,
    readonly slotId: string,
    readonly by: { bookingId?: string; code?: string },
  ) {
    super();
  }
}

@CommandHandler(CheckInToClass)
export class CheckInToClassHandler implements ICommandHandler<CheckInToClass, CheckInAnswer> {
  constructor(
    private readonly store: ClassBookingStore,
    private readonly streams: ClassStreams,
    private readonly codes: CheckInCodes,
    private readonly events: EventBus,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ staff, date, slotId, by }: CheckInToClass): Promise<CheckInAnswer> {
    const bookingId = by.code !== undefined ? this.codes.bookingOf(by.code, date) : by.bookingId;
    if (!bookingId) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.badCode, { field: 'code' });
    const booking = await this.store.booking(bookingId);
    if (!booking || booking.date !== date || booking.slotId !== slotId) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
    if (booking.guest) return this.guestArrived(staff, bookingId, booking.status === 'booked');
    await this.streams.write({
      slotId,
      date,
      commandId: classCommandId('check-in', bookingId),
      actor: { userId: staff.userId, role: staff.role },
      command: { type: 'CheckInToClass', data: { bookingId, slotId, date, now: new Date().toISOString() } },
    });
    const now = await this.store.booking(bookingId);
    // A new arrival: if the class is on the board, the member's remembered strap joins it (ADR 0371).
    if (!booking.checkedInAt && now?.checkedInAt) this.events.publish(new MemberCheckedInToClass(date, slotId, booking.memberId, staff.userId));
    return { bookingId, memberId: booking.memberId, status: 'checked-in', checkedInAt: now?.checkedInAt ?? new Date().toISOString() };
  }

  private async guestArrived(staff: AuthUser, bookingId: string, seated: boolean): Promise<CheckInAnswer> {
    const guest = async () => (await this.queryBus.execute(new GetFreeClassGuests([bookingId])))[0];
    const before = seated ? await guest() : undefined;
    if (!before) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
    if (before.outcome !== 'attended' && before.outcome !== 'converted')
      await this.commandBus.execute(new RecordFreeClassOutcome(bookingId, 'attended', staff));
    const after = before.outcome === 'attended' || before.outcome === 'converted' ? before : await guest();
    return { bookingId, memberId: '', status: 'checked-in', checkedInAt: after?.outcomeAt ?? new Date().toISOString() };
  }
}
