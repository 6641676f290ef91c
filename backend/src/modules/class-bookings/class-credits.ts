import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { ReturnClassCredit } from '../memberships/class-credits.command';
import { givesCreditBack, type ClassEvent } from './class-booking.events';
import { ClassBookingStore } from './class-booking.store';

/** Gives back the credits that class events owe (ADR 0360); a failure is left to the sweep, which finds them in the ledger. */
@Injectable()
export class ClassCredits {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly store: ClassBookingStore,
  ) {}

  async settle(events: readonly ClassEvent[], actor: AuthUser): Promise<void> {
    for (const event of events) if (givesCreditBack(event)) await this.giveBack(event.data.memberId, event.data.bookingId, actor);
  }

  async giveBack(memberId: string, bookingId: string, actor: AuthUser): Promise<void> {
    await this.commandBus.execute(new ReturnClassCredit(memberId, bookingId, actor));
    await this.store.creditSettled(bookingId, 'returned');
  }
}
