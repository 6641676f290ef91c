import { TRAINING_CALENDAR_MESSAGES } from '../training-calendar/training-calendar.rules';
import { DomainError, type DomainErrorCode } from '../../shared/domain-error';
import { EMAIL_PREFERENCE_MESSAGES } from '../email-preferences/email-preferences.rules';
import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { HEART_RATE_MESSAGES } from '../heart-rate/heart-rate.decider';
import { evolveAll, MEMBER_MESSAGES, ONBOARDING_INCOMPLETE, type MemberState, type ProfileInput } from './member.decider';
import type { EnrolledInPlan, MemberEvent, WorkoutCompleted } from './member.events';
import { allMemberCommands, type AnyMemberCommand } from './testing/all-member-commands';

// Given the events already in the stream, when a command arrives, then these events
// (or this refusal). No I/O: the deciders are pure functions, each command decided by its
// feature's, behind the member stream's own rule.
function given(...history: MemberEvent[]) {
  const state = (): MemberState => history.reduce(allMemberCommands.evolve, allMemberCommands.initialState());
  return {
    when(command: AnyMemberCommand) {
      const run = () => allMemberCommands.decide(command, state());
      return {
        then(expected: MemberEvent[]) {
          expect(run()).toEqual(expected);
        },
        thenNothing() {
          expect(run()).toEqual([]);
        },
        thenThrows(code: DomainErrorCode, message: string) {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect(caught).toMatchObject({ code, message });
        },
      };
    },
    state,
  };
}

const NOW = '2026-11-22T15:00:00.000Z'; // Sunday 22 November 2026, 09:00 in San Salvador
const LATER = '2026-11-23T15:00:00.000Z';

const validProfile = {
  dateOfBirth: '1995-04-18',
  gender: 'female',
  height: 165,
  weight: 62,
  fitnessLevel: 'intermediate',
  goals: ['Perder peso', 'Tonificar'],
} satisfies ProfileInput;

function updateProfile(profile: ProfileInput, completeOnboarding: boolean, now = NOW): AnyMemberCommand {
  return { type: 'UpdateProfile', data: { profile, completeOnboarding, now } };
}

function onboarded(at = NOW): MemberEvent[] {
  return [
    {
      type: 'ProfileUpdated',
      data: {
        changes: {
          dateOfBirth: { before: null, after: validProfile.dateOfBirth },
          gender: { before: null, after: 'female' },
          height: { before: null, after: 165 },
          weight: { before: null, after: 62 },
          fitnessLevel: { before: null, after: 'intermediate' },
          goals: { before: [], after: validProfile.goals },
        },
        occurredAt: at,
      },
    },
    { type: 'OnboardingCompleted', data: { occurredAt: at } },
  ];
}

const PLAN = 'plan-fuerza-4-semanas';
const WORKOUTS = ['w-1', 'w-2', 'w-3'];

function enrolled(enrollmentId = 'enr-1', planId = PLAN, workoutIds = WORKOUTS, at = NOW): EnrolledInPlan {
  return { type: 'EnrolledInPlan', data: { enrollmentId, planId, workoutIds, occurredAt: at } };
}

function enroll(enrollmentId = 'enr-1', planId = PLAN, workoutIds = WORKOUTS, now = NOW): AnyMemberCommand {
  return { type: 'EnrollInPlan', data: { enrollmentId, planId, workoutIds, now } };
}

function planCompletion(completionId: string, workoutId: string, enrollmentId = 'enr-1', at = NOW): WorkoutCompleted {
  return {
    type: 'WorkoutCompleted',
    data: {
      completionId,
      workoutId,
      planId: PLAN,
      enrollmentId,
      isRunning: false,
      durationSec: 1800,
      occurredAt: at,
      localDate: '2026-11-22',
    },
  };
}

function complete(
  fields: Partial<{
    completionId: string;
    workoutId: string;
    planId: string | null;
    enrollmentId: string | null;
    isRunning: boolean;
    durationSec: number;
    now: string;
    heartRateSamples: readonly (number | null)[];
  }>,
): AnyMemberCommand {
  return {
    type: 'CompleteWorkout',
    data: {
      completionId: 'c-1',
      workoutId: 'w-1',
      planId: PLAN,
      enrollmentId: 'enr-1',
      isRunning: false,
      durationSec: 1800,
      now: NOW,
      ...fields,
    },
  };
}

describe('member decider', () => {
  describe('onboarding (completeOnboarding true)', () => {
    it('records the changed fields with before and after, then completes onboarding', () => {
      given().when(updateProfile(validProfile, true)).then(onboarded());
    });

    it('accepts each bound exactly: 100 and 250 cm, 30 and 300 kg', () => {
      for (const [height, weight] of [
        [100, 30],
        [250, 300],
      ] as const) {
        const events = allMemberCommands.decide(updateProfile({ ...validProfile, height, weight }, true), allMemberCommands.initialState());
        expect(events.map((event) => event.type)).toEqual(['ProfileUpdated', 'OnboardingCompleted']);
      }
    });

    it.each([
      ['height', 99, MEMBER_MESSAGES.heightRange],
      ['height', 251, MEMBER_MESSAGES.heightRange],
      ['weight', 29, MEMBER_MESSAGES.weightRange],
      ['weight', 301, MEMBER_MESSAGES.weightRange],
    ] as const)('refuses %s %i', (field, value, message) => {
      given()
        .when(updateProfile({ ...validProfile, [field]: value }, true))
        .thenThrows('invalid', message);
    });

    it('accepts a member from the first minute of their 13th birthday in San Salvador', () => {
      // 2026-11-22T05:30Z is still 21 November in San Salvador: the birthday is not yet reached.
      const profile = { ...validProfile, dateOfBirth: '2013-11-22' };
      given()
        .when(updateProfile(profile, true, '2026-11-22T06:00:00.000Z'))
        .then(onboarded('2026-11-22T06:00:00.000Z').map(withDateOfBirth('2013-11-22')));
      given()
        .when(updateProfile(profile, true, '2026-11-22T05:30:00.000Z'))
        .thenThrows('invalid', 'Debes tener al menos 13 años para usar esta plataforma');
    });

    it('refuses a member of 12 years and 364 days', () => {
      given()
        .when(updateProfile({ ...validProfile, dateOfBirth: '2013-11-23' }, true))
        .thenThrows('invalid', 'Debes tener al menos 13 años para usar esta plataforma');
    });

    it('reaches a 29 February birthday on 1 March in common years', () => {
      const profile = { ...validProfile, dateOfBirth: '2012-02-29' };
      given()
        .when(updateProfile(profile, true, '2025-02-28T18:00:00.000Z'))
        .thenThrows('invalid', MEMBER_MESSAGES.minimumAge);
      expect(allMemberCommands.decide(updateProfile(profile, true, '2025-03-01T18:00:00.000Z'), allMemberCommands.initialState())).toHaveLength(2);
    });

    it.each(['dateOfBirth', 'gender', 'height', 'weight', 'fitnessLevel'] as const)('asks for every field when %s is missing', (field) => {
      given()
        .when(updateProfile({ ...validProfile, [field]: null }, true))
        .thenThrows('invalid', 'Por favor completa todos los campos requeridos');
    });

    it('needs at least one goal', () => {
      given()
        .when(updateProfile({ ...validProfile, goals: [] }, true))
        .thenThrows('invalid', 'Por favor completa todos los campos requeridos');
    });

    it('lists the missing fields for the HTTP layer', () => {
      expect(() => allMemberCommands.decide(updateProfile({ goals: ['Tonificar'] }, true), allMemberCommands.initialState())).toThrow(
        expect.objectContaining({ details: { missing: ['dateOfBirth', 'gender', 'height', 'weight', 'fitnessLevel'] } }),
      );
    });

    it('completes with fields saved earlier from the profile page', () => {
      const { goals: _goals, ...withoutGoals } = validProfile;
      given(allMemberCommands.decide(updateProfile(withoutGoals, false), allMemberCommands.initialState())[0]!)
        .when(updateProfile({ goals: ['Tonificar'] }, true))
        .then([
          { type: 'ProfileUpdated', data: { changes: { goals: { before: [], after: ['Tonificar'] } }, occurredAt: NOW } },
          { type: 'OnboardingCompleted', data: { occurredAt: NOW } },
        ]);
    });

    it('completes onboarding only once', () => {
      given(...onboarded())
        .when(updateProfile(validProfile, true, LATER))
        .thenNothing();
      given(...onboarded())
        .when(updateProfile({ ...validProfile, weight: 60 }, true, LATER))
        .then([{ type: 'ProfileUpdated', data: { changes: { weight: { before: 62, after: 60 } }, occurredAt: LATER } }]);
    });

    it('still checks the bounds when the wizard is sent again', () => {
      given(...onboarded())
        .when(updateProfile({ ...validProfile, height: 90 }, true))
        .thenThrows('invalid', MEMBER_MESSAGES.heightRange);
    });
  });

  describe('profile edit (completeOnboarding false)', () => {
    it('records only the changed fields', () => {
      given(...onboarded())
        .when(updateProfile({ ...validProfile, height: 166, goals: ['Salud general'] }, false, LATER))
        .then([
          {
            type: 'ProfileUpdated',
            data: {
              changes: { height: { before: 165, after: 166 }, goals: { before: validProfile.goals, after: ['Salud general'] } },
              occurredAt: LATER,
            },
          },
        ]);
    });

    it('appends nothing when nothing changed', () => {
      given(...onboarded())
        .when(updateProfile(validProfile, false, LATER))
        .thenNothing();
    });

    it('applies no bounds: a height of 260 cm and an age of 10 are saved', () => {
      given(...onboarded())
        .when(updateProfile({ height: 260, dateOfBirth: '2016-01-01' }, false))
        .then([
          {
            type: 'ProfileUpdated',
            data: {
              changes: { dateOfBirth: { before: '1995-04-18', after: '2016-01-01' }, height: { before: 165, after: 260 } },
              occurredAt: NOW,
            },
          },
        ]);
    });

    it('clears the date of birth with null and does not complete onboarding', () => {
      given(...onboarded())
        .when(updateProfile({ dateOfBirth: null }, false))
        .then([{ type: 'ProfileUpdated', data: { changes: { dateOfBirth: { before: '1995-04-18', after: null } }, occurredAt: NOW } }]);
      given()
        .when(updateProfile({ gender: 'other' }, false))
        .then([{ type: 'ProfileUpdated', data: { changes: { gender: { before: null, after: 'other' } }, occurredAt: NOW } }]);
    });

    it('treats goals as a set of trimmed choices', () => {
      given()
        .when(updateProfile({ goals: [' Tonificar', 'Tonificar', 'Salud general'] }, false))
        .then([{ type: 'ProfileUpdated', data: { changes: { goals: { before: [], after: ['Tonificar', 'Salud general'] } }, occurredAt: NOW } }]);
    });

    it.each([
      ['dateOfBirth', '2026-02-30', MEMBER_MESSAGES.dateOfBirthType],
      ['dateOfBirth', '1995-04-18T12:00:00.000Z', MEMBER_MESSAGES.dateOfBirthType],
      ['gender', 'mujer', MEMBER_MESSAGES.genderType],
      ['height', 165.5, MEMBER_MESSAGES.heightType],
      ['height', '165', MEMBER_MESSAGES.heightType],
      ['weight', 0, MEMBER_MESSAGES.weightType],
      ['fitnessLevel', 'expert', MEMBER_MESSAGES.fitnessLevelType],
      ['goals', ['Tonificar', ''], MEMBER_MESSAGES.goalsType],
      ['goals', 'Tonificar', MEMBER_MESSAGES.goalsType],
    ])('still checks types: %s %j', (field, value, message) => {
      const command = updateProfile({ [field]: value } as ProfileInput, false);
      given().when(command).thenThrows('invalid', message);
      expect(() => allMemberCommands.decide(command, allMemberCommands.initialState())).toThrow(expect.objectContaining({ details: { field } }));
    });
  });

  describe('enrolment', () => {
    it('enrols with the plan workouts frozen in order', () => {
      given(...onboarded())
        .when(enroll())
        .then([enrolled()]);
    });

    it('refuses a second enrolment in an active plan', () => {
      given(...onboarded(), enrolled())
        .when(enroll('enr-2'))
        .thenThrows('conflict', 'Ya estás inscrito en este plan.');
    });

    it('refuses a second enrolment in a paused plan and says how to reactivate it', () => {
      given(...onboarded(), enrolled(), { type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'member', occurredAt: NOW } })
        .when(enroll('enr-2'))
        .thenThrows('conflict', MEMBER_MESSAGES.alreadyEnrolledPaused);
    });

    it('allows enrolling again after abandoning', () => {
      given(...onboarded(), enrolled(), { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } })
        .when(enroll('enr-2', PLAN, WORKOUTS, LATER))
        .then([enrolled('enr-2', PLAN, WORKOUTS, LATER)]);
    });

    it('allows enrolling again after completing the plan', () => {
      given(...onboarded(), enrolled(), planCompletion('c-1', 'w-1'), planCompletion('c-2', 'w-2'), planCompletion('c-3', 'w-3'), {
        type: 'EnrollmentCompleted',
        data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW },
      })
        .when(enroll('enr-2'))
        .then([enrolled('enr-2')]);
    });

    it('allows several plans at once', () => {
      given(...onboarded(), enrolled())
        .when(enroll('enr-2', 'plan-cardio', ['r-1']))
        .then([enrolled('enr-2', 'plan-cardio', ['r-1'])]);
    });

    it('treats a retried request (same enrolment id) as done', () => {
      given(...onboarded(), enrolled())
        .when(enroll())
        .thenNothing();
    });

    it('refuses an enrolment id already used for another plan', () => {
      given(...onboarded(), enrolled())
        .when(enroll('enr-1', 'plan-cardio'))
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentIdTaken);
    });

    it('refuses a member who has not finished onboarding, and stores nothing', () => {
      given().when(enroll()).thenThrows('conflict', MEMBER_MESSAGES.onboardingIncomplete);
      const profileOnly = onboarded().slice(0, 1);
      given(...profileOnly)
        .when(enroll())
        .thenThrows('conflict', MEMBER_MESSAGES.onboardingIncomplete);
      expect(() => allMemberCommands.decide(enroll(), allMemberCommands.initialState())).toThrow(
        expect.objectContaining({ details: { reason: ONBOARDING_INCOMPLETE } }),
      );
    });

    it('refuses a plan without workouts', () => {
      given(...onboarded())
        .when(enroll('enr-1', PLAN, []))
        .thenThrows('invalid', MEMBER_MESSAGES.planWithoutWorkouts);
    });
  });

  describe('abandoning', () => {
    const abandon = (enrollmentId = 'enr-1'): AnyMemberCommand => ({ type: 'AbandonEnrollment', data: { enrollmentId, now: LATER } });

    it('abandons an active or a paused enrolment', () => {
      const abandoned: MemberEvent = { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: LATER } };
      given(enrolled()).when(abandon()).then([abandoned]);
      given(enrolled(), { type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'staff', occurredAt: NOW } })
        .when(abandon())
        .then([abandoned]);
    });

    it('is a no-op for an enrolment already abandoned', () => {
      given(enrolled(), { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } })
        .when(abandon())
        .thenNothing();
    });

    it('refuses a completed enrolment', () => {
      given(enrolled('enr-1', PLAN, ['w-1']), planCompletion('c-1', 'w-1'), {
        type: 'EnrollmentCompleted',
        data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW },
      })
        .when(abandon())
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentCompleted);
    });

    it('answers not found for an unknown enrolment', () => {
      given(enrolled()).when(abandon('enr-x')).thenThrows('not-found', 'Inscripción no encontrada');
    });
  });

  describe('pausing and resuming (ADR 0060)', () => {
    const pause = (by: 'member' | 'staff'): AnyMemberCommand => ({ type: 'PauseEnrollment', data: { enrollmentId: 'enr-1', by, now: LATER } });
    const resume = (by: 'member' | 'staff'): AnyMemberCommand => ({ type: 'ResumeEnrollment', data: { enrollmentId: 'enr-1', by, now: LATER } });
    const pausedBy = (by: 'member' | 'staff'): MemberEvent => ({
      type: 'EnrollmentPaused',
      data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: by, occurredAt: NOW },
    });

    it.each(['member', 'staff'] as const)('lets the %s pause an active enrolment', (by) => {
      given(enrolled())
        .when(pause(by))
        .then([{ type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: by, occurredAt: LATER } }]);
    });

    it('is a no-op to pause again, except that staff turn a member pause into a studio hold', () => {
      given(enrolled(), pausedBy('member')).when(pause('member')).thenNothing();
      given(enrolled(), pausedBy('staff')).when(pause('staff')).thenNothing();
      given(enrolled(), pausedBy('staff')).when(pause('member')).thenNothing();
      given(enrolled(), pausedBy('member'))
        .when(pause('staff'))
        .then([{ type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'staff', occurredAt: LATER } }]);
    });

    it('lets the member lift their own pause and staff lift any', () => {
      given(enrolled(), pausedBy('member'))
        .when(resume('member'))
        .then([{ type: 'EnrollmentResumed', data: { enrollmentId: 'enr-1', planId: PLAN, resumedBy: 'member', occurredAt: LATER } }]);
      given(enrolled(), pausedBy('staff'))
        .when(resume('staff'))
        .then([{ type: 'EnrollmentResumed', data: { enrollmentId: 'enr-1', planId: PLAN, resumedBy: 'staff', occurredAt: LATER } }]);
      given(enrolled(), pausedBy('member'))
        .when(resume('staff'))
        .then([{ type: 'EnrollmentResumed', data: { enrollmentId: 'enr-1', planId: PLAN, resumedBy: 'staff', occurredAt: LATER } }]);
    });

    it('does not let the member lift a studio hold', () => {
      given(enrolled(), pausedBy('staff')).when(resume('member')).thenThrows('forbidden', MEMBER_MESSAGES.pausedByStudio);
    });

    it('is a no-op to resume an active enrolment', () => {
      given(enrolled()).when(resume('member')).thenNothing();
    });

    it('refuses to pause or resume a finished enrolment', () => {
      const abandoned: MemberEvent = { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } };
      const finished: MemberEvent[] = [
        planCompletion('c-1', 'w-1'),
        { type: 'EnrollmentCompleted', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } },
      ];
      given(enrolled(), abandoned).when(pause('member')).thenThrows('conflict', MEMBER_MESSAGES.enrollmentAbandoned);
      given(enrolled(), abandoned).when(resume('staff')).thenThrows('conflict', MEMBER_MESSAGES.enrollmentAbandoned);
      given(enrolled('enr-1', PLAN, ['w-1']), ...finished)
        .when(pause('staff'))
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentCompleted);
      given(enrolled('enr-1', PLAN, ['w-1']), ...finished)
        .when(resume('member'))
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentCompleted);
    });

    it('answers not found for an unknown enrolment', () => {
      given().when(pause('member')).thenThrows('not-found', MEMBER_MESSAGES.enrollmentNotFound);
      given().when(resume('staff')).thenThrows('not-found', MEMBER_MESSAGES.enrollmentNotFound);
    });
  });

  describe('workout completion', () => {
    it('records a plan workout with its local date and advances the enrolment', () => {
      const history = given(enrolled());
      history.when(complete({})).then([planCompletion('c-1', 'w-1')]);
      const after = allMemberCommands.evolve(history.state(), planCompletion('c-1', 'w-1'));
      expect(after.enrollments.get('enr-1')).toMatchObject({ currentIndex: 1, status: 'active' });
    });

    it('dates a workout at 23:30 on a Sunday in San Salvador on that Sunday, though it is Monday in UTC', () => {
      given()
        .when(complete({ planId: null, enrollmentId: null, now: '2026-11-23T05:30:00.000Z' }))
        .then([
          {
            type: 'WorkoutCompleted',
            data: {
              completionId: 'c-1',
              workoutId: 'w-1',
              planId: null,
              enrollmentId: null,
              isRunning: false,
              durationSec: 1800,
              occurredAt: '2026-11-23T05:30:00.000Z',
              localDate: '2026-11-22',
            },
          },
        ]);
    });

    it('stores the instant in canonical UTC', () => {
      const [event] = allMemberCommands.decide(
        complete({ planId: null, enrollmentId: null, now: '2026-11-22T23:30:00-06:00' }),
        allMemberCommands.initialState(),
      );
      expect(event).toMatchObject({ data: { occurredAt: '2026-11-23T05:30:00.000Z', localDate: '2026-11-22' } });
    });

    it('completes the enrolment with the last workout', () => {
      given(enrolled(), planCompletion('c-1', 'w-1'), planCompletion('c-2', 'w-2'))
        .when(complete({ completionId: 'c-3', workoutId: 'w-3' }))
        .then([planCompletion('c-3', 'w-3'), { type: 'EnrollmentCompleted', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } }]);
    });

    it('completes a one-workout plan at once', () => {
      given(enrolled('enr-1', PLAN, ['w-1']))
        .when(complete({}))
        .then([planCompletion('c-1', 'w-1'), { type: 'EnrollmentCompleted', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } }]);
    });

    it('follows a plan that repeats a workout by position', () => {
      given(enrolled('enr-1', PLAN, ['w-1', 'w-2', 'w-1']), planCompletion('c-1', 'w-1'))
        .when(complete({ completionId: 'c-2', workoutId: 'w-1' }))
        .thenThrows('conflict', MEMBER_MESSAGES.notCurrentWorkout);
    });

    it('refuses a workout that is not the current one, naming the expected one', () => {
      given(enrolled())
        .when(complete({ workoutId: 'w-2' }))
        .thenThrows('conflict', MEMBER_MESSAGES.notCurrentWorkout);
      expect(() => allMemberCommands.decide(complete({ workoutId: 'w-2' }), given(enrolled()).state())).toThrow(
        expect.objectContaining({ details: { expectedWorkoutId: 'w-1' } }),
      );
    });

    it('refuses a completion in a paused enrolment', () => {
      given(enrolled(), { type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'member', occurredAt: NOW } })
        .when(complete({}))
        .thenThrows('conflict', 'Este plan está pausado. Reactívalo desde la página de planes para continuar.');
      given(enrolled(), { type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'staff', occurredAt: NOW } })
        .when(complete({}))
        .thenThrows('conflict', MEMBER_MESSAGES.pausedByStudio);
    });

    it('refuses a completion in a completed enrolment', () => {
      given(enrolled('enr-1', PLAN, ['w-1']), planCompletion('c-1', 'w-1'), {
        type: 'EnrollmentCompleted',
        data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW },
      })
        .when(complete({ completionId: 'c-2' }))
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentCompleted);
    });

    it('refuses a completion in an abandoned enrolment', () => {
      given(enrolled(), { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW } })
        .when(complete({}))
        .thenThrows('conflict', MEMBER_MESSAGES.enrollmentAbandoned);
    });

    it('answers not found for an unknown enrolment and refuses one of another plan', () => {
      given(enrolled())
        .when(complete({ enrollmentId: 'enr-x' }))
        .thenThrows('not-found', MEMBER_MESSAGES.enrollmentNotFound);
      given(enrolled())
        .when(complete({ planId: 'plan-cardio' }))
        .thenThrows('invalid', MEMBER_MESSAGES.enrollmentOfAnotherPlan);
    });

    it('needs plan and enrolment together', () => {
      given(enrolled())
        .when(complete({ planId: null }))
        .thenThrows('invalid', MEMBER_MESSAGES.planAndEnrollmentTogether);
      given(enrolled())
        .when(complete({ enrollmentId: null }))
        .thenThrows('invalid', MEMBER_MESSAGES.planAndEnrollmentTogether);
    });

    it('counts a retried completion once', () => {
      given(enrolled(), planCompletion('c-1', 'w-1')).when(complete({})).thenNothing();
      given()
        .when(complete({ planId: null, enrollmentId: null, completionId: 'r-1' }))
        .then([expect.objectContaining({ type: 'WorkoutCompleted' }) as MemberEvent]);
      const standalone = allMemberCommands.decide(complete({ planId: null, enrollmentId: null, completionId: 'r-1' }), allMemberCommands.initialState());
      given(...standalone)
        .when(complete({ planId: null, enrollmentId: null, completionId: 'r-1', now: LATER }))
        .thenNothing();
    });

    it('counts a retry of the last workout once instead of refusing it as a completed plan', () => {
      given(enrolled('enr-1', PLAN, ['w-1']), planCompletion('c-1', 'w-1'), {
        type: 'EnrollmentCompleted',
        data: { enrollmentId: 'enr-1', planId: PLAN, occurredAt: NOW },
      })
        .when(complete({}))
        .thenNothing();
    });

    it('always accepts standalone and running workouts, even with every plan paused or finished', () => {
      const history = given(enrolled(), {
        type: 'EnrollmentPaused',
        data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'staff', occurredAt: NOW },
      });
      history.when(complete({ planId: null, enrollmentId: null, workoutId: 'w-9' })).then([
        {
          type: 'WorkoutCompleted',
          data: {
            completionId: 'c-1',
            workoutId: 'w-9',
            planId: null,
            enrollmentId: null,
            isRunning: false,
            durationSec: 1800,
            occurredAt: NOW,
            localDate: '2026-11-22',
          },
        },
      ]);
      history.when(complete({ planId: null, enrollmentId: null, workoutId: 'run-1', isRunning: true, durationSec: 1260 })).then([
        {
          type: 'WorkoutCompleted',
          data: {
            completionId: 'c-1',
            workoutId: 'run-1',
            planId: null,
            enrollmentId: null,
            isRunning: true,
            durationSec: 1260,
            occurredAt: NOW,
            localDate: '2026-11-22',
          },
        },
      ]);
    });

    it('accepts durations from 0 to a day and refuses the rest', () => {
      for (const durationSec of [0, 86_400]) {
        expect(allMemberCommands.decide(complete({ planId: null, enrollmentId: null, durationSec }), allMemberCommands.initialState())).toHaveLength(1);
      }
      for (const durationSec of [-1, 86_401, 12.5, Number.NaN]) {
        given()
          .when(complete({ planId: null, enrollmentId: null, durationSec }))
          .thenThrows('invalid', MEMBER_MESSAGES.durationType);
      }
    });

    it('does not move a standalone workout through any enrolment', () => {
      const state = given(enrolled(), planCompletion('c-1', 'w-1')).state();
      const after = allMemberCommands.evolve(state, {
        type: 'WorkoutCompleted',
        data: {
          completionId: 'c-2',
          workoutId: 'w-2',
          planId: null,
          enrollmentId: null,
          isRunning: false,
          durationSec: 600,
          occurredAt: NOW,
          localDate: '2026-11-22',
        },
      });
      expect(after.enrollments.get('enr-1')?.currentIndex).toBe(1);
      expect(after.completionIds).toEqual(new Set(['c-1', 'c-2']));
    });
  });

  describe('evolve', () => {
    it('folds a whole history into the state the rules read', () => {
      const state = given(
        ...onboarded(),
        enrolled(),
        planCompletion('c-1', 'w-1'),
        { type: 'EnrollmentPaused', data: { enrollmentId: 'enr-1', planId: PLAN, pausedBy: 'member', occurredAt: NOW } },
        enrolled('enr-2', 'plan-cardio', ['r-1']),
        { type: 'EnrollmentAbandoned', data: { enrollmentId: 'enr-2', planId: 'plan-cardio', occurredAt: NOW } },
      ).state();
      expect(state.onboardingCompleted).toBe(true);
      expect(state.profile).toEqual(validProfile);
      expect([...state.enrollments.values()]).toEqual([
        { enrollmentId: 'enr-1', planId: PLAN, workoutIds: WORKOUTS, currentIndex: 1, status: 'paused', pausedBy: 'member' },
        { enrollmentId: 'enr-2', planId: 'plan-cardio', workoutIds: ['r-1'], currentIndex: 0, status: 'abandoned', pausedBy: null },
      ]);
    });

    it('never mutates the state it is given', () => {
      const before = given(enrolled()).state();
      const snapshot = { enrollments: new Map(before.enrollments), completionIds: new Set(before.completionIds), profile: before.profile };
      allMemberCommands.evolve(before, planCompletion('c-1', 'w-1'));
      allMemberCommands.evolve(before, { type: 'ProfileUpdated', data: { changes: { height: { before: null, after: 170 } }, occurredAt: NOW } });
      expect(before.enrollments).toEqual(snapshot.enrollments);
      expect(before.completionIds).toEqual(snapshot.completionIds);
      expect(before.profile).toBe(snapshot.profile);
      expect(before.profile.height).toBeNull();
    });
  });
});

describe('heart-rate consent', () => {
  const NOTICE = '2026-11-24';

  function give(noticeVersion = NOTICE, now = NOW): AnyMemberCommand {
    return { type: 'GiveHeartRateConsent', data: { noticeVersion, currentNoticeVersion: NOTICE, now } };
  }

  const withdraw = (now = LATER): AnyMemberCommand => ({ type: 'WithdrawHeartRateConsent', data: { now } });
  const consentGiven = (noticeVersion = NOTICE, at = NOW): MemberEvent => ({ type: 'HeartRateConsentGiven', data: { noticeVersion, occurredAt: at } });
  const withdrawn = (at = LATER): MemberEvent => ({ type: 'HeartRateConsentWithdrawn', data: { occurredAt: at } });

  it('records consent to the current notice with its version', () => {
    given().when(give()).then([consentGiven()]);
  });

  it('refuses consent to a notice that is no longer the current one, naming the current one', () => {
    given().when(give('2025-01-01')).thenThrows('conflict', HEART_RATE_MESSAGES.staleHeartRateNotice);
    expect(() => allMemberCommands.decide(give('2025-01-01'), allMemberCommands.initialState())).toThrow(
      expect.objectContaining({ details: { field: 'noticeVersion', currentNoticeVersion: NOTICE } }),
    );
  });

  it('changes nothing when consent is given again for the same notice', () => {
    given(consentGiven()).when(give(NOTICE, LATER)).thenNothing();
  });

  it('records a new consent when the member consented to an older notice', () => {
    given(consentGiven('2025-01-01')).when(give()).then([consentGiven()]);
  });

  it('withdraws consent once; withdrawing without consent changes nothing', () => {
    given(consentGiven()).when(withdraw()).then([withdrawn()]);
    given().when(withdraw()).thenNothing();
    given(consentGiven(), withdrawn()).when(withdraw()).thenNothing();
  });

  it('records consent again after a withdrawal', () => {
    given(consentGiven(), withdrawn())
      .when(give(NOTICE, LATER))
      .then([consentGiven(NOTICE, LATER)]);
  });

  describe('recorded at the front desk (ADR 0295)', () => {
    const STAFF = 'staff-rosa';
    const giveAtDesk = (noticeVersion = NOTICE, now = NOW): AnyMemberCommand => ({
      type: 'GiveHeartRateConsent',
      data: { noticeVersion, currentNoticeVersion: NOTICE, now, recordedAtDeskBy: STAFF },
    });
    const givenAtDesk = (at = NOW): MemberEvent => ({
      type: 'HeartRateConsentGiven',
      data: { noticeVersion: NOTICE, occurredAt: at, recordedAtDeskBy: STAFF },
    });

    it('records the consent with the notice version and the staff member who recorded it', () => {
      given().when(giveAtDesk()).then([givenAtDesk()]);
      expect(given(givenAtDesk()).state().heartRateConsent).toEqual({ granted: true, noticeVersion: NOTICE, at: NOW, recordedAtDeskBy: STAFF });
    });

    it('refuses a notice other than the one in force, as in the app', () => {
      given().when(giveAtDesk('2025-01-01')).thenThrows('conflict', HEART_RATE_MESSAGES.staleHeartRateNotice);
    });

    it('changes nothing when consent to the notice in force is already there, given in the app or at the desk', () => {
      given(consentGiven()).when(giveAtDesk(NOTICE, LATER)).thenNothing();
      given(givenAtDesk()).when(giveAtDesk(NOTICE, LATER)).thenNothing();
      given(givenAtDesk()).when(give(NOTICE, LATER)).thenNothing();
    });

    it('is withdrawn like any other, and recorded again at the desk after a withdrawal', () => {
      given(givenAtDesk()).when(withdraw()).then([withdrawn()]);
      given(givenAtDesk(), withdrawn())
        .when(giveAtDesk(NOTICE, LATER))
        .then([givenAtDesk(LATER)]);
      // A consent given in the app afterwards is the member's own: the desk no longer shows as its author.
      expect(given(givenAtDesk(), withdrawn(), consentGiven(NOTICE, LATER)).state().heartRateConsent).toEqual({
        granted: true,
        noticeVersion: NOTICE,
        at: LATER,
      });
    });

    it('lets a completion with readings record its summary, as consent given in the app does', () => {
      const [event] = allMemberCommands.decide(
        complete({ planId: null, enrollmentId: null, durationSec: 60, heartRateSamples: Array.from({ length: 60 }, () => 150) }),
        given(...onboarded(), givenAtDesk()).state(),
      );
      expect(event!.type === 'WorkoutCompleted' && event!.data.heartRate?.samples).toBe(60);
    });

    it("is refused once the member's data was erased", () => {
      given({ type: 'MemberDataErased', data: { requestId: null, occurredAt: NOW } })
        .when(giveAtDesk(NOTICE, LATER))
        .thenThrows('forbidden', MEMBER_MESSAGES.erased);
    });
  });

  describe('a completion with readings', () => {
    // Onboarded: a woman born 1995-04-18, 62 kg, 31 years old on 22 November 2026, so her
    // maximum is 208 − 21.7 = 186.3 → 186 bpm and 84 % of it is 156.24: 157 bpm counts for the
    // badge (with the default age's 187 it would not: 84 % is 157.08).
    const minute = Array.from({ length: 60 }, () => 157);
    const standalone = (heartRateSamples: readonly (number | null)[]) => complete({ planId: null, enrollmentId: null, durationSec: 60, heartRateSamples });
    const standaloneCompleted = (heartRate?: HeartRateSummary): MemberEvent => ({
      type: 'WorkoutCompleted',
      data: {
        completionId: 'c-1',
        workoutId: 'w-1',
        planId: null,
        enrollmentId: null,
        isRunning: false,
        durationSec: 60,
        occurredAt: NOW,
        localDate: '2026-11-22',
        ...(heartRate ? { heartRate } : {}),
      },
    });

    it("records their summary from the profile at the member's age on the day, with consent in force", () => {
      // Keytel, woman: −20.4022 + 0.4472·157 − 0.1263·62 + 0.074·31 = 44.2716 kJ/min = 10.58 kcal/min → 11 kcal.
      given(...onboarded(), consentGiven())
        .when(standalone(minute))
        .then([
          standaloneCompleted({
            avgBpm: 157,
            maxBpm: 157,
            secondsInZone: [0, 0, 0, 60, 0],
            secondsAtBadgeIntensity: 60,
            points: 4,
            kcal: 11,
            badge: false,
            samples: 60,
            recovery1MinBpm: null,
          }),
        ]);
    });

    it('records the workout without them when consent was never given or was withdrawn, or when no reading came', () => {
      given(...onboarded())
        .when(standalone(minute))
        .then([standaloneCompleted()]);
      given(...onboarded(), consentGiven(), withdrawn(NOW))
        .when(standalone(minute))
        .then([standaloneCompleted()]);
      given(...onboarded(), consentGiven())
        .when(standalone([null, null]))
        .then([standaloneCompleted()]);
    });

    it('raises the maximum after 30 s above it, by at most 10 bpm, with the completion that raised it; not after 29 s', () => {
      const decide = (samples: (number | null)[], durationSec = samples.length, ...history: MemberEvent[]) =>
        allMemberCommands.decide(
          complete({ planId: null, enrollmentId: null, durationSec, heartRateSamples: samples }),
          given(...onboarded(), consentGiven(), ...history).state(),
        );
      const held = (bpm: number, seconds: number) => Array.from({ length: seconds }, () => bpm);
      expect(decide(held(199, 30)).map((event) => event.type)).toEqual(['WorkoutCompleted', 'MaxHeartRateRaised']);
      expect(decide(held(199, 30))[1]).toEqual({ type: 'MaxHeartRateRaised', data: { maxHr: 196, previousMaxHr: 186, completionId: 'c-1', occurredAt: NOW } });
      expect(decide(held(199, 29)).map((event) => event.type)).toEqual(['WorkoutCompleted']);
      // The cool-down after the end never raises it.
      expect(decide([...held(150, 10), ...held(199, 40)], 10).map((event) => event.type)).toEqual(['WorkoutCompleted']);
      // The next session is measured against the raised maximum: 157 bpm is 80 % of 196, under the badge's 84 %.
      const raised: MemberEvent = { type: 'MaxHeartRateRaised', data: { maxHr: 196, previousMaxHr: 186, completionId: 'c-0', occurredAt: NOW } };
      expect(given(raised).state().raisedMaxHr).toBe(196);
      const [next] = decide(minute, 60, raised);
      expect(next!.type === 'WorkoutCompleted' && next!.data.heartRate).toMatchObject({ secondsInZone: [0, 0, 0, 60, 0], secondsAtBadgeIntensity: 0 });
    });

    it('never raises the maximum without consent', () => {
      const samples = Array.from({ length: 40 }, () => 199);
      given(...onboarded())
        .when(complete({ planId: null, enrollmentId: null, durationSec: 40, heartRateSamples: samples }))
        .then([
          {
            type: 'WorkoutCompleted',
            data: {
              completionId: 'c-1',
              workoutId: 'w-1',
              planId: null,
              enrollmentId: null,
              isRunning: false,
              durationSec: 40,
              occurredAt: NOW,
              localDate: '2026-11-22',
            },
          },
        ]);
    });

    it('refuses a reading that is no heart rate, with or without consent', () => {
      given(...onboarded(), consentGiven())
        .when(standalone([150, 19]))
        .thenThrows('invalid', HEART_RATE_MESSAGES.heartRateSamplesType);
      given(...onboarded())
        .when(standalone([150, 150.5]))
        .thenThrows('invalid', HEART_RATE_MESSAGES.heartRateSamplesType);
    });
  });

  describe('deleting the data kept (ADR 0144)', () => {
    const withdrawAndDelete = (now = LATER): AnyMemberCommand => ({ type: 'WithdrawHeartRateConsent', data: { now, deleteData: true } });
    const deleted = (at = LATER): MemberEvent => ({ type: 'HeartRateDataDeleted', data: { occurredAt: at } });
    const summary = {
      avgBpm: 150,
      maxBpm: 150,
      secondsInZone: [0, 0, 0, 600, 0],
      secondsAtBadgeIntensity: 0,
      points: 40,
      kcal: null,
      badge: false,
      samples: 600,
      recovery1MinBpm: null,
    } as HeartRateSummary;
    const recorded = (completionId = 'c-hr', at = NOW): MemberEvent => ({
      type: 'WorkoutCompleted',
      data: {
        completionId,
        workoutId: 'w-1',
        planId: null,
        enrollmentId: null,
        isRunning: false,
        durationSec: 600,
        occurredAt: at,
        localDate: '2026-11-22',
        heartRate: summary,
      },
    });
    const raised: MemberEvent = { type: 'MaxHeartRateRaised', data: { maxHr: 191, previousMaxHr: 187, completionId: 'c-hr', occurredAt: NOW } };

    it('withdraws and deletes in one decision when a session recorded heart rate', () => {
      given(consentGiven(), recorded()).when(withdrawAndDelete()).then([withdrawn(), deleted()]);
    });

    it('deletes after an earlier withdrawal, and only what there is: nothing recorded, nothing deleted', () => {
      given(consentGiven(), recorded(), withdrawn())
        .when(withdrawAndDelete('2026-11-24T15:00:00.000Z'))
        .then([deleted('2026-11-24T15:00:00.000Z')]);
      given(consentGiven()).when(withdrawAndDelete()).then([withdrawn()]);
      given(consentGiven(), recorded(), withdrawn(), deleted()).when(withdrawAndDelete('2026-11-24T15:00:00.000Z')).thenNothing();
    });

    it('deletes again what a new consent recorded after a deletion', () => {
      const later = '2026-11-25T15:00:00.000Z';
      given(consentGiven(), recorded(), withdrawn(), deleted(), consentGiven(NOTICE, later), recorded('c-2', later))
        .when(withdrawAndDelete('2026-11-26T15:00:00.000Z'))
        .then([withdrawn('2026-11-26T15:00:00.000Z'), deleted('2026-11-26T15:00:00.000Z')]);
    });

    it('forgets the raised maximum with the data, and says when it was deleted', () => {
      const state = given(consentGiven(), recorded(), raised, withdrawn(), deleted()).state();
      expect(state).toMatchObject({ raisedMaxHr: null, hasHeartRateData: false, heartRateDataDeletedAt: LATER });
      expect(given(consentGiven(), recorded(), raised).state()).toMatchObject({ raisedMaxHr: 191, hasHeartRateData: true, heartRateDataDeletedAt: null });
    });
  });

  it('folds the last decision into the state', () => {
    expect(given().state().heartRateConsent).toBeNull();
    expect(given(consentGiven()).state().heartRateConsent).toEqual({ granted: true, noticeVersion: NOTICE, at: NOW });
    expect(given(consentGiven(), withdrawn()).state().heartRateConsent).toEqual({ granted: false, noticeVersion: null, at: LATER });
  });
});

describe('email preferences (ADR 0142)', () => {
  const change = (topic: string, subscribed: boolean, now = NOW): AnyMemberCommand => ({ type: 'ChangeEmailPreference', data: { topic, subscribed, now } });
  const changed = (topic: 'performance-summary' | 'workout-reminders', subscribed: boolean, at = NOW): MemberEvent => ({
    type: 'EmailPreferenceChanged',
    data: { topic, subscribed, occurredAt: at },
  });

  it('records an opt-out of a topic the member was subscribed to by default', () => {
    given()
      .when(change('performance-summary', false))
      .then([changed('performance-summary', false)]);
  });

  it('changes nothing when the choice already holds: subscribing by default, opting out twice', () => {
    given().when(change('workout-reminders', true)).thenNothing();
    given(changed('performance-summary', false))
      .when(change('performance-summary', false, LATER))
      .thenNothing();
  });

  it('subscribes again after an opt-out, and keeps topics apart', () => {
    given(changed('performance-summary', false))
      .when(change('performance-summary', true, LATER))
      .then([changed('performance-summary', true, LATER)]);
    given(changed('performance-summary', false))
      .when(change('workout-reminders', false))
      .then([changed('workout-reminders', false)]);
  });

  it('refuses a topic outside the closed list', () => {
    given().when(change('newsletter', false)).thenThrows('not-found', EMAIL_PREFERENCE_MESSAGES.unknownTopic);
  });

  it('folds the last choice per topic into the state', () => {
    expect(given().state().emailPreferences.size).toBe(0);
    const state = given(changed('performance-summary', false), changed('performance-summary', true, LATER), changed('workout-reminders', false)).state();
    expect([...state.emailPreferences]).toEqual([
      ['performance-summary', true],
      ['workout-reminders', false],
    ]);
  });
});

describe('training schedule (ADR 0165)', () => {
  const set = (weekdays: number[], time = '18:00', reminderOffsetMin = 60, now = NOW): AnyMemberCommand => ({
    type: 'SetTrainingSchedule',
    data: { weekdays, time, reminderOffsetMin, now },
  });
  const scheduled = (weekdays: number[], time = '18:00', reminderOffsetMin = 60, at = NOW): MemberEvent => ({
    type: 'TrainingScheduleSet',
    data: { weekdays, time, reminderOffsetMin, occurredAt: at },
  });

  it('records the days in order, the time and the reminder offset', () => {
    given()
      .when(set([5, 1, 3]))
      .then([scheduled([1, 3, 5])]);
  });

  it('changes nothing when the same schedule is sent again, and records any change', () => {
    given(scheduled([1, 3, 5]))
      .when(set([3, 5, 1], '18:00', 60, LATER))
      .thenNothing();
    given(scheduled([1, 3, 5]))
      .when(set([1, 3, 5], '06:30', 60, LATER))
      .then([scheduled([1, 3, 5], '06:30', 60, LATER)]);
    given(scheduled([1, 3, 5]))
      .when(set([1, 3, 5], '18:00', 30, LATER))
      .then([scheduled([1, 3, 5], '18:00', 30, LATER)]);
  });

  it('refuses no days, repeated or unknown days, a malformed time and an offset not offered', () => {
    given().when(set([])).thenThrows('invalid', TRAINING_CALENDAR_MESSAGES.weekdaysType);
    given()
      .when(set([1, 1]))
      .thenThrows('invalid', TRAINING_CALENDAR_MESSAGES.weekdaysType);
    given()
      .when(set([0, 8]))
      .thenThrows('invalid', TRAINING_CALENDAR_MESSAGES.weekdaysType);
    given()
      .when(set([1], '18h'))
      .thenThrows('invalid', TRAINING_CALENDAR_MESSAGES.timeType);
    given()
      .when(set([1], '18:00', 45))
      .thenThrows('invalid', TRAINING_CALENDAR_MESSAGES.reminderOffsetType);
  });

  it('folds the last schedule into the state', () => {
    expect(given().state().trainingSchedule).toBeNull();
    expect(given(scheduled([1, 3, 5]), scheduled([2, 4], '07:00', 120, LATER)).state().trainingSchedule).toEqual({
      weekdays: [2, 4],
      time: '07:00',
      reminderOffsetMin: 120,
    });
  });
});

function withDateOfBirth(dateOfBirth: string) {
  return (event: MemberEvent): MemberEvent =>
    event.type === 'ProfileUpdated'
      ? { ...event, data: { ...event.data, changes: { ...event.data.changes, dateOfBirth: { before: null, after: dateOfBirth } } } }
      : event;
}

describe('evolveAll (ADR 0263)', () => {
  const history: MemberEvent[] = [
    ...onboarded(),
    enrolled(),
    planCompletion('c-1', 'w-1'),
    planCompletion('c-2', 'w-2'),
    {
      type: 'StudioClassAttended',
      data: {
        attendanceId: 'a-1',
        classSessionId: 's-1',
        className: 'Box and Burn',
        slot: '18:00',
        durationSec: 2700,
        occurredAt: NOW,
        localDate: '2026-11-22',
        heartRate: { noReadings: true } as unknown as HeartRateSummary,
      },
    },
    planCompletion('c-3', 'w-3'),
  ];

  it('folds a history to the state evolve gives one event at a time', () => {
    const oneByOne = history.reduce(allMemberCommands.evolve, allMemberCommands.initialState());
    const all = evolveAll(allMemberCommands.initialState(), history);
    expect(all).toEqual(oneByOne);
    expect([...all.completionIds].sort()).toEqual(['a-1', 'c-1', 'c-2', 'c-3']);
  });

  it('never changes the state it starts from, and its result is copied, not changed, by a later evolve', () => {
    const cached = evolveAll(allMemberCommands.initialState(), history.slice(0, 4));
    const before = [...cached.completionIds];
    const later = evolveAll(cached, history.slice(4));
    expect([...cached.completionIds]).toEqual(before);
    expect(later.completionIds).not.toBe(cached.completionIds);
    const next = allMemberCommands.evolve(later, planCompletion('c-4', 'w-1'));
    expect(later.completionIds.has('c-4')).toBe(false);
    expect(next.completionIds.has('c-4')).toBe(true);
    expect(evolveAll(later, [])).toBe(later);
  });
});
