import { Injectable, Logger } from '@nestjs/common';
import { EventBus, type IEvent } from '@nestjs/cqrs';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../infrastructure/http/idempotency-key';
import { handleCommand, StreamStateCache } from '../../infrastructure/event-store/command-handler';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { ReadYourWrites } from '../../infrastructure/projections/read-your-writes';
import type { DomainCommand } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { MemberContactsReadModel } from './member-contacts.read-model';
import { memberDecider, type MemberDecide, type MemberState } from './member.decider';
import { MEMBER_EVENT_SCHEMA_VERSIONS, memberStreamName, type MemberEvent, type MemberEventType } from './member.events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAMESPACE = 'pulso-member-command';

/** The kinds of member command a client key can name; part of the derived id, so keys never cross kinds. */
export type MemberCommandKind =
  | 'update-profile'
  | 'set-measured-max-heart-rate'
  | 'enroll'
  | 'abandon-enrollment'
  | 'pause-enrollment'
  | 'resume-enrollment'
  | 'complete-workout'
  | 'update-heart-rate-consent'
  | 'record-heart-rate-consent-at-desk'
  | 'save-timer-preset'
  | 'delete-timer-preset'
  | 'join-challenge'
  | 'update-challenge-leaderboard'
  | 'set-training-schedule'
  | 'update-email-preference'
  | 'erase-member-data'
  | 'record-studio-class'
  | 'choose-studio-board-name'
  | 'update-consent'
  | 'record-membership-sale'
  | 'confirm-membership-purchase'
  | 'freeze-membership'
  | 'unfreeze-membership'
  | 'expire-membership'
  | 'use-class-credit'
  | 'return-class-credit'
  /** A class booking's id (ADR 0360): never a command on the member stream itself. */
  | 'book-class';

/** Members whose folded stream stays in memory between their commands (ADR 0094): about 25 KB each at 100 events. */
const MEMBER_STATES_CACHED = 1000;

/**
 * A name-based (v5-style) UUID of (member, command kind, client key), ADR 0065. Event ids are
 * derived from the command id and are unique across the whole store, so the raw client key
 * cannot be the command id: another member sending the same key would collide with the first.
 */
export function memberScopedId(userId: string, kind: MemberCommandKind, key: string): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}:${userId}:${kind}:${key.toLowerCase()}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * What the client asked, hashed with the kind of command: never time or generated ids, so an
 * honest retry has the same fingerprint and another request under the same key does not.
 */
export function requestFingerprint(kind: MemberCommandKind, input: unknown): string {
  return createHash('sha256')
    .update(`${kind}:${JSON.stringify(input)}`)
    .digest('base64url');
}

/** Published once per event actually appended to a member stream, for side effects only (mail, notices). */
export class MemberEventRecorded implements IEvent {
  constructor(
    readonly userId: string,
    readonly event: MemberEvent,
  ) {}
}

export interface MemberWrite<Input, Command extends DomainCommand> {
  user: AuthUser;
  kind: MemberCommandKind;
  /** The `Idempotency-Key` header as sent; must be a UUID when present. */
  idempotencyKey: string | undefined;
  /** A client id that names the command better than the header (a completion's `completionId`). */
  clientId?: string;
  /** What the client asked, as it asked it: the same key with another input is refused. */
  input: Input;
  /**
   * Who acts when it is not the member: staff erasing a member's data (ADR 0202). Their id and
   * role become the events' actor; the member's contact is left alone.
   */
  actedBy?: { userId: string; role: AuthUser['role']; name?: string };
  /**
   * Who acts when it is not the member: staff ending a class write to each member's stream and
   * are its author (metadata.actor); `user` then names the member with an empty email.
   */
  actor?: AuthUser;
  /**
   * Waits for every projection of the events, the asynchronous ones too (the staff log, the
   * challenges), not only the member-facing inline ones: an erasure answers once no read model
   * holds the member's clear text any more (ADR 0274).
   */
  waitForEveryProjection?: boolean;
  /** The feature's decide function for the command (its `*.decider.ts`), run on the member's folded state. */
  decide: MemberDecide<Command>;
  /** The decider command, given the command's member-scoped id and the time; called once the key is checked. */
  command: (commandId: string, now: string) => Command;
}

export interface MemberWritten {
  /** The member-scoped command id (also the id of what it creates: an enrolment, a completion). */
  commandId: string;
  /** When this request decided (on a retry, the stored events keep the first request's time). */
  now: string;
  state: MemberState;
  /** Decided now, or stored by the first request when `replayed`. */
  events: MemberEvent[];
  replayed: boolean;
  /** Whether the read models held the events when the writer returned (read-your-writes). */
  consistent: boolean;
}

/**
 * The only code that appends to `member-*` streams. It owns what a decider must not invent —
 * member-scoped ids (ADR 0065), the time, schema versions — and one Idempotency-Key rule for
 * every member route (ADR 0100): malformed is a 400, the same key for the same request answers
 * as the first time, the same key for another request is a 422. It keeps the folded states
 * (ADR 0094), waits once for the read models (ADR 0101), keeps the member's contact email
 * (ADR 0143) and publishes what it appended.
 */
@Injectable()
export class MemberStreams {
  private readonly cache = new StreamStateCache<MemberState>(MEMBER_STATES_CACHED);
  private readonly logger = new Logger(MemberStreams.name);

  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly eventBus: EventBus,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  get cachedStates(): number {
    return this.cache.size;
  }

  async write<Input, const Command extends DomainCommand>(request: MemberWrite<Input, Command>): Promise<MemberWritten> {
    const { user, kind } = request;
    const headerKey = this.checkedKey(request.idempotencyKey);
    const key = request.clientId ?? headerKey ?? randomUUID();
    const commandId = memberScopedId(user.userId, kind, key);
    const fingerprint = requestFingerprint(kind, request.input);
    const now = new Date().toISOString();
    const result = await handleCommand(
      this.store,
      memberDecider(request.decide),
      memberStreamName(user.userId),
      request.command(commandId, now),
      {
        commandId,
        actor: request.actedBy ?? (request.actor ? { userId: request.actor.userId, role: request.actor.role } : { userId: user.userId, role: user.role }),
        occurredAt: now,
        fingerprint,
      },
      { schemaVersionOf: (type) => MEMBER_EVENT_SCHEMA_VERSIONS[type as MemberEventType] ?? 1, cache: this.cache },
    );
    // Events stored before fingerprints existed carry none and keep answering as the first time.
    if (result.replayed && result.fingerprint !== undefined && result.fingerprint !== fingerprint) {
      throw new DomainError('unprocessable', IDEMPOTENCY_KEY_REUSED_MESSAGE, { field: 'Idempotency-Key' });
    }
    const events = result.events as MemberEvent[];
    const eventTypes = events.map((event) => event.type);
    const consistent = result.position
      ? (
          await this.readYourWrites.waitFor(
            result.position,
            request.waitForEveryProjection ? { eventTypes, written: result.inline } : { eventTypes, lifecycle: 'inline', written: result.inline },
          )
        ).reached
      : true;
    // Before the notices: a sender reacting to them finds the member's address (ADR 0143). The
    // write has succeeded whatever happens here; a sender without an address skips its email.
    if (!request.actedBy)
      await this.contacts.keep(user.userId, user.email, user.firstName).catch((error: unknown) => {
        this.logger.warn(`No se guardó el correo de contacto del socio ${user.userId}: ${(error as Error).message}`);
      });
    if (!result.replayed && events.length > 0) this.eventBus.publishAll(events.map((event) => new MemberEventRecorded(user.userId, event)));
    return { commandId, now, state: result.state, events, replayed: result.replayed, consistent };
  }

  /** Checked even when a client id wins over it: a malformed key is a 400 on every route. */
  private checkedKey(idempotencyKey: string | undefined): string | undefined {
    if (idempotencyKey === undefined || idempotencyKey === '') return undefined;
    if (!isUuid(idempotencyKey)) throw new DomainError('invalid', IDEMPOTENCY_KEY_MESSAGE, { field: 'Idempotency-Key' });
    return idempotencyKey;
  }
}
