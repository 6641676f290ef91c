import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetFreeClassGuests, type FreeClassGuest } from '../free-class-bookings/get-free-class-guests.query';
import { FreeClassFollowUp } from './free-class-follow-up';

/** The console's side of `GetFreeClassGuests`: the bookings with the outcome staff last marked (ADR 0380). */
@QueryHandler(GetFreeClassGuests)
export class GetFreeClassGuestsHandler implements IQueryHandler<GetFreeClassGuests, FreeClassGuest[]> {
  constructor(private readonly bookings: FreeClassFollowUp) {}

  async execute({ bookingIds }: GetFreeClassGuests): Promise<FreeClassGuest[]> {
    if (bookingIds.length === 0) return [];
    const rows = await this.bookings.list({ ids: bookingIds }, undefined, bookingIds.length);
    return rows.map(({ id, name, lastname, outcome, outcomeAt }) => ({ bookingId: id, name, lastname, outcome, outcomeAt }));
  }
}
