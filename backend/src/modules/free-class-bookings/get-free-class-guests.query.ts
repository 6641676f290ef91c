import { Query } from '@nestjs/cqrs';
import type { FreeClassOutcome } from './free-class-bookings.events';

export interface FreeClassGuest {
  bookingId: string;
  name: string;
  lastname: string;
  /** The last outcome staff recorded (ADR 0084); null while none. */
  outcome: FreeClassOutcome | null;
  outcomeAt: string | null;
}

/**
 * Free-class bookings by id with their current outcome, for a class roster (ADR 0380). The staff
 * console keeps the outcomes and answers it (`staff/get-free-class-guests.handler.ts`); bookings
 * no longer kept (retention) are left out.
 */
export class GetFreeClassGuests extends Query<FreeClassGuest[]> {
  constructor(readonly bookingIds: readonly string[]) {
    super();
  }
}
