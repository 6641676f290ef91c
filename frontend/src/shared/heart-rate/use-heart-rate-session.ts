import { useCallback, useState } from 'react';
import type { HeartRateProfileDto } from '../api/generated-api';
import { useGetHeartRateProfileQuery, useUpdateHeartRateConsentMutation } from '../api/api';
import { newIdempotencyKey } from '../api/idempotency-key';
import { HEART_RATE_NOTICE } from './heart-rate-notice';
import { badgeEarned, emptyTally, liveZone, pointsEarned, tallyReading, type LiveZone, type PointsTally } from './live-zone';
import type { SensorReading } from './sensor-machine';
import { useHeartRateSensor, type HeartRateSensor, type HeartRateSensorOptions } from './use-heart-rate-sensor';

export interface HeartRateSession {
  sensor: HeartRateSensor;
  /** The member's zones and consent from the API, once loaded. */
  profile: HeartRateProfileDto | undefined;
  /** Zone and % of max for the BPM on screen; null while there is none or no profile. */
  live: LiveZone | null;
  points: number;
  /** The session badge (time at the API's badge intensity) is already earned on this screen. */
  badge: boolean;
  /** "Conectar sensor": the consent notice first if needed, else the browser's chooser. */
  pair: () => void;
  /** False until the member's consent status is known (or its load failed, when pairing retries it). */
  canPair: boolean;
  /** The consent status could not be loaded. */
  profileFailed: boolean;
  notice: {
    open: boolean;
    saving: boolean;
    error: string | null;
    accept: () => Promise<void>;
    decline: () => void;
  };
}

function needsConsent(profile: HeartRateProfileDto): boolean {
  return !profile.consent.granted || profile.consent.noticeVersion !== profile.currentNoticeVersion;
}

function apiMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : 'No se pudo guardar tu consentimiento. Revisa tu conexión e inténtalo otra vez.';
}

/**
 * A workout's heart rate: the sensor, the member's consent and zones from the API, and the
 * Puntos Pulso earned while this screen lives. Nothing is fetched where the browser cannot pair
 * a sensor, so members without one train exactly as before.
 */
export function useHeartRateSession(options: HeartRateSensorOptions = {}): HeartRateSession {
  const sensor = useHeartRateSensor(options);
  const { data: profile, isError: profileFailed, refetch } = useGetHeartRateProfileQuery(undefined, { skip: sensor.support !== 'available' });
  const [updateConsent, { isLoading: saving }] = useUpdateHeartRateConsentMutation();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [noticeError, setNoticeError] = useState<string | null>(null);

  // Each reading the reducer accepted is added once, as it replaces the previous one.
  const [tally, setTally] = useState<{ reading: SensorReading | null; value: PointsTally }>({ reading: null, value: emptyTally });
  const reading = sensor.state.lastReading;
  if (reading !== tally.reading) {
    setTally({ reading, value: reading && profile ? tallyReading(tally.value, profile, reading) : tally.value });
  }

  const { connect } = sensor;
  const pair = useCallback(() => {
    if (!profile) {
      if (profileFailed) void refetch();
      return;
    }
    if (needsConsent(profile)) {
      setNoticeError(null);
      setNoticeOpen(true);
    } else {
      void connect();
    }
  }, [profile, profileFailed, refetch, connect]);

  const accept = useCallback(async () => {
    setNoticeError(null);
    try {
      await updateConsent({
        'idempotency-key': newIdempotencyKey(),
        updateHeartRateConsentDto: { granted: true, noticeVersion: HEART_RATE_NOTICE.version },
      }).unwrap();
    } catch (error) {
      setNoticeError(apiMessage(error));
      return;
    }
    setNoticeOpen(false);
    // Still inside the click's user activation (a few seconds), which the chooser requires.
    await connect();
  }, [updateConsent, connect]);

  const bpm = sensor.bpm;
  return {
    sensor,
    profile,
    live: bpm !== null && profile ? liveZone(profile, bpm) : null,
    points: pointsEarned(tally.value),
    badge: profile !== undefined && badgeEarned(tally.value, profile),
    pair,
    canPair: profile !== undefined || profileFailed,
    profileFailed,
    notice: { open: noticeOpen, saving, error: noticeError, accept, decline: () => setNoticeOpen(false) },
  };
}
