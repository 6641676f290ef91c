import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../infrastructure/http/idempotency-key';
import { DomainError } from '../../shared/domain-error';
import type { LocalDate } from '../../shared/studio-day';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { isUuid, memberScopedId } from '../members/member-streams';
import { ReturnClassCredit, UseClassCredit } from '../memberships/class-credits.command';
import { ClassBookingStore } from './class-booking.store';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';
import { ClassOccurrences, notBookableReason, waitlistCutoffOf } from './class-occurrences';
import { ClassStreams } from './class-streams';
import { waitlistOf } from './class.decider';

export interface BookingAnswer {
  bookingId: string;
  status: 'booked' | 'waitlisted';
  waitlistPosition: number | null;
  classesLeft: number | null;
}

/** A member (or the desk for them: `desk`) books a class: the credit first, then the seat or a place in line (ADR 0360). */
export class BookClass extends Command<BookingAnswer> {
  constructor(
    readonly actor: AuthUser,
    readonly memberId: string,
    readonly date: LocalDate,
    readonly slotId: string,
    readonly waitlist: boolean,
    readonly idempotencyKey: string | undefined,
    readonly desk = false,
  ) {
    super();
  }
}

/** The booking id of a member's request: the same key always names the same booking, so a retry never uses a second credit. */
export function bookingIdOf(memberId: string, idempotencyKey: string): string {
  return memberScopedId(memberId, 'book-class', idempotencyKey);
}

@CommandHandler(BookClass)
export class BookClassHandler implements ICommandHandler<BookClass, BookingAnswer> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
    private readonly streams: ClassStreams,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ actor, memberId, date, slotId, waitlist, idempotencyKey, desk }: BookClass): Promise<BookingAnswer> {
    if (!idempotencyKey || !isUuid(idempotencyKey)) throw new DomainError('invalid', IDEMPOTENCY_KEY_MESSAGE, { field: 'Idempotency-Key' });
    const bookingId = bookingIdOf(memberId, idempotencyKey);
    const earlier = await this.store.booking(bookingId);
    if (earlier && (earlier.slotId !== slotId || earlier.date !== date))
      throw new DomainError('unprocessable', IDEMPOTENCY_KEY_REUSED_MESSAGE, { field: 'Idempotency-Key' });
    const [occurrence, settings] = await Promise.all([this.classes.get(date, slotId), this.store.settings()]);
    if (!earlier) {
      if (desk && !(await this.contacts.contactOf(memberId))) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.memberNotFound, { field: 'memberId' });
      const reason = notBookableReason(occurrence, settings, new Date());
      if (reason) throw new DomainError('unprocessable', reason);
    }

    // Step 1: the credit, keyed by the booking id (once per booking, ever). The ledger row first: a credit used without a seat (a crash
    // between the steps, or a refusal whose return failed) is found by the sweep.
    await this.store.creditPending(bookingId, memberId, slotId, date);
    let classesLeft: number | null;
    try {
      const credit = await this.commandBus.execute(new UseClassCredit(memberId, bookingId, actor));
      if (!credit.applied && !earlier) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.incomplete);
      classesLeft = credit.classesLeft;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.store.creditSettled(bookingId, 'returned');
      if (error.code === 'conflict' || error.code === 'not-found' || error.code === 'forbidden')
        throw new DomainError('conflict', error.message === CLASS_BOOKING_MESSAGES.incomplete ? error.message : noCreditMessage(error), {
          field: 'membership',
        });
      throw error;
    }

    // Step 2: the seat, or a place in line, on the class's own stream. A refusal gives the credit back.
    try {
      const written = await this.streams.write({
        slotId,
        date,
        commandId: bookingId,
        actor: { userId: actor.userId, role: actor.role },
        input: { slotId, date, waitlist },
        command: {
          type: 'BookClass',
          data: {
            bookingId,
            memberId,
            capacity: occurrence.capacity,
            waitlist,
            slotId,
            date,
            now: new Date().toISOString(),
            waitlistUntil: waitlistCutoffOf(occurrence, settings).toISOString(),
          },
        },
      });
      // The ledger row stays pending: the sweep settles seated bookings in bulk (one statement, off the member's request).
      const booking = written.state.bookings.get(bookingId);
      const position = waitlistOf(written.state).findIndex((candidate) => candidate.bookingId === bookingId);
      return {
        bookingId,
        status: booking?.status === 'waitlisted' ? 'waitlisted' : 'booked',
        waitlistPosition: position < 0 ? null : position + 1,
        classesLeft,
      };
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'not-found' || (error.code === 'unprocessable' && !earlier))) {
        await this.commandBus.execute(new ReturnClassCredit(memberId, bookingId, actor));
        await this.store.creditSettled(bookingId, 'returned');
      }
      throw error;
    }
  }
}

/** The membership's refusal as the booking says it: no class left (or no membership in force), or why the pool cannot pay. */
function noCreditMessage(error: DomainError): string {
  return /congelad|prueba|comparte/i.test(error.message) ? error.message : CLASS_BOOKING_MESSAGES.noClassesLeft;
}
