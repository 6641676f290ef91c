import { collectRr, MAX_SERIES_JSON, rrIntervalsOf, sampleSecond, seriesForCompletion, type HeartRateSamples, type RrSeconds } from './heart-rate-series';

const record = (...steps: [second: number, bpm: number | null][]) =>
  steps.reduce<HeartRateSamples>((samples, [second, bpm]) => sampleSecond(samples, second, bpm), []);

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

  describe('R–R intervals (ADR 0146)', () => {
    const collect = (...steps: [second: number, intervals: number[]][]) =>
      steps.reduce<RrSeconds>((rr, [second, intervals]) => collectRr(rr, second, intervals), []);

    it('keeps whole milliseconds of beats only', () => {
      expect(rrIntervalsOf([(353 * 1000) / 1024, 1000, (102 * 1000) / 1024, 3000.4, 3001])).toEqual([345, 1000, 3000]);
    });

    it('collects the intervals of each second trained, after those already there, and none in the seconds skipped', () => {
      expect(collect([0, [800]], [0, [790, 805]], [3, [780]])).toEqual([[800, 790, 805], [], [], [780]]);
      const rr = collect([0, [800]]);
      expect(collectRr(rr, 1, [])).toBe(rr);
      expect(collectRr(rr, -1, [700])).toBe(rr);
      expect(collectRr(rr, 0.5, [700])).toBe(rr);
    });

    it('sends them flat with a count per second trained, without the trailing seconds that had none', () => {
      const series = seriesForCompletion([90, 92, 95, 96], 4, [], collect([0, [650, 660]], [2, [640]]));
      expect(series).toEqual({ samples: [90, 92, 95, 96], rr: { ms: [650, 660, 640], counts: [2, 0, 1] } });
    });

    it('sends none without intervals in the time trained, nor without readings', () => {
      expect(seriesForCompletion([90, 92], 2, [], [])).toEqual({ samples: [90, 92] });
      expect(seriesForCompletion([90, 92], 2, [], collect([1, []]))).toEqual({ samples: [90, 92] });
      expect(seriesForCompletion([90, 92], 2, [], collect([2, [700]]))).toEqual({ samples: [90, 92] });
      expect(seriesForCompletion([null, null], 2, [], collect([0, [700]]))).toBeUndefined();
    });

    it('keeps a three-hour session under the body limit, dropping the intervals of its end rather than the completion', () => {
      const durationSec = 3 * 3600;
      const samples = Array.from({ length: durationSec }, () => 150);
      const recovery = Array.from({ length: 65 }, () => 120);
      const rr = Array.from({ length: durationSec }, () => [400, 401, 399]);
      const series = seriesForCompletion(samples, durationSec, recovery, rr)!;
      const size = JSON.stringify(series).length;
      expect(size).toBeLessThanOrEqual(MAX_SERIES_JSON);
      expect(size).toBeGreaterThan(MAX_SERIES_JSON - 20);
      const { ms, counts } = series.rr!;
      expect(counts.every((count) => count === 3)).toBe(true);
      expect(ms).toHaveLength(counts.length * 3);
      expect(counts.length).toBeLessThan(durationSec);
      // Every reading still goes: only intervals are left out.
      expect(series.samples).toHaveLength(durationSec + 65);
    });

    it('sends every interval of a 45-minute class', () => {
      const durationSec = 45 * 60;
      const rr = Array.from({ length: durationSec }, (_, second) => (second % 2 === 0 ? [420, 415, 430] : [410, 425]));
      const series = seriesForCompletion(
        Array.from({ length: durationSec }, () => 142),
        durationSec,
        [],
        rr,
      )!;
      expect(series.rr!.ms).toHaveLength(durationSec * 2.5);
      expect(series.rr!.counts).toHaveLength(durationSec);
    });
  });
});
