import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { ClassBookingStore } from './class-booking.store';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';
import { cancelCutoffOf, ClassOccurrences, studioInstant, waitlistCutoffOf } from './class-occurrences';
import { classCommandId } from './class-command-ids';
import { ClassCredits } from './class-credits';
import { ClassStreams } from './class-streams';

export interface CancellationAnswer {
  bookingId: string;
  status: 'cancelled';
  late: boolean;
  creditReturned: boolean;
}

/** A member cancels their booking, or leaves the line (`memberId` null: staff, any booking). */
export class CancelClassBooking extends Command<CancellationAnswer> {
  constructor(
    readonly actor: AuthUser,
    readonly memberId: string | null,
    readonly bookingId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelClassBooking)
export class CancelClassBookingHandler implements ICommandHandler<CancelClassBooking, CancellationAnswer> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
    private readonly streams: ClassStreams,
    private readonly credits: ClassCredits,
  ) {}

  async execute({ actor, memberId, bookingId }: CancelClassBooking): Promise<CancellationAnswer> {
    const booking = await this.store.booking(bookingId);
    // Someone else's booking is as unknown as one that does not exist.
    if (!booking || (memberId !== null && booking.memberId !== memberId)) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
    const [occurrence, settings] = await Promise.all([this.classes.find(booking.date, booking.slotId), this.store.settings()]);
    const startsAt = occurrence?.startsAt ?? studioInstant(booking.date, '00:00');
    const written = await this.streams.write({
      slotId: booking.slotId,
      date: booking.date,
      commandId: classCommandId('cancel', bookingId),
      actor: { userId: actor.userId, role: actor.role },
      command: {
        type: 'CancelClassBooking',
        data: {
          bookingId,
          slotId: booking.slotId,
          date: booking.date,
          now: new Date().toISOString(),
          cancelCutoffAt: cancelCutoffOf({ startsAt }, settings).toISOString(),
          creditBackWhenLate: settings.lateCancelKeepsCredit,
          promoteUntil: waitlistCutoffOf({ startsAt }, settings).toISOString(),
          capacity: occurrence?.capacity ?? 0,
          byStudio: false,
        },
      },
    });
    await this.credits.settle(written.events, actor);
    const own = written.events.find((event) => event.data.bookingId === bookingId);
    if (own?.type === 'ClassBookingCancelled') return { bookingId, status: 'cancelled', late: own.data.late, creditReturned: own.data.creditBack };
    if (own?.type === 'ClassWaitlistLeft') return { bookingId, status: 'cancelled', late: false, creditReturned: true };
    // Cancelled before (a retry): answer as it stands.
    const now = await this.store.booking(bookingId);
    return { bookingId, status: 'cancelled', late: now?.late ?? false, creditReturned: now?.creditBack ?? false };
  }
}
