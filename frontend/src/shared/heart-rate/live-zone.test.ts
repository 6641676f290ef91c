import fc from 'fast-check';
import { heartRateProfile } from '../testing/heart-rate-fixtures';
import { badgeEarned, emptyTally, liveZone, pointsEarned, tallyReading, type PointsTally, type ZoneProfile } from './live-zone';

const profile: ZoneProfile = heartRateProfile(true);

function feed(readings: [at: number, bpm: number][], from: PointsTally = emptyTally) {
  return readings.reduce((tally, [at, bpm]) => tallyReading(tally, profile, { at, bpm }), from);
}

/** One reading a second from `start` for `seconds` at `bpm`. */
const steady = (start: number, seconds: number, bpm: number): [number, number][] => Array.from({ length: seconds + 1 }, (_, i) => [start + i * 1000, bpm]);

describe('liveZone', () => {
  it.each([
    [94, null, 49],
    [95, 'Suave', 50],
    [113, 'Suave', 59],
    [114, 'Ligera', 60],
    [151, 'Moderada', 79],
    [152, 'Intensa', 80],
    [171, 'Máxima', 90],
    [200, 'Máxima', 105],
  ])('%i bpm is zone %s at %i %% of max', (bpm, name, pct) => {
    const live = liveZone(profile, bpm);
    expect(live.zone?.name ?? null).toBe(name);
    expect(live.pctOfMax).toBe(pct);
  });

  it('reads the zones in any order the API sends them', () => {
    expect(liveZone({ ...profile, zones: [...profile.zones].reverse() }, 160).zone?.zone).toBe(4);
  });
});

describe('points tally', () => {
  it("earns each zone's points per minute over the time received", () => {
    expect(pointsEarned(feed(steady(0, 60, 100)))).toBe(1);
    expect(pointsEarned(feed(steady(0, 60, 140)))).toBe(3);
    expect(pointsEarned(feed(steady(0, 60, 180)))).toBe(4);
    expect(pointsEarned(feed(steady(0, 30, 160)))).toBe(2);
  });

  it('earns nothing below the first zone', () => {
    expect(feed(steady(0, 120, 90)).points).toBe(0);
  });

  it('counts nothing for a gap of 5 s or more, and resumes after it', () => {
    const before = feed(steady(0, 30, 140));
    const after = feed(steady(35_000, 30, 140), before);
    expect(after.points).toBeCloseTo(before.points + 1.5, 9);
    expect(
      feed([
        [0, 140],
        [4_999, 140],
      ]).points,
    ).toBeCloseTo((4.999 / 60) * 3, 9);
    expect(
      feed([
        [0, 140],
        [5_000, 140],
      ]).points,
    ).toBe(0);
  });

  it('ignores a reading that does not move time forward', () => {
    const tally = feed(steady(0, 10, 140));
    expect(tallyReading(tally, profile, { at: 10_000, bpm: 190 })).toBe(tally);
  });

  it('gives the badge after 12 minutes at 84 % of max or more', () => {
    // 84 % of 190 is 159.6: 160 counts, 159 does not.
    expect(badgeEarned(feed(steady(0, 12 * 60, 160)), profile)).toBe(true);
    expect(badgeEarned(feed(steady(0, 12 * 60 - 1, 160)), profile)).toBe(false);
    expect(badgeEarned(feed(steady(0, 20 * 60, 159)), profile)).toBe(false);
  });

  it('never earns more than the top rate for the time elapsed, nor anything for gaps', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 8_000 }), fc.integer({ min: 40, max: 220 })), { maxLength: 80 }), (steps) => {
        let at = 0;
        const readings = steps.map(([gap, bpm]): [number, number] => [(at += gap), bpm]);
        const counted = readings.slice(1).reduce((sum, [time], i) => sum + (time - readings[i][0] < 5_000 ? time - readings[i][0] : 0), 0);
        const tally = feed(readings);
        expect(tally.points).toBeLessThanOrEqual((counted / 60_000) * 4 + 1e-9);
        expect(tally.badgeMs).toBeLessThanOrEqual(counted);
      }),
    );
  });
});
