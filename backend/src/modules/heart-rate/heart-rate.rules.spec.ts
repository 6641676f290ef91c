import {
  DEFAULT_AGE,
  HEART_RATE_ZONES,
  isRrInterval,
  kcalPerMinute,
  maxHrFor,
  pointsPerMinuteAt,
  raisedMaxHr,
  rrCountsMatch,
  summarize,
  tanakaMaxHr,
  zoneOf,
  zonesFor,
  type SummaryMember,
} from './heart-rate.rules';

/** `seconds` samples of one bpm. */
function steady(bpm: number | null, seconds: number): (number | null)[] {
  return Array.from({ length: seconds }, () => bpm);
}

describe('maximum heart rate (Tanaka 2001: 208 − 0.7 · age)', () => {
  it('given the ages 20, 40 and 60, then 194, 180 and 166 bpm', () => {
    // 208 − 14 = 194; 208 − 28 = 180; 208 − 42 = 166.
    expect([20, 40, 60].map(tanakaMaxHr)).toEqual([194, 180, 166]);
  });

  it('given an odd age, then the half bpm rounds up: 208 − 17.5 = 190.5 → 191', () => {
    expect(tanakaMaxHr(25)).toBe(191);
    expect(tanakaMaxHr(33)).toBe(185); // 208 − 23.1 = 184.9
  });

  it('given a raised maximum above the estimate, then the raised one; below it, the estimate', () => {
    expect(maxHrFor(40, 186)).toEqual({ maxHr: 186, maxHrSource: 'raised' });
    expect(maxHrFor(null, 190)).toEqual({ maxHr: 190, maxHrSource: 'raised' });
    // A date of birth corrected to 20 years estimates 194, above the 186 a session reached.
    expect(maxHrFor(20, 186)).toEqual({ maxHr: 194, maxHrSource: 'age' });
    expect(maxHrFor(40, 180)).toEqual({ maxHr: 180, maxHrSource: 'age' });
  });

  it('given a measured maximum, then it, below or above the estimate; a raise above it wins', () => {
    expect(maxHrFor(40, null, 176)).toEqual({ maxHr: 176, maxHrSource: 'measured' });
    expect(maxHrFor(20, null, 201)).toEqual({ maxHr: 201, maxHrSource: 'measured' });
    expect(maxHrFor(null, 195, 190)).toEqual({ maxHr: 195, maxHrSource: 'raised' });
    expect(maxHrFor(40, 185, 190)).toEqual({ maxHr: 190, maxHrSource: 'measured' });
  });

  it('given no age, then the default age of 30 (187 bpm) and says so', () => {
    expect(DEFAULT_AGE).toBe(30);
    expect(maxHrFor(null)).toEqual({ maxHr: 187, maxHrSource: 'default' });
    expect(maxHrFor(40)).toEqual({ maxHr: 180, maxHrSource: 'age' });
  });
});

describe('zones (Myzone bands, % of max HR)', () => {
  const MAX = 200; // so that 1 % is 2 bpm and the edges are whole bpm

  it('given a max of 200, then the zones start at 100, 120, 140, 160 and 180 bpm with their names, colours and points', () => {
    expect(zonesFor(MAX)).toEqual([
      { zone: 1, name: 'Suave', color: '#9CA3AF', minPct: 50, minBpm: 100, pointsPerMinute: 1 },
      { zone: 2, name: 'Ligera', color: '#3B82F6', minPct: 60, minBpm: 120, pointsPerMinute: 2 },
      { zone: 3, name: 'Moderada', color: '#22C55E', minPct: 70, minBpm: 140, pointsPerMinute: 3 },
      { zone: 4, name: 'Intensa', color: '#F97316', minPct: 80, minBpm: 160, pointsPerMinute: 4 },
      { zone: 5, name: 'Máxima', color: '#EF4444', minPct: 90, minBpm: 180, pointsPerMinute: 4 },
    ]);
  });

  it('given the edges 49/50/59/60/84/90 %, then no zone, 1, 1, 2, 4 and 5', () => {
    expect([98, 100, 118, 120, 168, 180].map((bpm) => zoneOf(bpm, MAX)?.zone ?? null)).toEqual([null, 1, 1, 2, 4, 5]);
    expect([98, 100, 118, 120, 168, 180].map((bpm) => pointsPerMinuteAt(bpm, MAX))).toEqual([0, 1, 1, 2, 4, 4]);
  });

  it('given a max where a % falls between two bpm, then minBpm is the first whole bpm at or above it, agreeing with the % rule', () => {
    // 187 · 50 % = 93.5 → 94; 187 · 90 % = 168.3 → 169.
    const zones = zonesFor(187);
    expect(zones.map((zone) => zone.minBpm)).toEqual([94, 113, 131, 150, 169]);
    for (const zone of zones) {
      expect(zoneOf(zone.minBpm, 187)?.zone).toBe(zone.zone);
      expect(zoneOf(zone.minBpm - 1, 187)?.zone ?? 0).toBe(zone.zone - 1);
    }
  });

  it('keeps its five zones in rising order (the SPA classifies by the last minBpm reached)', () => {
    expect(HEART_RATE_ZONES.map((zone) => zone.minPct)).toEqual([50, 60, 70, 80, 90]);
  });
});

describe('energy (Keytel 2005, kJ/min ÷ 4.184)', () => {
  it('given a man of 40 years and 80 kg at 150 bpm, then 15.18 kcal/min', () => {
    // −55.0969 + 0.6309·150 + 0.1988·80 + 0.2017·40 = −55.0969 + 94.635 + 15.904 + 8.068
    // = 63.5101 kJ/min; ÷ 4.184 = 15.17928 kcal/min.
    expect(kcalPerMinute(150, { gender: 'male', weightKg: 80, age: 40, maxHr: 180 })).toBeCloseTo(15.17928, 5);
  });

  it('given a woman of 30 years and 60 kg at 150 bpm, then 9.88 kcal/min', () => {
    // −20.4022 + 0.4472·150 − 0.1263·60 + 0.074·30 = −20.4022 + 67.08 − 7.578 + 2.22
    // = 41.3198 kJ/min; ÷ 4.184 = 9.87567 kcal/min.
    expect(kcalPerMinute(150, { gender: 'female', weightKg: 60, age: 30, maxHr: 187 })).toBeCloseTo(9.87567, 5);
  });

  it('given another or no gender, then the mean of both equations', () => {
    // Men: −55.0969 + 94.635 + 13.916 + 7.0595 = 60.5136; women: −20.4022 + 67.08 − 8.841 + 2.59
    // = 40.4268; mean 50.4702 kJ/min ÷ 4.184 = 12.06267 kcal/min.
    const profile = { weightKg: 70, age: 35, maxHr: 189 };
    expect(kcalPerMinute(150, { ...profile, gender: 'other' })).toBeCloseTo(12.06267, 5);
    expect(kcalPerMinute(150, { ...profile, gender: null })).toBeCloseTo(12.06267, 5);
  });

  it('given an equation that goes negative, then 0', () => {
    // A woman of 20 years and 150 kg at 60 bpm with a max of 100 (60 %):
    // −20.4022 + 26.832 − 18.945 + 1.48 = −11.0352 kJ/min.
    expect(kcalPerMinute(60, { gender: 'female', weightKg: 150, age: 20, maxHr: 100 })).toBe(0);
  });

  it('given a heart rate below 50 % of max, then nothing', () => {
    expect(kcalPerMinute(89, { gender: 'male', weightKg: 80, age: 40, maxHr: 180 })).toBe(0);
    expect(kcalPerMinute(90, { gender: 'male', weightKg: 80, age: 40, maxHr: 180 })).toBeGreaterThan(0);
  });
});

describe('summary of a 1 Hz series', () => {
  const member: SummaryMember = { maxHr: 200, age: 40, gender: 'male', weightKg: 80 };

  it('given 60 s in zone 3, then 3 points; 30 s in zone 1 and 30 s in zone 4, then 2.5 floored to 2', () => {
    expect(summarize({ samples: steady(145, 60), durationSec: 60 }, member).points).toBe(3);
    expect(summarize({ samples: [...steady(100, 30), ...steady(165, 30)], durationSec: 60 }, member).points).toBe(2);
  });

  it('given a session with gaps, then average, maximum, samples and seconds per zone count only the recorded seconds', () => {
    const samples = [...steady(90, 10), ...steady(null, 5), ...steady(130, 20), ...steady(185, 5)];
    const summary = summarize({ samples, durationSec: samples.length }, member);
    // (90·10 + 130·20 + 185·5) / 35 = 4425 / 35 = 126.43 → 126.
    expect(summary).toMatchObject({ avgBpm: 126, maxBpm: 185, samples: 35, secondsInZone: [0, 20, 0, 0, 5], secondsAtBadgeIntensity: 5 });
  });

  it('given 10 minutes of a man of 40 years and 80 kg at 150 bpm, then 152 kcal (15.17928 · 10, rounded)', () => {
    expect(summarize({ samples: steady(150, 600), durationSec: 600 }, { ...member, maxHr: 180 }).kcal).toBe(152);
  });

  it('given no weight, then no energy estimate', () => {
    expect(summarize({ samples: steady(150, 60), durationSec: 60 }, { ...member, weightKg: null }).kcal).toBeNull();
  });

  it('given 719 s at 84 % of max, then no badge; 720 s, then the badge', () => {
    // 168 bpm is 84 % of 200.
    expect(summarize({ samples: steady(168, 719), durationSec: 719 }, member).badge).toBe(false);
    expect(summarize({ samples: steady(168, 720), durationSec: 720 }, member).badge).toBe(true);
    expect(summarize({ samples: steady(167, 720), durationSec: 720 }, member).badge).toBe(false);
  });

  it('given samples a minute after the end, then the 1-minute recovery; without them, none; after-end samples count for nothing else', () => {
    const session = steady(170, 120);
    const cooldown = [...steady(150, 59), 120, ...steady(110, 10)];
    const summary = summarize({ samples: [...session, ...cooldown], durationSec: 120 }, member);
    // Last second of the session 170 bpm; 60 s later (index 179) 120 bpm.
    expect(summary.recovery1MinBpm).toBe(50);
    expect(summary).toMatchObject({ samples: 120, maxBpm: 170, avgBpm: 170 });
    expect(summarize({ samples: session, durationSec: 120 }, member).recovery1MinBpm).toBeNull();
  });

  it('given no samples at all, then an empty summary', () => {
    expect(summarize({ samples: [], durationSec: 600 }, member)).toEqual({
      avgBpm: null,
      maxBpm: null,
      secondsInZone: [0, 0, 0, 0, 0],
      secondsAtBadgeIntensity: 0,
      points: 0,
      kcal: 0,
      badge: false,
      samples: 0,
      recovery1MinBpm: null,
    });
  });
});

describe('raising the maximum (30 s sustained above it, by at most 10 bpm)', () => {
  const MAX = 180;

  it('given 29 s above the maximum, then no raise; 30 s, then the level held', () => {
    expect(raisedMaxHr([...steady(170, 10), ...steady(184, 29), ...steady(170, 10)], MAX)).toBeNull();
    expect(raisedMaxHr([...steady(170, 10), ...steady(184, 30), ...steady(170, 10)], MAX)).toBe(184);
  });

  it('given a run broken by a missing sample or a reading at the maximum, then no raise', () => {
    expect(raisedMaxHr([...steady(184, 15), null, ...steady(184, 15)], MAX)).toBeNull();
    expect(raisedMaxHr([...steady(184, 15), 180, ...steady(184, 15)], MAX)).toBeNull();
  });

  it('given a level far above the maximum, then at most 10 bpm more', () => {
    expect(raisedMaxHr(steady(205, 40), MAX)).toBe(190);
  });

  it('given a spike inside a sustained run, then the lowest bpm of the best 30 s, not the spike', () => {
    expect(raisedMaxHr([...steady(183, 20), 200, ...steady(183, 9), ...steady(186, 30)], MAX)).toBe(186);
  });
});

describe('R–R intervals (ADR 0146)', () => {
  it('are whole milliseconds of a beat: 200 to 3000', () => {
    expect([200, 812, 3000].every(isRrInterval)).toBe(true);
    expect([199, 3001, 812.5, null, '800'].some(isRrInterval)).toBe(false);
  });

  it('come with a count per second that adds up to them, within the seconds of the series', () => {
    expect(rrCountsMatch({ ms: [800, 790, 805], counts: [2, 0, 1] }, 3)).toBe(true);
    expect(rrCountsMatch({ ms: [], counts: [] }, 0)).toBe(true);
    expect(rrCountsMatch({ ms: [800, 790, 805], counts: [2, 0, 1] }, 2)).toBe(false);
    expect(rrCountsMatch({ ms: [800, 790], counts: [3] }, 3)).toBe(false);
    expect(rrCountsMatch({ ms: [800, 790], counts: [3, -1] }, 3)).toBe(false);
    expect(rrCountsMatch({ ms: [800, 790], counts: [1.5, 0.5] }, 3)).toBe(false);
    expect(rrCountsMatch({ ms: 'x', counts: [1] }, 3)).toBe(false);
  });
});
