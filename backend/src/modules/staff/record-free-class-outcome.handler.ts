import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecordFreeClassOutcome } from '../free-class-bookings/record-free-class-outcome.command';
import { FreeClassFollowUp } from './free-class-follow-up';

/** The console's side of `RecordFreeClassOutcome`: the outcome joins the ones staff mark (ADR 0084). */
@CommandHandler(RecordFreeClassOutcome)
export class RecordFreeClassOutcomeHandler implements ICommandHandler<RecordFreeClassOutcome, boolean> {
  constructor(private readonly bookings: FreeClassFollowUp) {}

  async execute({ bookingId, outcome, staff }: RecordFreeClassOutcome): Promise<boolean> {
    if ((await this.bookings.outcomeOf(bookingId)) === outcome) return false;
    await this.bookings.record(bookingId, outcome, staff);
    return true;
  }
}
