import type { ActivityMesg, DeviceInfoMesg, EventMesg, FileIdMesg, HrvMesg, LapMesg, RecordMesg, SessionMesg } from '@garmin/fitsdk';
import type { HeartRateReadingsDto } from '../api/generated-api';

/** FIT keeps heart rate in one byte, 255 meaning "none": a reading above 254 bpm is left out. */
const FIT_MAX_BPM = 254;

/** An HRV message holds up to five R–R intervals (`time`, in seconds). */
const HRV_TIMES_PER_MESG = 5;

/** What the `.fit` file says about the session beside its readings (ADR 0141). */
export interface FitSessionFacts {
  avgBpm: number | null;
  maxBpm: number | null;
  kcal: number | null;
}

/**
 * A session's heart rate as a FIT activity file that Garmin Connect and Strava import, encoded
 * with Garmin's own FIT SDK (loaded on demand: only a member who downloads pays for it). The
 * activity is the time trained (`durationSec` seconds ending when the completion was saved, less
 * the recovery minute after it); one record per second with a reading, none where the sensor
 * sent nothing (or sent more than a FIT file can hold). The R–R intervals, when the sensor sent
 * them, follow the record of the second they arrived in as HRV messages (ADR 0146), as Garmin's
 * own devices write them, so that Garmin Connect and Strava compute the variability.
 */
export async function encodeFitFile(readings: HeartRateReadingsDto, facts: FitSessionFacts): Promise<Uint8Array> {
  const { Encoder, Profile, Utils } = await import('@garmin/fitsdk');
  const recoverySec = Math.max(0, readings.samples.length - readings.durationSec);
  const endedAt = new Date(Date.parse(readings.completedAt) - recoverySec * 1000);
  const startedAt = new Date(endedAt.getTime() - readings.durationSec * 1000);
  const start = Utils.convertDateToDateTime(startedAt);
  const end = start + readings.durationSec;

  const fileId: FileIdMesg = { type: 'activity', manufacturer: 'development', product: 0, timeCreated: start, serialNumber: 1 };
  const creator: DeviceInfoMesg = { deviceIndex: 'creator', manufacturer: 'development', product: 0, productName: 'Pulso', timestamp: start };
  const timer = (timestamp: number, eventType: 'start' | 'stop'): EventMesg => ({ timestamp, event: 'timer', eventType });
  const records = readings.samples
    .slice(0, readings.durationSec)
    .map((bpm, second): RecordMesg | null => (bpm === null || bpm > FIT_MAX_BPM ? null : { timestamp: start + second, heartRate: bpm }));
  const hrv = hrvBySecond(readings);
  const totals = {
    timestamp: end,
    startTime: start,
    totalElapsedTime: readings.durationSec,
    totalTimerTime: readings.durationSec,
    ...(facts.avgBpm !== null && { avgHeartRate: facts.avgBpm }),
    ...(facts.maxBpm !== null && facts.maxBpm <= FIT_MAX_BPM && { maxHeartRate: facts.maxBpm }),
    ...(facts.kcal !== null && { totalCalories: Math.round(facts.kcal) }),
  };
  const lap: LapMesg = { messageIndex: 0, ...totals };
  const session: SessionMesg = { messageIndex: 0, ...totals, sport: 'training', subSport: 'cardioTraining', firstLapIndex: 0, numLaps: 1 };
  const activity: ActivityMesg = {
    timestamp: end,
    numSessions: 1,
    totalTimerTime: readings.durationSec,
    localTimestamp: end - endedAt.getTimezoneOffset() * 60,
  };

  const { MesgNum } = Profile;
  const encoder = new Encoder();
  encoder.onMesg(MesgNum.FILE_ID, fileId).onMesg(MesgNum.DEVICE_INFO, creator).onMesg(MesgNum.EVENT, timer(start, 'start'));
  records.forEach((record, second) => {
    if (record) encoder.onMesg(MesgNum.RECORD, record);
    for (const mesg of hrv[second] ?? []) encoder.onMesg(MesgNum.HRV, mesg);
  });
  encoder.onMesg(MesgNum.EVENT, timer(end, 'stop')).onMesg(MesgNum.LAP, lap).onMesg(MesgNum.SESSION, session).onMesg(MesgNum.ACTIVITY, activity);
  return encoder.close();
}

/** The HRV messages of each second trained: its R–R intervals in seconds, five to a message. */
function hrvBySecond({ rr, durationSec }: HeartRateReadingsDto): HrvMesg[][] {
  if (!rr) return [];
  const bySecond: HrvMesg[][] = [];
  let next = 0;
  rr.counts.slice(0, durationSec).forEach((count, second) => {
    const times = rr.ms.slice(next, next + count).map((ms) => ms / 1000);
    next += count;
    const mesgs: HrvMesg[] = [];
    for (let from = 0; from < times.length; from += HRV_TIMES_PER_MESG) mesgs.push({ time: times.slice(from, from + HRV_TIMES_PER_MESG) });
    bySecond[second] = mesgs;
  });
  return bySecond;
}

/** 'pulso-2026-11-24.fit': the day the session ended, in the member's own calendar. */
export function fitFileName(completedAt: string): string {
  const date = new Date(completedAt);
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `pulso-${day}.fit`;
}
