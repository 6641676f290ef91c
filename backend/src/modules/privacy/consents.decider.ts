import type { DomainCommand } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { normalizeInstant } from '../../shared/studio-day';
import { HEALTH_DATA_FIELDS } from '../members/member-profile.rules';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent, ProfileChanges } from '../members/member.events';
import { CONSENT_MESSAGES, consentKindOf } from './consents.rules';

/**
 * The consents of the registry recorded by the generic events (ADR 0190), on the member's stream:
 * given to the notice in force, withdrawn with what that stops. (A profile update refused after the
 * health-data withdrawal is the profile's own rule, in members/member.decider.ts.)
 */

/** A consent of the registry recorded by the generic events; the decider refuses other kinds and stale notices. */
export type GiveConsent = DomainCommand<'GiveConsent', { kind: string; noticeVersion: string; now: string }>;

export type WithdrawConsent = DomainCommand<'WithdrawConsent', { kind: string; now: string }>;

export type ConsentCommand = GiveConsent | WithdrawConsent;

export function decideConsents(command: ConsentCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'GiveConsent':
      return giveConsent(command.data, state);
    case 'WithdrawConsent':
      return withdrawConsent(command.data, state);
    default:
      return unreachable(command);
  }
}

/** A kind of the registry recorded by the generic events, to the notice in force; giving it again changes nothing. */
function giveConsent({ kind, noticeVersion, now }: GiveConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const recordedBy = genericConsent(kind);
  if (noticeVersion !== recordedBy.noticeVersion) {
    throw new DomainError('conflict', CONSENT_MESSAGES.staleNotice, { field: 'noticeVersion', currentNoticeVersion: recordedBy.noticeVersion });
  }
  const current = state.consents.get(kind);
  if (current?.granted && current.noticeVersion === noticeVersion) return [];
  return [{ type: 'ConsentGiven', data: { kind, noticeVersion, occurredAt } }];
}

/**
 * Withdrawing stops what the consent covered. For the health data that means the profile no
 * longer holds them: the same decision clears the height, weight and date of birth.
 */
function withdrawConsent({ kind, now }: WithdrawConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  genericConsent(kind);
  if (!consentKindOf(kind)?.withdrawable) throw new DomainError('conflict', CONSENT_MESSAGES.notWithdrawable, { field: 'consent' });
  if (state.consents.get(kind)?.granted === false) return [];
  const events: MemberEvent[] = [{ type: 'ConsentWithdrawn', data: { kind, occurredAt } }];
  if (kind === 'health-data') {
    const changes: Record<string, unknown> = {};
    for (const field of HEALTH_DATA_FIELDS) if (state.profile[field] !== null) changes[field] = { before: state.profile[field], after: null };
    if (Object.keys(changes).length > 0) events.push({ type: 'ProfileUpdated', data: { changes: changes as ProfileChanges, occurredAt } });
  }
  return events;
}

function genericConsent(kind: string): { noticeVersion: string } {
  const definition = consentKindOf(kind);
  if (!definition) throw new DomainError('not-found', CONSENT_MESSAGES.unknownKind, { field: 'consent' });
  if (definition.recordedBy.by !== 'consent') throw new DomainError('invalid', CONSENT_MESSAGES.unknownKind, { field: 'consent' });
  return definition.recordedBy;
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
