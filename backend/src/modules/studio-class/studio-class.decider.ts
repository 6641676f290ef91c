import type { DomainCommand } from '../../shared/decider';
import { invalidField } from '../../shared/domain-error';
import { localDateOf, normalizeInstant } from '../../shared/studio-day';
import { heartRateOf } from '../heart-rate/heart-rate.decider';
import { MAX_WORKOUT_DURATION_SEC, MEMBER_MESSAGES, type MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';

/** What the studio's class board records on a member's stream (ADRs 0180, 0183). */

/**
 * Staff end a class: the member's 1 Hz readings from the class's start (`null` for a second
 * without a fresh reading). The decider records nothing without consent in force (ADR 0180).
 */
export type RecordStudioClass = DomainCommand<
  'RecordStudioClass',
  {
    attendanceId: string;
    classSessionId: string;
    className: string;
    slot: string;
    durationSec: number;
    heartRateSamples: readonly (number | null)[];
    now: string;
  }
>;

export type ChooseStudioBoardName = DomainCommand<'ChooseStudioBoardName', { showName: boolean; now: string }>;

export type StudioClassCommand = RecordStudioClass | ChooseStudioBoardName;

export function decideStudioClass(command: StudioClassCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'RecordStudioClass':
      return recordStudioClass(command.data, state);
    case 'ChooseStudioBoardName':
      return chooseStudioBoardName(command.data, state);
    default:
      return unreachable(command);
  }
}

/**
 * A class on the studio board (ADR 0180): recorded once per (class, member), and only with the
 * heart-rate consent in force and at least one reading — without them nothing is recorded. The
 * summary follows the workouts' rules; a class never raises the maximum (the board is shared).
 */
function recordStudioClass(command: RecordStudioClass['data'], state: MemberState): MemberEvent[] {
  const { attendanceId, classSessionId, className, slot, durationSec, heartRateSamples } = command;
  if (state.completionIds.has(attendanceId)) return [];
  const occurredAt = normalizeInstant(command.now);
  if (!Number.isInteger(durationSec) || durationSec < 0 || durationSec > MAX_WORKOUT_DURATION_SEC) throw invalidField(MEMBER_MESSAGES.durationType, 'duration');
  const localDate = localDateOf(occurredAt);
  const heartRate = heartRateOf(heartRateSamples, durationSec, state, localDate);
  if (!heartRate) return [];
  return [
    { type: 'StudioClassAttended', data: { attendanceId, classSessionId, className, slot, durationSec, occurredAt, localDate, heartRate: heartRate.summary } },
  ];
}

/** Choosing what already holds records nothing. */
function chooseStudioBoardName({ showName, now }: ChooseStudioBoardName['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (state.studioBoardShowName === showName) return [];
  return [{ type: 'StudioBoardNameChosen', data: { showName, occurredAt } }];
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
