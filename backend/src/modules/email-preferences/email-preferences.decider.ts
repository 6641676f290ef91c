import type { DomainCommand } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { normalizeInstant } from '../../shared/studio-day';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { EMAIL_PREFERENCE_MESSAGES, isEmailTopic, SUBSCRIBED_BY_DEFAULT } from './email-preferences.rules';

/** Which member emails the member receives, on their stream (ADR 0142). */

/** `topic` as the client sent it: the decider refuses a topic outside the closed list. */
export type ChangeEmailPreference = DomainCommand<'ChangeEmailPreference', { topic: string; subscribed: boolean; now: string }>;

export function decideEmailPreferences(command: ChangeEmailPreference, state: MemberState): MemberEvent[] {
  return changeEmailPreference(command.data, state);
}

/** A topic of the closed list, and only a change: choosing what already holds records nothing. */
function changeEmailPreference({ topic, subscribed, now }: ChangeEmailPreference['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (!isEmailTopic(topic)) throw new DomainError('not-found', EMAIL_PREFERENCE_MESSAGES.unknownTopic, { field: 'topic' });
  if ((state.emailPreferences.get(topic) ?? SUBSCRIBED_BY_DEFAULT) === subscribed) return [];
  return [{ type: 'EmailPreferenceChanged', data: { topic, subscribed, occurredAt } }];
}
