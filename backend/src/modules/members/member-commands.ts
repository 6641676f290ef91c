import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { handleCommand, StreamStateCache, type CommandResult } from '../../infrastructure/event-store/command-handler';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { MEMBER_MESSAGES, memberDecider, type MemberState } from './member.decider';
import { MEMBER_EVENT_SCHEMA_VERSIONS, memberStreamName, type MemberCommand, type MemberEvent, type MemberEventType } from './member.events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAMESPACE = 'pulso-member-command';

/** The kinds of member command a client key can name; part of the derived id, so keys never cross kinds. */
export type MemberCommandKind = 'update-profile' | 'enroll' | 'abandon-enrollment' | 'pause-enrollment' | 'resume-enrollment' | 'complete-workout';

export const IDEMPOTENCY_KEY_MESSAGE = 'El encabezado Idempotency-Key debe ser un UUID.';

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

/** The member-scoped command id for an optional `Idempotency-Key` header; a fresh one without it. */
export function commandIdFor(user: AuthUser, kind: MemberCommandKind, idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined || idempotencyKey === '') return memberScopedId(user.userId, kind, randomUUID());
  if (!UUID.test(idempotencyKey)) throw new DomainError('invalid', IDEMPOTENCY_KEY_MESSAGE, { field: 'Idempotency-Key' });
  return memberScopedId(user.userId, kind, idempotencyKey);
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The decider as the member's own routes meet it: an abandoned enrolment has left the
 * member's list, so acting on it again (abandon, pause, resume) answers "not found" like
 * an id they never had. Completing a workout in it keeps the decider's clearer 409.
 */
export const memberRoutesDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: memberDecider.initialState,
  evolve: memberDecider.evolve,
  decide(command, state) {
    if (command.type === 'AbandonEnrollment' || command.type === 'PauseEnrollment' || command.type === 'ResumeEnrollment') {
      const enrollment = state.enrollments.get(command.data.enrollmentId);
      if (!enrollment || enrollment.status === 'abandoned') {
        throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
      }
    }
    return memberDecider.decide(command, state);
  },
};

/** Members whose folded stream stays in memory between their commands (ADR 0094): about 25 KB each at 100 events. */
const MEMBER_STATES_CACHED = 1000;
/** One cache per store, so two stores in one process (tests, scripts) never share states. */
const caches = new WeakMap<EventStore, StreamStateCache<MemberState>>();

export function memberStateCache(store: EventStore): StreamStateCache<MemberState> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new StreamStateCache<MemberState>(MEMBER_STATES_CACHED)));
  return cache;
}

/** Runs one command on the caller's own `member-{userId}` stream. */
export function runMemberCommand(
  store: EventStore,
  user: AuthUser,
  command: MemberCommand,
  commandId: string,
  now: string,
): Promise<CommandResult<MemberState>> {
  return handleCommand(
    store,
    memberRoutesDecider,
    memberStreamName(user.userId),
    command,
    { commandId, actor: { userId: user.userId, role: user.role }, occurredAt: now },
    { schemaVersionOf: (type) => MEMBER_EVENT_SCHEMA_VERSIONS[type as MemberEventType] ?? 1, cache: memberStateCache(store) },
  );
}
