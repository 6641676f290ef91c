import { readFile } from 'node:fs/promises';
import { Decoder, Stream } from '@garmin/fitsdk';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * After a completion with heart rate (sent as the player sends it, once the member has
 * consented), Mi Progreso shows its Puntos Pulso in the chart, the time in zones and the
 * history entry.
 */

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

test('a heart-rate completion shows its Puntos Pulso and zones on /training/progress', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await newOnboardedMember(page, 'Camila');
  const headers = { Authorization: `Bearer ${await signInToken(request, member.email, member.password)}` };

  const profile = await request.get('/api/heart-rate/profile', { headers });
  const { currentNoticeVersion, zones } = (await profile.json()) as {
    currentNoticeVersion: string;
    zones: Array<{ zone: number; minBpm: number; name: string }>;
  };
  expect((await request.put('/api/heart-rate/consent', { headers, data: { granted: true, noticeVersion: currentNoticeVersion } })).ok()).toBe(true);

  // Ten minutes held in the fourth zone the API serves for this member.
  const bpm = zones.find((zone) => zone.zone === 4)!.minBpm + 1;
  const workouts = (await (await request.get('/api/workouts', { headers })).json()) as { workouts: Array<{ _id: string; title: string }> };
  const workout = workouts.workouts[0]!;
  const completed = await request.post('/api/progress/complete', {
    headers,
    data: { workoutId: workout._id, planId: null, enrollmentId: null, durationSec: 600, heartRate: { samples: Array.from({ length: 600 }, () => bpm) } },
  });
  expect(completed.ok()).toBe(true);
  const { heartRate } = (await completed.json()) as { heartRate: { points: number; avgBpm: number } };
  expect(heartRate.points).toBeGreaterThan(0);

  await page.goto('/training/progress');
  const activity = page.getByRole('region', { name: 'Actividad' });
  await activity.getByRole('group', { name: 'Mostrar' }).getByRole('button', { name: 'Puntos Pulso' }).click();
  await expect(activity.getByRole('table')).toContainText('Puntos Pulso por semana');
  await expect(activity.getByRole('table').getByRole('row').last()).toContainText(String(heartRate.points));

  const zonesPanel = page.getByRole('region', { name: 'Tiempo en zonas' });
  await expect(zonesPanel.getByTestId('zones-bar')).toHaveCount(1);
  await expect(zonesPanel).toContainText(`${zones.find((zone) => zone.zone === 4)!.name} 10 min`);
  await expect(zonesPanel).toContainText(`${heartRate.points} pts`);

  const history = page.getByRole('region', { name: 'Historial Reciente' });
  await expect(history.getByTestId('history-heart-rate')).toContainText(`${heartRate.avgBpm} lpm media`);
  await expect(history.getByTestId('history-heart-rate')).toContainText(`${heartRate.points} Puntos Pulso`);

  // The entry's readings download as a FIT activity: ten minutes at that BPM, one record a second.
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Descargar .fit' }).click();
  const decoder = new Decoder(Stream.fromByteArray(Array.from(await readFile((await (await download).path())!))));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages } = decoder.read();
  expect((messages.recordMesgs ?? []).map((record) => record.heartRate)).toEqual(Array.from({ length: 600 }, () => bpm));
  expect(messages.sessionMesgs?.[0]).toMatchObject({ totalTimerTime: 600, avgHeartRate: heartRate.avgBpm });
});
