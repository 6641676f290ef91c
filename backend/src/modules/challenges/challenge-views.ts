import { daysLeft, EMPTY_TOTALS, progressOf } from './challenges.rules';
import type { ChallengeDto, MemberChallengeDto } from './dto/challenges.dto';
import type { ChallengeView, MemberEntryView, MonthTotalsView } from './challenges.read-model';

export function challengeDto(view: ChallengeView): ChallengeDto {
  return {
    challengeId: view.challengeId,
    name: view.name,
    month: view.month,
    goalType: view.goalType,
    target: view.target,
    createdAt: view.createdAt,
    archivedAt: view.archivedAt,
  };
}

/** The member's side of a challenge: their entry once joined, the month's progress before (the whole month counts). */
export function memberChallengeDto(
  challenge: ChallengeView,
  entry: MemberEntryView | undefined,
  months: ReadonlyMap<string, MonthTotalsView>,
  today: string,
): MemberChallengeDto {
  return {
    challenge: challengeDto(challenge),
    joined: entry !== undefined,
    progress: entry?.progress ?? progressOf(months.get(challenge.month) ?? EMPTY_TOTALS, challenge.goalType),
    finishedOn: entry?.finishedOn ?? null,
    daysLeft: daysLeft(challenge.month, today),
  };
}
