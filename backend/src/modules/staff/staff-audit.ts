import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { appendUnchecked } from '../../infrastructure/event-store/unchecked-append';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { ReadYourWrites } from '../../infrastructure/projections/read-your-writes';
import { staffActivityProjection } from './staff-activity.projection';
import type { StaffEvent } from './staff-events';

/**
 * Appends what a staff member did, with them as the actor, so it shows in the activity log —
 * and returns once the log's read model holds it (ADR 0087, bounded by READ_YOUR_WRITES_TIMEOUT_MS):
 * the staff member's next look at the log, or the answer built from it, already shows the action,
 * also after a streamed export whose answer is sent before any interceptor could report it.
 */
@Injectable()
export class StaffAudit {
  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async record(streamId: string, staff: AuthUser, event: StaffEvent): Promise<string> {
    const name = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;
    const { position } = await appendUnchecked(this.store, streamId, event, { userId: staff.userId, role: staff.role, name }, event.data.occurredAt);
    await this.readYourWrites.waitFor(position, { projections: [staffActivityProjection.name] });
    return position;
  }
}
