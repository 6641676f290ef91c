import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { recordWrite } from '../../infrastructure/event-store/written-positions';
import type { StaffEvent } from './staff-events';

/** Appends what a staff member did, with them as the actor, so it shows in the activity log. */
@Injectable()
export class StaffAudit {
  constructor(private readonly store: EventStore) {}

  async record(streamId: string, staff: AuthUser, event: StaffEvent): Promise<string> {
    const eventId = randomUUID();
    const result = await this.store.append(
      streamId,
      [
        {
          type: event.type,
          data: event.data,
          metadata: {
            eventId,
            correlationId: eventId,
            causationId: eventId,
            actor: { userId: staff.userId, role: staff.role },
            occurredAt: event.data.occurredAt,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    recordWrite({ position: result.position, eventTypes: [event.type] });
    return result.position;
  }
}
