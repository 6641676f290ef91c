import { DomainError } from '../../shared/domain-error';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent, TimerPresetSaved } from '../members/member.events';
import { allMemberCommands, type AnyMemberCommand } from '../members/testing/all-member-commands';
import {
  INTERVAL_TIMER_WORKOUT_ID,
  invalidTimerField,
  MAX_TIMER_PRESETS,
  normalizeTimerName,
  TIMER_MESSAGES,
  timerSessionTitle,
  timerTotalSec,
} from './interval-timer.rules';

const NOW = '2026-11-24T15:00:00.000Z';
const LEGS = { name: 'Piernas 40/20', workSec: 40, restSec: 20, rounds: 8, sets: 2, setRestSec: 60 };
const TABATA = { kind: 'tabata' as const, name: 'Tabata 20/10 × 8', workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 };

const fold = (history: MemberEvent[]): MemberState => history.reduce(allMemberCommands.evolve, allMemberCommands.initialState());
const decide = (command: AnyMemberCommand, history: MemberEvent[] = []) => allMemberCommands.decide(command, fold(history));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, message: (error as DomainError).message };
  }
  throw new Error('not refused');
};
const saved = (presetId: string, name: string): TimerPresetSaved => ({
  type: 'TimerPresetSaved',
  data: { presetId, preset: { ...LEGS, name }, occurredAt: NOW },
});

describe('interval timer rules', () => {
  it('totals every work and rest, the set rest in place of the set’s last rest', () => {
    expect(timerTotalSec(TABATA)).toBe(240);
    expect(timerTotalSec(LEGS)).toBe(2 * 8 * 60 - 20 + 60);
    expect(timerTotalSec({ workSec: 60, restSec: 0, rounds: 10, sets: 1, setRestSec: 0 })).toBe(600);
  });

  it('names the first field out of bounds', () => {
    expect(invalidTimerField(LEGS)).toBeNull();
    expect(invalidTimerField({ ...LEGS, workSec: 4 })).toBe('workSec');
    expect(invalidTimerField({ ...LEGS, restSec: 601 })).toBe('restSec');
    expect(invalidTimerField({ ...LEGS, rounds: 0 })).toBe('rounds');
    expect(invalidTimerField({ ...LEGS, sets: 21 })).toBe('sets');
    expect(invalidTimerField({ ...LEGS, setRestSec: 1.5 })).toBe('setRestSec');
  });

  it('normalises names and refuses blank or long ones', () => {
    expect(normalizeTimerName('  Piernas   40/20 ')).toBe('Piernas 40/20');
    expect(normalizeTimerName('   ')).toBeNull();
    expect(normalizeTimerName('x'.repeat(41))).toBeNull();
    expect(normalizeTimerName(7)).toBeNull();
    expect(timerSessionTitle(TABATA)).toBe('Temporizador: Tabata 20/10 × 8');
  });
});

describe('the member decider and timers', () => {
  it('saves a timer with its normalised name, and saving it again changes nothing', () => {
    const command: AnyMemberCommand = { type: 'SaveTimerPreset', data: { presetId: 'p1', preset: { ...LEGS, name: ' Piernas  40/20' }, now: NOW } };
    const events = decide(command);
    expect(events).toEqual([saved('p1', 'Piernas 40/20')]);
    expect(decide(command, events)).toEqual([]);
  });

  it('refuses a repeated name (any case), a 31st timer and a timer out of bounds', () => {
    expect(
      refusal(() =>
        decide({ type: 'SaveTimerPreset', data: { presetId: 'p2', preset: { ...LEGS, name: 'PIERNAS 40/20' }, now: NOW } }, [saved('p1', 'Piernas 40/20')]),
      ),
    ).toEqual({
      code: 'conflict',
      message: TIMER_MESSAGES.nameTaken,
    });
    const full = Array.from({ length: MAX_TIMER_PRESETS }, (_, index) => saved(`p${index}`, `Serie ${index}`));
    expect(refusal(() => decide({ type: 'SaveTimerPreset', data: { presetId: 'new', preset: { ...LEGS, name: 'Otra' }, now: NOW } }, full))).toEqual({
      code: 'conflict',
      message: TIMER_MESSAGES.tooMany,
    });
    expect(refusal(() => decide({ type: 'SaveTimerPreset', data: { presetId: 'p1', preset: { ...LEGS, rounds: 100 }, now: NOW } }))).toEqual({
      code: 'invalid',
      message: TIMER_MESSAGES.rounds,
    });
  });

  it('deletes only a timer the member has', () => {
    expect(decide({ type: 'DeleteTimerPreset', data: { presetId: 'p1', now: NOW } }, [saved('p1', 'A')])).toEqual([
      { type: 'TimerPresetDeleted', data: { presetId: 'p1', occurredAt: NOW } },
    ]);
    const deleted: MemberEvent = { type: 'TimerPresetDeleted', data: { presetId: 'p1', occurredAt: NOW } };
    expect(refusal(() => decide({ type: 'DeleteTimerPreset', data: { presetId: 'p1', now: NOW } }, [saved('p1', 'A'), deleted]))).toEqual({
      code: 'not-found',
      message: TIMER_MESSAGES.presetNotFound,
    });
    // A deleted timer's name is free again.
    expect(decide({ type: 'SaveTimerPreset', data: { presetId: 'p2', preset: { ...LEGS, name: 'a' }, now: NOW } }, [saved('p1', 'A'), deleted])).toHaveLength(
      1,
    );
  });

  it('records a timer session with its description, once', () => {
    const command: AnyMemberCommand = {
      type: 'CompleteWorkout',
      data: {
        completionId: 'c1',
        workoutId: INTERVAL_TIMER_WORKOUT_ID,
        planId: null,
        enrollmentId: null,
        isRunning: false,
        durationSec: 240,
        intervalTimer: TABATA,
        now: NOW,
      },
    };
    const events = decide(command);
    expect(events).toEqual([
      {
        type: 'WorkoutCompleted',
        data: {
          completionId: 'c1',
          workoutId: 'interval-timer',
          planId: null,
          enrollmentId: null,
          isRunning: false,
          durationSec: 240,
          occurredAt: NOW,
          localDate: '2026-11-24',
          intervalTimer: TABATA,
        },
      },
    ]);
    expect(decide(command, events)).toEqual([]);
  });

  it('refuses a timer session without description and a description on another workout', () => {
    const base = { completionId: 'c1', planId: null, enrollmentId: null, isRunning: false, durationSec: 240, now: NOW };
    expect(refusal(() => decide({ type: 'CompleteWorkout', data: { ...base, workoutId: INTERVAL_TIMER_WORKOUT_ID } })).message).toBe(
      TIMER_MESSAGES.sessionRequired,
    );
    expect(refusal(() => decide({ type: 'CompleteWorkout', data: { ...base, workoutId: 'wk-1', intervalTimer: TABATA } })).message).toBe(
      TIMER_MESSAGES.sessionOnlyForTimer,
    );
    expect(
      refusal(() => decide({ type: 'CompleteWorkout', data: { ...base, workoutId: INTERVAL_TIMER_WORKOUT_ID, intervalTimer: { ...TABATA, name: ' ' } } }))
        .message,
    ).toBe(TIMER_MESSAGES.name);
  });
});
