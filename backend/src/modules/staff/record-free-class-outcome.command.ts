import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { FreeClassFollowUp } from './free-class-follow-up';
import type { FreeClassOutcome } from './staff-events';

/**
 * Records a free-class booking's outcome for another module (the class board marks its guests
 * "Asistió", issue 19), with the staff member as the author. Answers false without appending
 * when the booking already has that outcome, so ending a class twice marks it once.
 */
export class RecordFreeClassOutcome extends Command<boolean> {
  constructor(
    readonly bookingId: string,
    readonly outcome: FreeClassOutcome,
    readonly staff: AuthUser,
  ) {
    super();
  }
}

@CommandHandler(RecordFreeClassOutcome)
export class RecordFreeClassOutcomeHandler implements ICommandHandler<RecordFreeClassOutcome, boolean> {
  constructor(private readonly bookings: FreeClassFollowUp) {}

  async execute({ bookingId, outcome, staff }: RecordFreeClassOutcome): Promise<boolean> {
    if ((await this.bookings.outcomeOf(bookingId)) === outcome) return false;
    await this.bookings.record(bookingId, outcome, staff);
    return true;
  }
}
