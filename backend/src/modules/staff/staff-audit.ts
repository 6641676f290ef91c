import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { recordWrite } from '../../infrastructure/event-store/written-positions';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { staffActivityProjection } from './staff-activity.projection';
import type { StaffEvent } from './staff-events';

/**
 * Appends what a staff member did, with them as the actor, so it shows in the activity log —
 * and returns once the log's read model holds it (bounded by READ_YOUR_WRITES_TIMEOUT_MS): the
 * staff member's next look at the log, or the answer built from it, already shows the action,
 * also after a streamed export whose answer is sent before any interceptor could wait.
 */
@Injectable()
export class StaffAudit {
  constructor(
    private readonly store: EventStore,
    private readonly engine: ProjectionEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    await this.engine.waitFor(result.position, { projections: [staffActivityProjection.name] }, this.config.eventStore.readYourWritesTimeoutMs);
    return result.position;
  }
}
