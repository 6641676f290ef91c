import type { DomainCommand } from '../../shared/decider';
import { DomainError, invalidField } from '../../shared/domain-error';
import { normalizeInstant } from '../../shared/studio-day';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import {
  INTERVAL_TIMER_WORKOUT_ID,
  invalidTimerField,
  isIntervalTimerKind,
  MAX_TIMER_PRESETS,
  normalizeTimerName,
  TIMER_MESSAGES,
  type IntervalTimerSession,
  type IntervalTimerSpec,
  type TimerPreset,
} from './interval-timer.rules';

/**
 * What a member may do with their own timers (ADR 0162): unique names, at most 30; and what a
 * completion of the `interval-timer` workout must say about its session (ADR 0161).
 */

/** `presetId` is the member-scoped command id of the create request. */
export type SaveTimerPreset = DomainCommand<'SaveTimerPreset', { presetId: string; preset: TimerPreset; now: string }>;

export type DeleteTimerPreset = DomainCommand<'DeleteTimerPreset', { presetId: string; now: string }>;

export type TimerPresetCommand = SaveTimerPreset | DeleteTimerPreset;

export function decideTimerPresets(command: TimerPresetCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'SaveTimerPreset':
      return saveTimerPreset(command.data, state);
    case 'DeleteTimerPreset':
      return deleteTimerPreset(command.data, state);
    default:
      return unreachable(command);
  }
}

/**
 * A timer session is recorded under the well-known `interval-timer` id and only there, never in
 * a plan, with a valid description of the timer (ADR 0161).
 */
export function intervalTimerOf(command: {
  workoutId: string;
  planId: string | null;
  enrollmentId: string | null;
  intervalTimer?: IntervalTimerSession;
}): IntervalTimerSession | null {
  const session = command.intervalTimer;
  if (command.workoutId !== INTERVAL_TIMER_WORKOUT_ID) {
    if (session !== undefined) throw invalidField(TIMER_MESSAGES.sessionOnlyForTimer, 'intervalTimer');
    return null;
  }
  if (session === undefined) throw invalidField(TIMER_MESSAGES.sessionRequired, 'intervalTimer');
  if (command.planId !== null || command.enrollmentId !== null) throw invalidField(TIMER_MESSAGES.timerWithoutPlan, 'planId');
  if (!isIntervalTimerKind(session.kind)) throw invalidField(TIMER_MESSAGES.kind, 'kind');
  const name = normalizeTimerName(session.name);
  if (name === null) throw invalidField(TIMER_MESSAGES.name, 'name');
  const spec = checkedTimerSpec(session);
  return { kind: session.kind, name, ...spec };
}

function checkedTimerSpec(input: IntervalTimerSpec): IntervalTimerSpec {
  const field = invalidTimerField(input);
  if (field !== null) throw invalidField(TIMER_MESSAGES[field], field);
  const { workSec, restSec, rounds, sets, setRestSec } = input;
  return { workSec, restSec, rounds, sets, setRestSec };
}

/** A new name must not repeat another of the member's timers; saving the same timer again changes nothing. */
function saveTimerPreset({ presetId, preset, now }: SaveTimerPreset['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const name = normalizeTimerName(preset.name);
  if (name === null) throw invalidField(TIMER_MESSAGES.name, 'name');
  const checked: TimerPreset = { name, ...checkedTimerSpec(preset) };
  const existing = state.timerPresets.get(presetId);
  if (existing && JSON.stringify(existing) === JSON.stringify(checked)) return [];
  const folded = name.toLocaleLowerCase('es');
  for (const [id, other] of state.timerPresets) {
    if (id !== presetId && other.name.toLocaleLowerCase('es') === folded) throw new DomainError('conflict', TIMER_MESSAGES.nameTaken, { field: 'name' });
  }
  if (!existing && state.timerPresets.size >= MAX_TIMER_PRESETS) throw new DomainError('conflict', TIMER_MESSAGES.tooMany);
  return [{ type: 'TimerPresetSaved', data: { presetId, preset: checked, occurredAt } }];
}

function deleteTimerPreset({ presetId, now }: DeleteTimerPreset['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (!state.timerPresets.has(presetId)) throw new DomainError('not-found', TIMER_MESSAGES.presetNotFound, { field: 'id' });
  return [{ type: 'TimerPresetDeleted', data: { presetId, occurredAt } }];
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
