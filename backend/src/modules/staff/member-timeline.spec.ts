import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { challengeMonthText, heartRateInWords } from './member-timeline';

const summary: HeartRateSummary = {
  avgBpm: 142,
  maxBpm: 181,
  secondsInZone: [60, 120, 600, 540, 480],
  secondsAtBadgeIntensity: 800,
  points: 23,
  kcal: 410,
  badge: true,
  samples: 1800,
  recovery1MinBpm: 31,
};

describe('a completion with heart rate in the staff timeline', () => {
  it('reads the summary in words, not as data', () => {
    expect(heartRateInWords(summary)).toBe('FC media 142 lpm · máx 181 · 23 Puntos Pulso · 410 kcal · recuperación de 31 lpm en 1 min · insignia de esfuerzo');
  });

  it('leaves out what the session does not have, and says one point in the singular', () => {
    expect(heartRateInWords({ ...summary, kcal: null, recovery1MinBpm: null, badge: false, points: 1 })).toBe('FC media 142 lpm · máx 181 · 1 Punto Pulso');
    expect(heartRateInWords({ ...summary, avgBpm: null, maxBpm: null, kcal: null, recovery1MinBpm: null, badge: false, points: 0 })).toBe('0 Puntos Pulso');
  });
});

describe('a challenge month in the staff timeline', () => {
  it('reads as the month and year in Spanish', () => {
    expect(challengeMonthText('2026-11')).toBe('noviembre de 2026');
    expect(challengeMonthText('2027-01')).toBe('enero de 2027');
  });

  it('leaves anything that is not a month as it is', () => {
    expect(challengeMonthText('pronto')).toBe('pronto');
  });
});
