import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { Revocations } from '../../infrastructure/auth/revocations';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { DataKeys } from '../../infrastructure/privacy/data-keys';
import { DomainError } from '../../shared/domain-error';
import { CancelMemberClassPlaces } from './cancel-member-class-places.command';
import type { ErasureResultDto } from './dto/erasure.dto';
import { MemberContactsReadModel } from './member-contacts.read-model';
import { ERASED_VALUE } from './member-personal-data.rules';
import { MemberStreams } from './member-streams';
import { decideMembership } from './member.decider';
import { memberStreamName } from './member.events';
import { inTransaction } from '../../infrastructure/database/in-transaction';

export class EraseMemberData extends Command<ErasureResultDto> {
  constructor(
    /** The staff member who erases (the event's actor). */
    readonly staff: AuthUser,
    readonly userId: string,
    readonly requestId: string | undefined,
  ) {
    super();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Erasure by crypto-shredding (ADR 0202), in this order so that a failure part-way is finished
 * by running it again:
 * 0. The member is refused on every route, whatever their token, by this instance at once and by
 *    every other within a second (ADR 0280); steps 3 and 4 run only after that, so nothing an
 *    open session sends can bring their data back.
 * 1. `MemberDataErased` is appended to the member's stream (who, when, which request); the
 *    projections holding personal data drop or blank the member's rows as they apply it, the
 *    asynchronous ones (the staff log) included before the answer (ADR 0274).
 * 2. The member's data keys are destroyed: the personal fields of their events read "[borrado]"
 *    from then on, on every read, replay and rebuild.
 * 3. Their places in classes still to come, seats and places in line, are given up on the class
 *    streams like any cancellation (ADR 0360): the line moves up and those promoted are told; a
 *    credit goes back only to a pool they shared, their own stream taking no more commands.
 * 4. What lives outside the event store goes: the contact address, the heart-rate readings, the
 *    mail sent to them (outbox and send claims), the calendar feed's link, the free-class bookings
 *    made with their email, the strap the desk remembered for them, their class credits' ledger,
 *    and the local account with its sessions (with Clerk, the account lives there: docs/privacy.md).
 *    The contact goes last of all: until then a second run still finds the member's address.
 */
@CommandHandler(EraseMemberData)
export class EraseMemberDataHandler implements ICommandHandler<EraseMemberData, ErasureResultDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly keys: DataKeys,
    private readonly contacts: MemberContactsReadModel,
    private readonly store: EventStore,
    private readonly revocations: Revocations,
    private readonly commandBus: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ staff, userId, requestId }: EraseMemberData): Promise<ErasureResultDto> {
    const reference = requestId?.trim() || null;
    const emails = await this.emailsOf(userId);
    if (emails.size === 0 && (await this.store.readStream(memberStreamName(userId), { maxCount: 1 })).length === 0) {
      throw new DomainError('not-found', 'No encontramos a ese miembro ni actividad suya.');
    }
    const revoked = await this.revocations.revokeSubject(userId);
    const written = await this.members.write({
      user: { userId, email: '', firstName: '', lastName: '', role: 'member', secondFactor: false },
      actedBy: { userId: staff.userId, role: staff.role, ...(staff.firstName ? { name: `${staff.firstName} ${staff.lastName}`.trim() } : {}) },
      kind: 'erase-member-data',
      idempotencyKey: undefined,
      input: { userId, requestId: reference },
      // The staff log and the challenges apply it asynchronously: the answer waits for them too (ADR 0274).
      waitForEveryProjection: true,
      decide: decideMembership,
      command: (_commandId, now) => ({ type: 'EraseMemberData', data: { requestId: reference, now } }),
    });
    const keysDestroyed = await this.keys.destroy(userId);
    // Every instance refuses the member before their rows go: nothing an open session sends lands after the deletion.
    await revoked.everywhere();
    // Before the ledger goes: each cancellation settles its credit there first.
    await this.commandBus.execute(new CancelMemberClassPlaces(staff, userId));
    const rowsDeleted: Record<string, number> = {};
    await inTransaction(this.pool, async (client) => {
      const count = async (table: string, sql: string, values: unknown[]): Promise<void> => {
        rowsDeleted[table] = (await client.query(sql, values)).rowCount ?? 0;
      };
      const addresses = [...emails];
      await count('heart_rate_series', 'DELETE FROM heart_rate_series WHERE user_id = $1', [userId]);
      await count('email_sends', 'DELETE FROM email_sends WHERE user_id = $1', [userId]);
      // The calendar feed's secret link stops working: nothing about the member is served any more.
      await count('calendar_feed_tokens', 'DELETE FROM calendar_feed_tokens WHERE user_id = $1', [userId]);
      await count('mail_outbox', 'DELETE FROM mail_outbox WHERE lower(recipient) = ANY ($1::text[])', [addresses]);
      await count('free_class_bookings', 'DELETE FROM free_class_bookings WHERE email = ANY ($1::text[])', [addresses]);
      // Classes on the studio board (ADR 0180): the member's readings go, and their name on the class's roster.
      await count(
        'studio_class_samples',
        `DELETE FROM studio_class_samples s USING studio_class_participants p
          WHERE p.user_id = $1 AND s.session_id = p.session_id AND s.sensor_id = p.sensor_id`,
        [userId],
      );
      // The strap the desk remembered for them (ADR 0370).
      await count('studio_remembered_straps', 'DELETE FROM studio_remembered_straps WHERE user_id = $1', [userId]);
      await count('studio_class_participants', `UPDATE studio_class_participants SET first_name = $2, last_name = '' WHERE user_id = $1`, [
        userId,
        ERASED_VALUE,
      ]);
      // The class bookings stay as anonymous history (member id and status); the ledger of their credits goes.
      await count('class_booking_credits', 'DELETE FROM class_booking_credits WHERE member_id = $1', [userId]);
      // A rights request stays, as proof it was answered (ADR 0192), without who filed it or what they wrote.
      await count(
        'rights_requests',
        `UPDATE rights_requests
            SET member_email = $2, member_name = $2, details = CASE WHEN details IS NULL THEN NULL ELSE $2 END,
                history = coalesce((SELECT jsonb_agg(CASE WHEN h->>'by' IN (member_email, member_name) THEN jsonb_set(h, '{by}', to_jsonb($2::text)) ELSE h END ORDER BY n)
                                      FROM jsonb_array_elements(history) WITH ORDINALITY AS e(h, n)), '[]'::jsonb)
          WHERE user_id = $1`,
        [userId, ERASED_VALUE],
      );
      await count(
        'identity_accounts',
        UUID.test(userId) ? `DELETE FROM identity_accounts WHERE id = $1::uuid AND role = 'member'` : 'SELECT 1 WHERE false AND $1::text IS NULL',
        [userId],
      );
    });
    // Last: until the rows above are gone, a second run still finds the member's address here.
    rowsDeleted.member_contacts = (await this.contacts.forget(userId)) ? 1 : 0;
    const erased = written.events.find((event) => event.type === 'MemberDataErased');
    return {
      userId,
      erasedAt: erased?.data.occurredAt ?? written.now,
      requestId: reference,
      keysDestroyed,
      rowsDeleted,
      consistent: written.consistent,
    };
  }

  /** Every address the platform knows the member by, before any is deleted. */
  private async emailsOf(userId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ email: string }>(
      `SELECT email FROM member_contacts WHERE user_id = $1
       UNION SELECT lower(email) FROM identity_accounts WHERE $2::boolean AND id::text = $1`,
      [userId, UUID.test(userId)],
    );
    return new Set(rows.map((row) => row.email.toLowerCase()));
  }
}
