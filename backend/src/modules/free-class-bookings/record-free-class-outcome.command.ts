import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { FreeClassOutcome } from './free-class-bookings.events';

/**
 * Records a free-class booking's outcome for another module (the class board marks its guests
 * "Asistió", issue 19), with the staff member as the author; answers false without appending when
 * the booking already has that outcome, so ending a class twice marks it once. The staff console
 * keeps the outcomes and handles it (`staff/record-free-class-outcome.handler.ts`): declared here,
 * beside the booking, so the modules that ask for it need not reach up to the console.
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
