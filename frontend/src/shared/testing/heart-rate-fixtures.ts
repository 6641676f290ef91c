import type { HeartRateProfileDto } from '../api/generated-api';
import { HEART_RATE_NOTICE } from '../heart-rate/heart-rate-notice';

/**
 * A heart-rate profile shaped like the API's answer, for max HR 190. The zone figures are the
 * tests' own: the SPA never holds thresholds, and tests must not lean on the backend's.
 */
export function heartRateProfile(consented: boolean): HeartRateProfileDto {
  return {
    consent: consented
      ? { granted: true, noticeVersion: HEART_RATE_NOTICE.version, at: '2026-11-24T12:00:00.000Z' }
      : { granted: false, noticeVersion: null, at: null },
    currentNoticeVersion: HEART_RATE_NOTICE.version,
    maxHr: 190,
    maxHrSource: 'age',
    measuredMaxHr: null,
    age: 25,
    zones: [
      { zone: 1, name: 'Suave', color: '#9CA3AF', minPct: 50, minBpm: 95, pointsPerMinute: 1 },
      { zone: 2, name: 'Ligera', color: '#3B82F6', minPct: 60, minBpm: 114, pointsPerMinute: 2 },
      { zone: 3, name: 'Moderada', color: '#22C55E', minPct: 70, minBpm: 133, pointsPerMinute: 3 },
      { zone: 4, name: 'Intensa', color: '#F97316', minPct: 80, minBpm: 152, pointsPerMinute: 4 },
      { zone: 5, name: 'Máxima', color: '#EF4444', minPct: 90, minBpm: 171, pointsPerMinute: 4 },
    ],
    badge: { minPct: 84, minutes: 12 },
    monthlyPointsTarget: 1300,
    dataDeletedAt: null,
  };
}
