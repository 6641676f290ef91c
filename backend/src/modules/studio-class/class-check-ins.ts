import { Injectable } from '@nestjs/common';
import type { IEvent } from '@nestjs/cqrs';

/**
 * Who is checked in for a class (one date of one timetable slot), in check-in order: the port the
 * studio board reads when a class starts (ADR 0371). The booking module binds its own
 * (`CheckedInMembers`); until then nobody is checked in.
 */
export abstract class ClassCheckIns {
  abstract checkedIn(date: string, slotId: string): Promise<string[]>;
}

@Injectable()
export class NoClassCheckIns extends ClassCheckIns {
  checkedIn(): Promise<string[]> {
    return Promise.resolve([]);
  }
}

/**
 * Published (EventBus) by the booking module when the desk checks a member in for a class, once
 * per new check-in: if that class is running on the board, the member's remembered strap is
 * assigned at once (ADR 0371). `checkedInBy` is the staff member's user id.
 */
export class MemberCheckedInToClass implements IEvent {
  constructor(
    readonly date: string,
    readonly slotId: string,
    readonly memberId: string,
    readonly checkedInBy: string,
  ) {}
}
