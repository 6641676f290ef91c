import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecordFreeClassOutcome } from '../free-class-bookings/record-free-class-outcome.command';
import { FreeClassFollowUp } from './free-class-follow-up';

/**
 * The console's side of `RecordFreeClassOutcome`: the outcome joins the ones staff mark (ADR 0084). "Asistió"
 * from the board or the roster leaves "Se hizo miembro" as it is: a guest who became a member came (ADR 0380).
 */
@CommandHandler(RecordFreeClassOutcome)
export class RecordFreeClassOutcomeHandler implements ICommandHandler<RecordFreeClassOutcome, boolean> {
  constructor(private readonly bookings: FreeClassFollowUp) {}

  async execute({ bookingId, outcome, staff }: RecordFreeClassOutcome): Promise<boolean> {
    const current = await this.bookings.outcomeOf(bookingId);
    if (current === outcome || (outcome === 'attended' && current === 'converted')) return false;
    await this.bookings.record(bookingId, outcome, staff);
    return true;
  }
}
