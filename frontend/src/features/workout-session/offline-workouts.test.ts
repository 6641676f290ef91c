import { describe, expect, it } from 'vitest';
import type { EnrollmentDto, PlanDto } from '../../shared/api/generated-api';
import { nextWorkoutIds } from './offline-workouts';

const plan = (id: string, workouts: string[]) => ({ _id: id, workouts: workouts.map((workoutId) => ({ _id: workoutId })) }) as unknown as PlanDto;
const enrollment = (planId: string, currentIndex: number, status: EnrollmentDto['status'] = 'active') =>
  ({ _id: `e-${planId}`, planId: { _id: planId }, currentIndex, status }) as unknown as EnrollmentDto;

describe('nextWorkoutIds', () => {
  const plans = [plan('p1', ['a', 'b', 'c']), plan('p2', ['x', 'y']), plan('p3', ['m', 'n'])];

  it('keeps the current workout of each active plan and the one after it', () => {
    expect(nextWorkoutIds([enrollment('p1', 1), enrollment('p2', 0)], plans)).toEqual(['b', 'c', 'x', 'y']);
  });

  it('stops at the end of a plan and leaves paused or finished plans out', () => {
    expect(nextWorkoutIds([enrollment('p1', 2), enrollment('p2', 0, 'paused'), enrollment('p3', 0, 'completed')], plans)).toEqual(['c']);
  });

  it('keeps a workout two plans share once', () => {
    expect(nextWorkoutIds([enrollment('p1', 0), enrollment('p1', 1)], plans)).toEqual(['a', 'b', 'c']);
  });
});
