import type { DomainCommand } from '../../shared/decider';
import { invalidField } from '../../shared/domain-error';
import { normalizeInstant } from '../../shared/studio-day';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { normalizeSchedule, sameSchedule, scheduleProblem, type TrainingSchedule } from './training-calendar.rules';

/** The member's training days, time and reminder on their stream (ADR 0165). */

/** The schedule as the member sent it; the decider checks and normalises it. */
export type SetTrainingSchedule = DomainCommand<'SetTrainingSchedule', TrainingSchedule & { now: string }>;

export function decideTrainingSchedule(command: SetTrainingSchedule, state: MemberState): MemberEvent[] {
  return setTrainingSchedule(command.data, state);
}

/** The whole schedule each time; sending the one in force again changes nothing. */
function setTrainingSchedule({ now, ...input }: SetTrainingSchedule['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const problem = scheduleProblem(input);
  if (problem) throw invalidField(problem[1], problem[0]);
  const schedule = normalizeSchedule(input);
  if (state.trainingSchedule && sameSchedule(state.trainingSchedule, schedule)) return [];
  return [{ type: 'TrainingScheduleSet', data: { ...schedule, weekdays: [...schedule.weekdays], occurredAt } }];
}
