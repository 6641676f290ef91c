import { sampleSecond, seriesForCompletion, type HeartRateSamples } from './heart-rate-series';

const record = (...steps: [second: number, bpm: number | null][]) => steps.reduce<HeartRateSamples>((samples, [second, bpm]) => sampleSecond(samples, second, bpm), []);

describe('heart-rate series', () => {
  it('puts each BPM at its second and null in the seconds skipped', () => {
    expect(record([0, 90], [1, 92], [4, 100])).toEqual([90, 92, null, null, 100]);
  });

  it('keeps the first real reading of a second, and fills a null one later in that second', () => {
    expect(record([0, 90], [0, 95])).toEqual([90]);
    expect(record([0, null], [0, 95])).toEqual([95]);
    expect(record([0, 90], [0, null])).toEqual([90]);
  });

  it('ignores impossible seconds', () => {
    const samples = record([0, 90]);
    expect(sampleSecond(samples, -1, 80)).toBe(samples);
    expect(sampleSecond(samples, 1.5, 80)).toBe(samples);
  });

  it('sends exactly the seconds trained, padded with null, and nothing without any reading', () => {
    expect(seriesForCompletion(record([0, 90], [2, 95], [5, 99]), 4)).toEqual({ samples: [90, null, 95, null] });
    expect(seriesForCompletion(record([1, 90]), 4)).toEqual({ samples: [null, 90, null, null] });
    expect(seriesForCompletion(record([0, null], [3, null]), 4)).toBeUndefined();
    expect(seriesForCompletion(record([5, 120]), 4)).toBeUndefined();
    expect(seriesForCompletion([], 0)).toBeUndefined();
  });

  it('appends the minute after the end when it has a reading, so the summary can measure the recovery', () => {
    expect(seriesForCompletion(record([0, 150], [1, 152]), 3, [140, null, 120])).toEqual({ samples: [150, 152, null, 140, null, 120] });
    expect(seriesForCompletion(record([0, 150]), 2, [null, null])).toEqual({ samples: [150, null] });
    // Readings after the end alone are no session with heart rate.
    expect(seriesForCompletion([], 2, [120])).toBeUndefined();
  });
});
