import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * Issue 21: the member's consents, their data as a zip, and the rights-request queue, from the
 * profile's "Privacidad y consentimientos" card and the staff console's "Solicitudes".
 */

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

const privacyCard = (page: Page) => page.getByRole('region', { name: 'Privacidad y consentimientos' });

test('a member downloads their data from the profile and the zip holds their JSON and CSV', async ({ page }) => {
  const member = await newOnboardedMember(page, 'Daniela');
  await page.goto('/training/profile');
  const card = privacyCard(page);
  // The wizard recorded the notice and the health data, with their versions.
  await expect(card.locator('[data-consent="terms-privacy"]')).toContainText(/Aceptado el .* aviso 2026-11-24/);
  await expect(card.locator('[data-consent="health-data"]')).toContainText(/Aceptado el/);

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar mis datos' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pulso-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(card.getByRole('status')).toHaveText('Listo: revisa tus descargas.');

  const files = await unzip(await readFile((await file.path())!));
  expect([...files.keys()].sort()).toEqual(['LEEME.txt', 'datos.json', 'historial.csv']);
  const data = JSON.parse(files.get('datos.json')!) as {
    member: { email: string; firstName: string };
    profile: { profile: { height: number; weight: number; goals: string[] } };
    consents: Array<{ kind: string; granted: boolean; noticeVersion: string | null }>;
    history: unknown[];
  };
  expect(data.member).toMatchObject({ email: member.email, firstName: 'Daniela' });
  expect(data.profile.profile).toMatchObject({ height: 163, weight: 58, goals: ['Mejorar resistencia'] });
  expect(data.consents.find((consent) => consent.kind === 'health-data')).toMatchObject({ granted: true, noticeVersion: '2026-11-24' });
  expect(data.history).toEqual([]);
  expect(files.get('historial.csv')).toMatch(/^\uFEFFfecha,dia_del_estudio,entrenamiento/);
});

test('a member withdraws heart-rate consent from the profile and the next session records no heart rate', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await newOnboardedMember(page, 'Gabriela');
  const headers = { Authorization: `Bearer ${await signInToken(request, member.email, member.password)}` };
  const { currentNoticeVersion } = (await (await request.get('/api/heart-rate/profile', { headers })).json()) as { currentNoticeVersion: string };
  expect((await request.put('/api/heart-rate/consent', { headers, data: { granted: true, noticeVersion: currentNoticeVersion } })).ok()).toBe(true);
  const workoutId = ((await (await request.get('/api/workouts', { headers })).json()) as { workouts: Array<{ _id: string }> }).workouts[0]!._id;
  // A session as the player sends it with a strap connected: the readings travel with the completion.
  const completeWithReadings = () =>
    request.post('/api/progress/complete', {
      headers,
      data: { workoutId, planId: null, enrollmentId: null, durationSec: 300, heartRate: { samples: Array.from({ length: 300 }, () => 150) } },
    });
  const recorded = (await (await completeWithReadings()).json()) as { heartRate?: { avgBpm: number } | null };
  expect(recorded.heartRate?.avgBpm).toBe(150);

  await page.goto('/training/profile');
  const card = privacyCard(page);
  const heartRate = card.locator('[data-consent="heart-rate"]');
  await expect(heartRate).toContainText(`aviso ${currentNoticeVersion}`);
  await heartRate.getByRole('button', { name: 'Retirar consentimiento: Frecuencia cardiaca' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Retirar tu consentimiento?' });
  await expect(confirm).toContainText('Dejamos de registrar tu frecuencia cardiaca desde este momento.');
  await confirm.getByRole('button', { name: 'Retirar consentimiento' }).click();
  await expect(confirm).toBeHidden();
  await expect(heartRate).toContainText('Retirado el');
  // Given again right here, with the notice itself: no need to pair a sensor for it.
  await expect(heartRate.getByRole('button', { name: 'Dar consentimiento: Frecuencia cardiaca' })).toBeVisible();

  // Recording stopped: the same readings are no longer kept, and the history shows the session without heart rate.
  const after = (await (await completeWithReadings()).json()) as { heartRate?: unknown };
  expect(after.heartRate ?? null).toBeNull();
  const profile = (await (await request.get('/api/heart-rate/profile', { headers })).json()) as { consent: { granted: boolean } };
  expect(profile.consent.granted).toBe(false);
  await page.goto('/training/progress');
  const history = page.getByRole('region', { name: 'Historial Reciente' });
  await expect(history.getByTestId('history-heart-rate')).toHaveCount(1);
});

test('a rights request filed from the profile appears in the staff queue with its due date', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await newOnboardedMember(page, 'Marisol');
  await page.goto('/training/profile');
  const card = privacyCard(page);
  await expect(card.getByText('Aún no has enviado solicitudes.')).toBeVisible();
  await card.getByLabel('Derecho').selectOption('rectification');
  await card.getByLabel('Detalle (opcional)').fill('Mi estatura es 165 cm.');
  const filedResponse = page.waitForResponse((response) => response.url().endsWith('/api/privacy/requests') && response.request().method() === 'POST');
  await card.getByRole('button', { name: 'Enviar solicitud' }).click();
  const filed = (await (await filedResponse).json()) as { id: string; receivedOn: string; dueOn: string };
  await expect(card.getByRole('status')).toContainText('Recibimos tu solicitud de rectificación');
  const mine = card.getByRole('list', { name: 'Mis solicitudes' });
  await expect(mine).toContainText('Rectificación');
  await expect(mine).toContainText('Recibida');
  await expect(mine.locator(`time[datetime="${filed.dueOn}"]`)).toBeVisible();
  // Twenty business days: at least four calendar weeks after the day of receipt.
  expect(Date.parse(filed.dueOn) - Date.parse(filed.receivedOn)).toBeGreaterThanOrEqual(28 * 86_400_000);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Solicitudes' }).first().click();
  await expect(staff.getByRole('heading', { name: 'Solicitudes', exact: true })).toBeVisible();
  const row = staff.locator(`tr[data-request="${filed.id}"]`);
  await expect(row).toContainText('Rectificación');
  await expect(row).toContainText('Marisol');
  await expect(row).toContainText('Mi estatura es 165 cm.');
  await expect(row.locator(`time[datetime="${filed.receivedOn}"]`)).toBeVisible();
  await expect(row.locator(`time[datetime="${filed.dueOn}"]`)).toBeVisible();
  await expect(row).toContainText('20 días hábiles');

  // Staff take it: the member sees the new status.
  await row.getByLabel(/Estado de la solicitud/).selectOption('in-progress');
  await expect(row.getByLabel(/Estado de la solicitud/)).toHaveValue('in-progress');
  await page.reload();
  await expect(privacyCard(page).getByRole('list', { name: 'Mis solicitudes' })).toContainText('En curso');

  // The member comes to the desk for another right: staff register it from the member's page.
  await row.getByRole('link', { name: /Marisol/ }).click();
  const desk = staff.getByRole('region', { name: 'Solicitud recibida en recepción' });
  await desk.getByLabel('Derecho').selectOption('portability');
  await desk.getByRole('button', { name: 'Registrar solicitud' }).click();
  await expect(desk.getByRole('status')).toContainText('Solicitud de portabilidad registrada');
  await desk.getByRole('link', { name: 'Ver en Solicitudes' }).click();
  await expect(staff.locator('tr[data-request]', { hasText: 'Portabilidad' }).filter({ hasText: 'Marisol' })).toContainText('20 días hábiles');
  await page.reload();
  await expect(privacyCard(page).getByRole('list', { name: 'Mis solicitudes' })).toContainText('Portabilidad');
  await staffContext.close();
});
