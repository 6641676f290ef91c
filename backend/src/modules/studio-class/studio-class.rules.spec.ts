import { memberDecider, type MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { decideStudioClass, type StudioClassCommand } from './studio-class.decider';
import {
  boardLabel,
  classDuration,
  classSeries,
  isClassReading,
  MAX_CLASS_SECONDS,
  secondOfClass,
  studioMinutesOf,
  suggestedClass,
} from './studio-class.rules';

/** The member stream's decider for these commands, as their use cases run it. */
const decider = memberDecider(decideStudioClass);

describe('class board rules', () => {
  it("offers the class under way or starting within 20 minutes, else the day's next one, never a cancelled one", () => {
    const day = [
      { slotId: 'a', startTime: '06:00', cancelled: false },
      { slotId: 'b', startTime: '12:00', cancelled: true },
      { slotId: 'c', startTime: '18:00', cancelled: false },
    ];
    const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    expect(suggestedClass(day, at('05:00'))?.slotId).toBe('a');
    expect(suggestedClass(day, at('05:40'))?.slotId).toBe('a');
    expect(suggestedClass(day, at('12:05'))?.slotId).toBe('a');
    expect(suggestedClass(day, at('17:39'))?.slotId).toBe('a');
    expect(suggestedClass(day, at('17:40'))?.slotId).toBe('c');
    expect(suggestedClass(day, at('23:00'))?.slotId).toBe('c');
    expect(suggestedClass([{ slotId: 'b', startTime: '12:00', cancelled: true }], at('12:00'))).toBeNull();
    expect(suggestedClass([], at('12:00'))).toBeNull();
    // El Salvador is UTC-6 all year.
    expect(studioMinutesOf(new Date('2026-12-02T23:50:00.000Z'))).toBe(at('17:50'));
    expect(studioMinutesOf(new Date('2026-12-03T05:59:00.000Z'))).toBe(at('23:59'));
  });

  it('names a member "Carla M." when they chose it, by initials otherwise, and never shows an empty label', () => {
    expect(boardLabel('Carla', 'Martínez', true)).toBe('Carla M.');
    expect(boardLabel('Carla', 'Martínez', false)).toBe('C. M.');
    expect(boardLabel(' ángel ', 'ortiz', false)).toBe('Á. O.');
    expect(boardLabel('Carla', '', true)).toBe('Carla');
    expect(boardLabel('Carla', '', false)).toBe('C.');
    expect(boardLabel('', '', true)).toBe('—');
  });

  it('places a reading in the second of the class it was taken in, and keeps only usable ones', () => {
    const start = Date.parse('2026-11-24T18:00:00.000Z');
    expect(secondOfClass(start + 999, start)).toBe(0);
    expect(secondOfClass(start + 1000, start)).toBe(1);
    expect(secondOfClass(start - 1, start)).toBe(-1);
    expect(isClassReading(0, 150, 10)).toBe(true);
    expect(isClassReading(-1, 150, 10)).toBe(false);
    expect(isClassReading(10, 150, 10)).toBe(false);
    expect(isClassReading(3, 19, 10)).toBe(false);
    expect(isClassReading(3, 301, 10)).toBe(false);
  });

  it('builds the 1 Hz series of a class with gaps as null, cut at its end and at three hours', () => {
    expect(
      classSeries(
        [
          { second: 0, bpm: 100 },
          { second: 2, bpm: 120 },
          { second: 9, bpm: 90 },
        ],
        4,
      ),
    ).toEqual([100, null, 120, null]);
    expect(classDuration(0, 65_900)).toBe(65);
    expect(classDuration(0, 10 * 3600 * 1000)).toBe(MAX_CLASS_SECONDS);
    expect(classDuration(5_000, 0)).toBe(0);
  });
});

describe('the member decider and the class board', () => {
  const NOW = '2026-11-24T18:00:00.000Z';
  const consented: MemberEvent[] = [
    { type: 'ProfileUpdated', data: { changes: { dateOfBirth: { before: null, after: '1986-01-01' } }, occurredAt: NOW } },
    { type: 'HeartRateConsentGiven', data: { noticeVersion: '2026-11-24.3', occurredAt: NOW } },
  ];
  const stateOf = (events: MemberEvent[]): MemberState => events.reduce(decider.evolve, decider.initialState());
  const record = (samples: (number | null)[], attendanceId = 'a-1'): StudioClassCommand => ({
    type: 'RecordStudioClass',
    data: {
      attendanceId,
      classSessionId: 's-1',
      className: 'Box and Burn',
      slot: '6:00-7:00 pm',
      durationSec: samples.length,
      heartRateSamples: samples,
      now: NOW,
    },
  });

  it("records a class with the summary of the workouts' rules, once", () => {
    // 40 years on the class's day: 180 bpm maximum; 150 bpm for ten minutes is zone 4, 4 points a minute.
    const events = decider.decide(record(Array.from({ length: 600 }, () => 150)), stateOf(consented));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'StudioClassAttended',
      data: { attendanceId: 'a-1', className: 'Box and Burn', durationSec: 600, localDate: '2026-11-24', heartRate: { points: 40, avgBpm: 150, samples: 600 } },
    });
    expect(decider.decide(record([150, 150]), stateOf([...consented, ...events]))).toEqual([]);
  });

  it('records nothing without consent in force, nor without a single reading', () => {
    expect(decider.decide(record([150, 150]), stateOf(consented.slice(0, 1)))).toEqual([]);
    const withdrawn: MemberEvent[] = [...consented, { type: 'HeartRateConsentWithdrawn', data: { occurredAt: NOW } }];
    expect(decider.decide(record([150, 150]), stateOf(withdrawn))).toEqual([]);
    expect(decider.decide(record([null, null]), stateOf(consented))).toEqual([]);
  });

  it('keeps the board name choice and records only a change', () => {
    const choose = (showName: boolean): StudioClassCommand => ({ type: 'ChooseStudioBoardName', data: { showName, now: NOW } });
    expect(decider.decide(choose(false), stateOf([]))).toEqual([]);
    const chosen = decider.decide(choose(true), stateOf([]));
    expect(chosen).toEqual([{ type: 'StudioBoardNameChosen', data: { showName: true, occurredAt: NOW } }]);
    expect(decider.decide(choose(true), stateOf(chosen))).toEqual([]);
    expect(stateOf(chosen).studioBoardShowName).toBe(true);
  });
});
