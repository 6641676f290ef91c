import { DIFFICULTIES, EXERCISE_KINDS, MEDIA_FAMILIES, ROUND_TYPES, RUNNING_TYPES, TERRAINS, WORKOUT_TYPES } from '../catalog.types';
import { CLASS_LENGTH_MIN, CLASSIC_CLASS_NAME } from '../../../shared/class-length';
import { workoutDurations, workoutMinutes } from '../workout-duration';
import { buildCatalogSeed, catalogId, CatalogSeedError } from './catalog-seed';
import { EXERCISES } from './exercises.seed';
import { PLANS } from './plans.seed';
import { RUNNING_WORKOUTS } from './running-workouts.seed';
import { WORKOUTS } from './workouts.seed';

const seed = buildCatalogSeed();
const content = { exercises: EXERCISES, workouts: WORKOUTS, runningWorkouts: RUNNING_WORKOUTS, plans: PLANS };

describe('catalogue seed', () => {
  it('has the promised amount of content', () => {
    expect(seed.exercises.length).toBeGreaterThanOrEqual(40);
    expect(seed.workouts.length).toBeGreaterThanOrEqual(24);
    expect(seed.runningWorkouts.length).toBeGreaterThanOrEqual(10);
    expect(seed.plans.length).toBeGreaterThanOrEqual(6);
  });

  it('covers every workout type, difficulty, round type and exercise kind', () => {
    const types = new Set(seed.workouts.flatMap((w) => w.workoutTypes));
    expect([...WORKOUT_TYPES].filter((t) => !types.has(t))).toEqual([]);
    const difficulties = new Set(seed.workouts.map((w) => w.difficulty));
    expect([...DIFFICULTIES].filter((d) => !difficulties.has(d))).toEqual([]);
    const roundTypes = new Set(seed.workouts.flatMap((w) => w.rounds.map((r) => r.roundType)));
    expect([...ROUND_TYPES].filter((t) => !roundTypes.has(t))).toEqual([]);
    const kinds = new Set(seed.workouts.flatMap((w) => w.rounds.flatMap((r) => r.exercises.map((e) => e.type))));
    expect([...EXERCISE_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  });

  it('covers every running type, terrain and difficulty', () => {
    expect([...RUNNING_TYPES].filter((t) => !seed.runningWorkouts.some((r) => r.runningType === t))).toEqual([]);
    expect([...TERRAINS].filter((t) => !seed.runningWorkouts.some((r) => r.terrain === t))).toEqual([]);
    expect([...DIFFICULTIES].filter((d) => !seed.runningWorkouts.some((r) => r.difficulty === d))).toEqual([]);
  });

  it('uses every media family and only known ones', () => {
    const families = new Set(seed.exercises.map((e) => e.family));
    expect([...families].sort()).toEqual([...MEDIA_FAMILIES].sort());
  });

  it('leaves some rests out and sets some to zero, so the player defaults are exercised', () => {
    const exercises = seed.workouts.flatMap((w) => w.rounds.flatMap((r) => r.exercises));
    expect(exercises.some((e) => e.exerciseRest === undefined)).toBe(true);
    expect(exercises.some((e) => e.exerciseRest === 0)).toBe(true);
    const rounds = seed.workouts.flatMap((w) => w.rounds);
    expect(rounds.some((r) => r.restBetweenRounds === 0)).toBe(true);
  });

  it('gives every exercise a timing that matches its kind, with realistic values', () => {
    for (const workout of seed.workouts) {
      expect(workout.rounds.length).toBeGreaterThan(0);
      for (const round of workout.rounds) {
        expect(round.roundName.trim()).not.toBe('');
        expect(round.exercises.length).toBeGreaterThan(0);
        if (round.restBetweenRounds !== undefined) expect(round.restBetweenRounds).toBeGreaterThanOrEqual(0);
        if (round.restBetweenRounds !== undefined) expect(round.restBetweenRounds).toBeLessThanOrEqual(120);
        for (const exercise of round.exercises) {
          if (exercise.type === 'time') {
            expect(exercise.exerciseReps).toBeUndefined();
            expect(exercise.exerciseTime).toBeGreaterThanOrEqual(15);
            expect(exercise.exerciseTime).toBeLessThanOrEqual(180);
          } else {
            expect(exercise.exerciseTime).toBeUndefined();
            expect(exercise.exerciseReps).toBeGreaterThanOrEqual(5);
            expect(exercise.exerciseReps).toBeLessThanOrEqual(25);
          }
          if (exercise.exerciseRest !== undefined) {
            expect(exercise.exerciseRest).toBeGreaterThanOrEqual(0);
            expect(exercise.exerciseRest).toBeLessThanOrEqual(90);
          }
        }
      }
    }
  });

  it('keeps durations consistent with the rounds', () => {
    for (const workout of seed.workouts) {
      expect({ slug: workout.slug, ...workoutDurations(workout.rounds) }).toEqual({
        slug: workout.slug,
        estDurationSec: workout.estDurationSec,
        estDurationMin: workout.estDurationMin,
        calculatedDurationMin: workout.calculatedDurationMin,
      });
      // One length per workout (ADR 0290): what the player runs, to the nearest minute.
      expect(workout.estDurationMin).toBe(workoutMinutes(workout.estDurationSec));
      expect(workout.calculatedDurationMin).toBe(workout.estDurationMin);
      expect(workout.totalRounds).toBe(workout.rounds.length);
    }
  });

  it('lasts what its title says when the title names its minutes (Clásico 60 Min is the class length)', () => {
    const named = seed.workouts.flatMap((workout) => {
      const minutes = /(\d+)(?: Min)?$/.exec(workout.title)?.[1];
      return minutes ? [{ title: workout.title, said: Number(minutes), lasts: workout.estDurationMin }] : [];
    });
    expect(named.map((workout) => workout.title)).toContain(CLASSIC_CLASS_NAME);
    for (const workout of named) expect(workout.lasts).toBe(workout.said);
    expect(seed.workouts.find((workout) => workout.title === CLASSIC_CLASS_NAME)?.estDurationMin).toBe(CLASS_LENGTH_MIN);
  });

  it('has a short plan workout for a quick run of the player', () => {
    const planned = new Set(seed.plans.flatMap((p) => p.workouts.map((w) => w.workoutId)));
    const short = seed.workouts.filter(
      (w) =>
        planned.has(w.id) &&
        w.estDurationSec >= 120 &&
        w.estDurationSec <= 180 &&
        w.rounds.length === 2 &&
        w.rounds.some((r) => (r.restBetweenRounds ?? 0) > 0) &&
        w.rounds.some((r) => r.exercises.some((e) => e.type === 'reps')) &&
        w.rounds.some((r) => r.exercises.some((e) => (e.exerciseRest ?? 0) > 0)),
    );
    expect(short.map((w) => w.slug)).toContain('activacion-express');
  });

  it('references only existing exercises and training workouts', () => {
    const exerciseIds = new Set(seed.exercises.map((e) => e.id));
    const workoutIds = new Set(seed.workouts.map((w) => w.id));
    const runningIds = new Set(seed.runningWorkouts.map((r) => r.id));
    for (const workout of seed.workouts) {
      for (const exercise of workout.rounds.flatMap((r) => r.exercises)) expect(exerciseIds.has(exercise.exerciseId)).toBe(true);
    }
    for (const plan of seed.plans) {
      for (const { workoutId } of plan.workouts) {
        expect(workoutIds.has(workoutId)).toBe(true);
        expect(runningIds.has(workoutId)).toBe(false);
      }
    }
  });

  it('refuses content that points at something missing', () => {
    const broken = { ...content, plans: [{ ...PLANS[0], weeks: [['no-existe']] }] };
    expect(() => buildCatalogSeed(broken)).toThrow(CatalogSeedError);
    const duplicated = { ...content, exercises: [...EXERCISES, EXERCISES[0]] };
    expect(() => buildCatalogSeed(duplicated)).toThrow(/repetido/);
  });

  it('builds plans of 2 to 16 weeks at 2 to 5 workouts a week, repeating workouts across weeks', () => {
    const weeks = seed.plans.map((p) => p.estimatedWeeks);
    expect(Math.min(...weeks)).toBe(2);
    expect(Math.max(...weeks)).toBe(16);
    for (const plan of seed.plans) {
      const byWeek = new Map<number, number>();
      for (const { week } of plan.workouts) byWeek.set(week, (byWeek.get(week) ?? 0) + 1);
      expect([...byWeek.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: plan.estimatedWeeks }, (_, i) => i + 1));
      for (const count of byWeek.values()) {
        expect(count).toBeGreaterThanOrEqual(2);
        expect(count).toBeLessThanOrEqual(5);
      }
    }
    expect(seed.plans.some((p) => new Set(p.workouts.map((w) => w.workoutId)).size < p.workouts.length)).toBe(true);
    expect(new Set(seed.plans.map((p) => p.difficulty)).size).toBe(3);
  });

  it('describes running workouts completely and plausibly', () => {
    for (const run of seed.runningWorkouts) {
      expect(run.intervals.length).toBeGreaterThan(0);
      expect(run.tips.length).toBeGreaterThan(0);
      expect(run.requirements.length).toBeGreaterThan(0);
      expect(run.paceInstructions.trim()).not.toBe('');
      for (const interval of run.intervals) expect(interval.duration !== undefined || interval.distance !== undefined).toBe(true);
      // About 65 kcal per km for a 70 kg runner; trail and hills cost more.
      expect(run.calories / run.distance).toBeGreaterThanOrEqual(55);
      expect(run.calories / run.distance).toBeLessThanOrEqual(85);
      const minutesPerKm = run.duration / run.distance;
      expect(minutesPerKm).toBeGreaterThanOrEqual(4);
      expect(minutesPerKm).toBeLessThanOrEqual(10);
      const timed = run.intervals.reduce((sum, i) => sum + (i.duration ?? 0) * (i.repetitions ?? 1), 0);
      expect(timed).toBeLessThanOrEqual(run.duration);
      const measured = run.intervals.reduce((sum, i) => sum + (i.distance ?? 0) * (i.repetitions ?? 1), 0);
      expect(measured).toBeLessThanOrEqual(run.distance + 0.01);
    }
  });

  it('derives stable, distinct ids and a checksum that follows the content', () => {
    expect(catalogId('workout', 'activacion-express')).toBe(seed.workouts[0].id);
    expect(catalogId('workout', 'activacion-express')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(catalogId('plan', 'activacion-express')).not.toBe(catalogId('workout', 'activacion-express'));
    const ids = [...seed.exercises, ...seed.workouts, ...seed.runningWorkouts, ...seed.plans].map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(buildCatalogSeed().checksum).toBe(seed.checksum);
    const edited = { ...content, workouts: [{ ...WORKOUTS[0], title: 'Otro título' }, ...WORKOUTS.slice(1)] };
    expect(buildCatalogSeed(edited).checksum).not.toBe(seed.checksum);
  });
});
