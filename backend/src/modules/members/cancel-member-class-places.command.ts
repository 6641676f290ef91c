import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';

/**
 * The erasure of a member (ADR 0202): every place they hold in a class still to come, a seat or a
 * place in line, given up on its class stream through the ordinary cancellation (`actor`: the staff
 * member who erases). The seat goes to the first in line as usual, with their email; the credit
 * goes back to a pool the member shared (their own left with them). Seats of classes already under
 * way stay, for the sweep to settle. Answers how many places were given up; run again, it gives up
 * only what is left. Answered by the class bookings (`class-bookings/cancel-member-class-places.command.ts`).
 */
export class CancelMemberClassPlaces extends Command<number> {
  constructor(
    readonly actor: AuthUser,
    readonly memberId: string,
  ) {
    super();
  }
}
