import { decideChallengeMembership, type ChallengeMembershipCommand } from '../../challenges/challenge-membership.decider';
import { decideEmailPreferences, type ChangeEmailPreference } from '../../email-preferences/email-preferences.decider';
import { decideHeartRate, type HeartRateCommand } from '../../heart-rate/heart-rate.decider';
import { decideTimerPresets, type TimerPresetCommand } from '../../interval-timer/interval-timer.decider';
import { decideConsents, type ConsentCommand } from '../../privacy/consents.decider';
import { decideWorkoutCompletion, type CompleteWorkout } from '../../progress/workout-completion.decider';
import { decideStudioMembership, type StudioMembershipCommand } from '../../memberships/membership.decider';
import { decideStudioClass, type StudioClassCommand } from '../../studio-class/studio-class.decider';
import { decideTrainingSchedule, type SetTrainingSchedule } from '../../training-calendar/training-schedule.decider';
import { decideMembership, memberDecider, type MembershipCommand } from '../member.decider';

/** Every command of the member stream, whichever feature decides it. */
export type AnyMemberCommand =
  | MembershipCommand
  | CompleteWorkout
  | HeartRateCommand
  | TimerPresetCommand
  | ChallengeMembershipCommand
  | SetTrainingSchedule
  | ChangeEmailPreference
  | StudioClassCommand
  | ConsentCommand
  | StudioMembershipCommand;

/**
 * For tests that walk a member through several features: each command decided by the function its
 * use case hands the writer, behind the rule every member command obeys, on one folded state.
 */
export const allMemberCommands = memberDecider<AnyMemberCommand>((command, state) => {
  switch (command.type) {
    case 'UpdateProfile':
    case 'EnrollInPlan':
    case 'AbandonEnrollment':
    case 'PauseEnrollment':
    case 'ResumeEnrollment':
    case 'EraseMemberData':
      return decideMembership(command, state);
    case 'CompleteWorkout':
      return decideWorkoutCompletion(command, state);
    case 'GiveHeartRateConsent':
    case 'WithdrawHeartRateConsent':
    case 'SetMeasuredMaxHeartRate':
      return decideHeartRate(command, state);
    case 'SaveTimerPreset':
    case 'DeleteTimerPreset':
      return decideTimerPresets(command, state);
    case 'JoinChallenge':
    case 'UpdateChallengeLeaderboardPreference':
      return decideChallengeMembership(command, state);
    case 'SetTrainingSchedule':
      return decideTrainingSchedule(command, state);
    case 'ChangeEmailPreference':
      return decideEmailPreferences(command, state);
    case 'RecordStudioClass':
    case 'ChooseStudioBoardName':
      return decideStudioClass(command, state);
    case 'GiveConsent':
    case 'WithdrawConsent':
      return decideConsents(command, state);
    case 'RecordMembershipPurchase':
    case 'FreezeMembership':
    case 'UnfreezeMembership':
    case 'UseClassCredit':
    case 'ReturnClassCredit':
    case 'ExpireMembership':
      return decideStudioMembership(command, state);
    default:
      return unreachable(command);
  }
});

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
