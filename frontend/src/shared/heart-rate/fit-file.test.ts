import { Decoder, Profile, Stream, type HrvMesg, type RecordMesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { encodeFitFile, fitFileName } from './fit-file';

function decode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  expect(decoder.isFIT()).toBe(true);
  expect(decoder.checkIntegrity()).toBe(true);
  return decoder.read();
}

describe('the .fit file of a session', () => {
  // Ten seconds trained, a gap of two, then a recovery minute that is not part of the activity.
  const readings = {
    completionId: '6f1c2b9e-2f4e-4c1a-9a55-0c9d3c1f7a10',
    completedAt: '2026-11-24T18:01:10.000Z',
    durationSec: 10,
    samples: [120, 125, null, null, 140, 150, 155, 160, 158, 150, ...Array.from({ length: 60 }, () => 110)],
    rr: null,
  };

  it('is a valid activity whose records are the readings of the time trained, one a second, none where the sensor was silent', async () => {
    const { messages, errors } = decode(await encodeFitFile(readings, { avgBpm: 145, maxBpm: 160, kcal: 12.4 }));
    expect(errors).toEqual([]);
    expect(messages.fileIdMesgs?.[0]).toMatchObject({ type: 'activity' });
    const records = messages.recordMesgs as Array<{
      timestamp: Date;
      heartRate: number;
    }>;
    expect(records.map((record) => record.heartRate)).toEqual([120, 125, 140, 150, 155, 160, 158, 150]);
    // The activity ends where the recovery minute began: 60 s before the completion was saved.
    expect(records[0].timestamp.toISOString()).toBe('2026-11-24T18:00:00.000Z');
    expect(records.at(-1)!.timestamp.toISOString()).toBe('2026-11-24T18:00:09.000Z');
  });

  it('carries the summary in its session: training, its time, average and maximum heart rate, calories', async () => {
    const { messages } = decode(await encodeFitFile(readings, { avgBpm: 145, maxBpm: 160, kcal: 12.4 }));
    expect(messages.sessionMesgs?.[0]).toMatchObject({
      sport: 'training',
      totalTimerTime: 10,
      avgHeartRate: 145,
      maxHeartRate: 160,
      totalCalories: 12,
    });
    expect(messages.activityMesgs).toHaveLength(1);
  });

  it('leaves out what the session does not know', async () => {
    const { messages } = decode(await encodeFitFile(readings, { avgBpm: null, maxBpm: null, kcal: null }));
    expect(messages.sessionMesgs?.[0]?.avgHeartRate).toBeUndefined();
    expect(messages.sessionMesgs?.[0]?.totalCalories).toBeUndefined();
  });

  it('leaves out readings above 254 bpm, which a FIT file cannot hold', async () => {
    const { messages } = decode(await encodeFitFile({ ...readings, samples: [150, 300, 160], durationSec: 3 }, { avgBpm: 203, maxBpm: 300, kcal: null }));
    expect((messages.recordMesgs ?? []).map((record) => record.heartRate)).toEqual([150, 160]);
    expect(messages.sessionMesgs?.[0]?.maxHeartRate).toBeUndefined();
    expect(messages.sessionMesgs?.[0]?.avgHeartRate).toBe(203);
  });

  it('carries the R–R intervals as HRV messages after the record of their second, in seconds, five at most to a message', async () => {
    const rr = { ms: [500, 480, 490, 470, 460, 450, 455, 700, 1200], counts: [2, 0, 5, 0, 1, 0, 0, 0, 0, 0, 1] };
    const bytes = await encodeFitFile({ ...readings, rr }, { avgBpm: 145, maxBpm: 160, kcal: null });
    const { messages } = decode(bytes);
    // The interval counted in second 10 is in the recovery minute, outside the activity.
    expect((messages.hrvMesgs ?? []).map((mesg) => mesg.time)).toEqual([[0.5, 0.48], [0.49, 0.47, 0.46, 0.45, 0.455], [0.7]]);
    // Each HRV message right after the record of its second (seconds 2 and 3 have none).
    const order: (number | string)[] = [];
    new Decoder(Stream.fromByteArray(Array.from(bytes))).read({
      mesgListener: (mesgNum, mesg) => {
        if (mesgNum === Profile.MesgNum.RECORD) order.push((mesg as RecordMesg).heartRate!);
        if (mesgNum === Profile.MesgNum.HRV) order.push(`hrv:${(mesg as HrvMesg).time!.length}`);
      },
    });
    expect(order.slice(0, 6)).toEqual([120, 'hrv:2', 125, 'hrv:5', 140, 'hrv:1']);
  });

  it('has no HRV message without intervals', async () => {
    const { messages } = decode(await encodeFitFile({ ...readings, rr: null }, { avgBpm: 145, maxBpm: 160, kcal: null }));
    expect(messages.hrvMesgs ?? []).toEqual([]);
  });

  it('is named after the day it ended', () => {
    expect(fitFileName('2026-11-24T18:01:10.000Z')).toMatch(/^pulso-2026-11-2[45]\.fit$/);
  });
});
