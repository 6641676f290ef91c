import { randomUUID } from 'node:crypto';
import { test as base, expect, request as apiRequest, type Page } from '@playwright/test';
import { EmulatedHeartRateStraps, MEASUREMENTS, readOnConsole, type StrapDescription } from './support/bluetooth';
import { mailsTo, newOnboardedMember } from './support/members';
import { signInStaff, staffAccessToken } from './support/staff';

/*
 * Issue 40, the studio's class loop from end to end, as the people in it would tell it:
 *
 * 1. Valeria gives her heart-rate consent in Mi Perfil. On her first visit the desk pairs her
 *    strap on the board PC and gives it to her: the strap is remembered (ADR 0370).
 * 2. The desk sells her a 4 Classes pack. She books today's "Ciclo" and tomorrow's "Fuerza",
 *    and joins the waitlist of tomorrow's "Ritmo", whose one place Tania holds.
 * 3. Tania cancels: Valeria gets the place (Mis reservas, and a mail says so). Valeria cancels
 *    "Fuerza" in time: the class comes back to her pack.
 * 4. At the desk's Hoy, today's roster shows her with her strap; the desk checks her in. The
 *    desk starts the class and her remembered strap is on the board at once (ADR 0371); the
 *    strap (emulated, support/bluetooth.ts) sends her heart rate; the desk ends the class.
 * 5. Valeria's Mi Progreso has the class with its Puntos Pulso, and Mis Clases says she has
 *    2 classes left: 4, less "Ciclo" and "Ritmo", with "Fuerza" returned.
 * 6. The owner's Reportes shows today's class in its occupancy chart, and tomorrow's waitlist.
 *
 * The journey makes its own classes in the timetable: today's starts a few minutes ahead, so
 * it can still be booked; tomorrow's are many hours ahead, so cancelling and the waitlist are in
 * time. Real time, as heart-rate-studio-class.spec.ts: the console samples once a second.
 */

const STRAP: StrapDescription = { address: '09:09:09:09:0C:31', name: 'Polar H10 5E7A21' };
const STUDIO_TIME_ZONE = 'America/El_Salvador';
/** Enough of today for the journey to book today's class and start it before midnight. */
const TODAY_NEEDED_MIN = 15;

const test = base.extend<{ straps: EmulatedHeartRateStraps }>({
  straps: async ({ browser, page }, provide) => {
    const straps = await EmulatedHeartRateStraps.install(browser, page, [STRAP]);
    await provide(straps);
    await straps.uninstall();
  },
});

/** The studio's wall clock (El Salvador keeps UTC−6 all year): the day, its ISO weekday and the minutes since midnight. */
function studioClock(at = new Date()): { date: string; weekday: number; minutes: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TIME_ZONE }).format(at);
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: STUDIO_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .split(':')
    .map(Number) as [number, number];
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return { date, weekday: day === 0 ? 7 : day, minutes: hour * 60 + minute };
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + 24 * 3_600_000).toISOString().slice(0, 10);
}

const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function signInApi(baseURL: string, email: string, password: string): Promise<{ token: string; userId: string }> {
  const context = await apiRequest.newContext({ baseURL });
  try {
    const response = await context.post('/api/identity/sign-in', { data: { email, password } });
    expect(response.ok()).toBe(true);
    const token = ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
    return { token, userId: (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub };
  } finally {
    await context.dispose();
  }
}

/** The console on /staff/clase, with no class running (one an earlier journey left open is ended first). */
async function openConsole(page: Page): Promise<void> {
  await page.goto('/staff/clase');
  await page
    .getByRole('button', { name: /^(Iniciar clase|Emparejar sensor)$/ })
    .first()
    .waitFor();
  if (await page.getByRole('button', { name: 'Emparejar sensor' }).isVisible()) await endClass(page);
}

async function endClass(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Terminar clase' }).click();
  await page.getByRole('dialog', { name: 'Terminar la clase' }).getByRole('button', { name: 'Terminar clase' }).click();
  await expect(page.getByRole('heading', { name: /^Clase terminada: / })).toBeVisible();
}

test('the class loop: a pack sold, bookings, a waitlist promotion, a cancellation, check-in, the remembered strap on the board, the history and the report', async ({
  browser,
  page,
  request,
  straps,
  baseURL,
}, testInfo) => {
  // Late in the evening there is no class of today left to book: the journey waits for the new day.
  const untilMidnight = (24 * 60 - studioClock().minutes) * 60_000;
  const waitForNewDay = untilMidnight < TODAY_NEEDED_MIN * 60_000 ? untilMidnight + 5_000 : 0;
  test.setTimeout(300_000 + waitForNewDay);
  if (waitForNewDay > 0) await new Promise((resolve) => setTimeout(resolve, waitForNewDay));

  // 1. Valeria signs up in her own browser and gives her heart-rate consent in Mi Perfil.
  const valeriaContext = await browser.newContext();
  const valeria = await valeriaContext.newPage();
  const valeriaAccount = await newOnboardedMember(valeria, 'Valeria');
  await valeria.goto('/training/profile');
  const heartRate = valeria.getByRole('region', { name: 'Frecuencia cardiaca' });
  await heartRate.getByRole('button', { name: 'Leer el aviso y dar mi consentimiento' }).click();
  await valeria.getByRole('dialog', { name: 'Frecuencia cardiaca' }).getByRole('button', { name: 'Acepto' }).click();
  await expect(valeria.locator('[data-consent="heart-rate"]')).toContainText(/Aceptado el .+ · aviso /);

  // Her first visit: the desk pairs her strap on the board PC and gives it to her; the strap is remembered.
  await signInStaff(page, request);
  await openConsole(page);
  await page.getByRole('button', { name: 'Iniciar clase' }).click();
  straps.choose(STRAP.name);
  await page.getByRole('button', { name: 'Emparejar sensor' }).click();
  const strapRow = page.getByRole('listitem', { name: `Sensor ${STRAP.name}` });
  await strapRow.getByRole('button', { name: 'Asignar' }).click();
  const assign = page.getByRole('dialog', { name: `Asignar ${STRAP.name}` });
  await assign.getByLabel('Buscar miembro por nombre o correo').fill(valeriaAccount.email);
  await assign.getByRole('button', { name: 'Asignar a Valeria Ramírez' }).click();
  await expect(assign).toBeHidden();
  await expect(strapRow).toContainText('Valeria Ramírez');
  await endClass(page);
  // She did not train with it: nothing goes to her history.
  await expect(page.getByRole('listitem').filter({ hasText: 'Valeria Ramírez' })).toContainText('Sin lecturas: no se registró');

  // The owner's timetable: today's "Ciclo" a few minutes ahead (4 places), tomorrow's "Fuerza" (4) and "Ritmo" (1 place).
  const tag = randomUUID().slice(0, 4);
  const names = { ciclo: `Ciclo ${tag}`, fuerza: `Fuerza ${tag}`, ritmo: `Ritmo ${tag}` };
  const today = studioClock();
  const tomorrow = nextDay(today.date);
  const tomorrowWeekday = (today.weekday % 7) + 1;
  const asStaff = { Authorization: `Bearer ${await staffAccessToken(baseURL!)}` };
  const addClass = async (name: string, weekday: number, startTime: string, capacity: number, lengthMin: number) => {
    const type = await request.post('/api/staff/timetable/class-types', { headers: asStaff, data: { name, lengthMin, defaultCapacity: capacity } });
    expect(type.ok()).toBe(true);
    const { classTypeId } = (await type.json()) as { classTypeId: string };
    const slot = await request.post('/api/staff/timetable/slots', { headers: asStaff, data: { weekday, startTime, classTypeId, capacity } });
    expect(slot.ok()).toBe(true);
    return ((await slot.json()) as { slotId: string }).slotId;
  };
  await addClass(names.ciclo, today.weekday, clockText(Math.ceil((today.minutes + 5) / 5) * 5), 4, 45);
  await addClass(names.fuerza, tomorrowWeekday, '19:00', 4, 60);
  const ritmoSlot = await addClass(names.ritmo, tomorrowWeekday, '19:30', 1, 60);

  // Tania, another member with a pack, holds the one place of tomorrow's "Ritmo".
  const taniaContext = await browser.newContext();
  const tania = await taniaContext.newPage();
  const taniaAccount = await newOnboardedMember(tania, 'Tania');
  const taniaApi = await signInApi(baseURL!, taniaAccount.email, taniaAccount.password);
  const taniaSale = await request.post(`/api/staff/members/${taniaApi.userId}/membership/sales`, {
    headers: { ...asStaff, 'Idempotency-Key': randomUUID() },
    data: { planId: 'four-classes', paymentMethod: 'efectivo', reference: 'REC-41' },
  });
  expect(taniaSale.ok()).toBe(true);
  const taniaBooking = await request.post(`/api/classes/${tomorrow}/${ritmoSlot}/bookings`, {
    headers: { Authorization: `Bearer ${taniaApi.token}`, 'Idempotency-Key': randomUUID() },
    data: { waitlist: false },
  });
  expect(taniaBooking.status()).toBe(201);

  // 2. At the desk, in another tab (the console stays open on the board PC), the desk finds Valeria and sells her a 4 Classes pack.
  const desk = await page.context().newPage();
  await desk.goto('/staff/miembros');
  await desk.getByRole('searchbox', { name: 'Buscar' }).fill(valeriaAccount.email);
  await desk.getByRole('button', { name: 'Buscar', exact: true }).click();
  // Until the search answers, the list shows the latest members, other journeys' Valerias among them: hers is the one with her id.
  const valeriaId = (await signInApi(baseURL!, valeriaAccount.email, valeriaAccount.password)).userId;
  await desk
    .getByRole('link', { name: 'Valeria Ramírez' })
    .and(desk.locator(`[href="/staff/miembros/${valeriaId}"]`))
    .click();
  const membership = desk.getByRole('region', { name: 'Membresía' });
  await membership.getByLabel('Plan').selectOption('four-classes');
  await membership.getByLabel('Método de pago').selectOption('tarjeta');
  await membership.getByLabel(/Referencia/).fill('AUT-404040');
  await membership.getByRole('button', { name: 'Registrar venta' }).click();
  await expect(membership.getByRole('status')).toContainText('Venta registrada: 4 Classes');

  // Valeria books today's "Ciclo" and tomorrow's "Fuerza" in Mis Clases.
  await valeria.goto('/training/clases');
  const plan = valeria.getByRole('region', { name: 'Tu membresía' });
  await expect(plan).toContainText('Te quedan 4 clases');
  const lesson = (name: string) => valeria.getByRole('listitem', { name: new RegExp(`^${name}, `) });
  const book = async (name: string, left: string) => {
    await lesson(name).getByRole('button', { name: 'Reservar', exact: true }).click();
    await valeria.getByRole('dialog', { name: 'Reservar clase' }).getByRole('button', { name: 'Confirmar reserva' }).click();
    const booked = valeria.getByRole('dialog', { name: '¡Clase reservada!' });
    await expect(booked).toContainText(`¡Listo! Tienes tu lugar en ${name}`);
    await expect(booked).toContainText(left);
    await booked.getByRole('button', { name: 'Listo' }).click();
    await expect(lesson(name)).toContainText('Reservada');
  };
  const cicloLabel = (await lesson(names.ciclo).getAttribute('aria-label'))!.slice(`${names.ciclo}, `.length);
  await book(names.ciclo, 'Te quedan 3 clases.');
  await book(names.fuerza, 'Te quedan 2 clases.');

  // "Ritmo" is full: she joins its waitlist, which sets a class of her pack aside.
  await expect(lesson(names.ritmo)).toContainText('Llena');
  await lesson(names.ritmo).getByRole('button', { name: 'Unirme a la lista de espera' }).click();
  const join = valeria.getByRole('dialog', { name: 'Unirme a la lista de espera' });
  await expect(join).toContainText('Tu lugar en la lista aparta 1 clase de tu membresía (te quedan 2).');
  await join.getByRole('button', { name: 'Unirme a la lista de espera' }).click();
  const waiting = valeria.getByRole('dialog', { name: 'Estás en la lista de espera' });
  await expect(waiting).toContainText(`Estás en la lista de espera de ${names.ritmo}, en el lugar 1.`);
  await waiting.getByRole('button', { name: 'Listo' }).click();
  await expect(lesson(names.ritmo)).toContainText('En lista de espera · lugar 1');
  await expect(plan).toContainText('Te queda 1 clase');

  // 3. Tania cancels in her browser: the place goes to Valeria, first in line.
  await tania.goto('/training/clases');
  const taniaBookings = tania.getByRole('region', { name: 'Mis reservas' });
  await taniaBookings.getByRole('listitem').filter({ hasText: names.ritmo }).getByRole('button', { name: 'Cancelar reserva' }).click();
  await tania.getByRole('dialog', { name: '¿Cancelar tu reserva?' }).getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(tania.getByRole('status').filter({ hasText: 'Reserva cancelada' })).toContainText('La clase regresó a tu membresía.');
  await taniaContext.close();

  await valeria.reload();
  const mine = valeria.getByRole('region', { name: 'Mis reservas' });
  const myBooking = (name: string) => mine.getByRole('listitem').filter({ hasText: name });
  await expect(myBooking(names.ritmo)).toContainText('Reservada');
  await expect(lesson(names.ritmo)).toContainText('Reservada');
  await expect
    .poll(async () => (await mailsTo(valeriaAccount.email, 'class-waitlist-promotion')).map((mail) => mail.subject))
    .toEqual([`Tienes lugar en ${names.ritmo}`]);

  // She cancels "Fuerza" in time: the class comes back to her pack.
  await myBooking(names.fuerza).getByRole('button', { name: 'Cancelar reserva' }).click();
  const cancel = valeria.getByRole('dialog', { name: '¿Cancelar tu reserva?' });
  await expect(cancel).toContainText('Cancelas a tiempo: la clase regresa a tu membresía.');
  await cancel.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(valeria.getByRole('status').filter({ hasText: 'Reserva cancelada' })).toContainText('La clase regresó a tu membresía.');
  await expect(plan).toContainText('Te quedan 2 clases');

  // 4. Today, at the desk's Hoy: the roster shows Valeria with her remembered strap; one tap checks her in.
  await desk.goto('/staff');
  const roster = desk.getByRole('region', { name: `${cicloLabel} · ${names.ciclo}` });
  const valeriaOnRoster = roster
    .getByRole('list', { name: `Reservas de ${cicloLabel}` })
    .getByRole('listitem')
    .filter({ hasText: 'Valeria Ramírez' });
  await expect(valeriaOnRoster).toContainText(`Banda: ${STRAP.name}`);
  await valeriaOnRoster.getByRole('button', { name: 'Registrar llegada de Valeria Ramírez' }).click();
  await expect(roster.getByRole('status')).toHaveText('Llegada registrada: Valeria Ramírez.');
  await expect(valeriaOnRoster).toContainText('Llegó');

  // On the board PC the desk starts today's class: her remembered strap is hers on the board before anyone pairs it.
  await page.bringToFront();
  await page.getByLabel('Clase', { exact: true }).selectOption({ label: `${cicloLabel} · ${names.ciclo}` });
  await page.getByRole('button', { name: 'Iniciar clase' }).click();
  await expect(page.getByRole('heading', { name: `${names.ciclo} · ${cicloLabel}` })).toBeVisible();
  await expect(strapRow).toContainText('Sin emparejar en esta PC');
  await expect(strapRow).toContainText('Valeria Ramírez');
  const board = await page.context().newPage();
  await board.setViewportSize({ width: 1920, height: 1080 });
  await board.goto('/staff/clase/pantalla');
  await expect(board.getByRole('heading', { level: 1, name: names.ciclo })).toBeVisible();
  const tile = board.getByRole('listitem', { name: /^V\. R\.: / });
  await expect(tile).toHaveAccessibleName('V. R.: sin señal, 0 Puntos Pulso');

  // Back on the console, the desk pairs the strap on this PC; about twenty seconds of her heart rate at 150 bpm.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Emparejar sensor' }).click();
  await expect(strapRow).toContainText('Valeria Ramírez');
  for (let second = 0; second < 24; second += 1) {
    const started = Date.now();
    await straps.measure(page, MEASUREMENTS.withEnergy, STRAP.name, readOnConsole);
    // The strap notifies once a second; the console samples at that pace.
    await page.waitForTimeout(Math.max(0, 1_000 - (Date.now() - started)));
  }
  await expect(tile).toHaveAccessibleName(/^V\. R\.: 150 latidos por minuto, .*, [1-9]\d* Puntos Pulso$/);
  await board.screenshot({ path: testInfo.outputPath('board-1920.png') });

  await endClass(page);
  await expect(page.getByRole('heading', { name: `Clase terminada: ${names.ciclo} · ${cicloLabel}` })).toBeVisible();
  const result = page.getByRole('listitem').filter({ hasText: 'Valeria Ramírez' });
  const points = Number(/(\d+) Puntos Pulso/.exec((await result.textContent()) ?? '')?.[1]);
  expect(points).toBeGreaterThanOrEqual(1);
  await expect(board.getByText('No hay una clase en curso.')).toBeVisible();
  await board.close();

  // 5. Valeria's history has the class with its points; her pack has 2 classes left.
  await valeria.goto('/training/progress');
  await expect(valeria.getByRole('listitem').filter({ hasText: 'Entrenamientos totales' })).toContainText('1');
  const history = valeria.getByRole('region', { name: 'Historial Reciente' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(names.ciclo);
  await expect(history.getByRole('listitem')).toContainText(`${points} Puntos Pulso`);

  await valeria.goto('/training/clases');
  await expect(plan).toContainText('Te quedan 2 clases');
  await expect(myBooking(names.ciclo)).toContainText('Check-in hecho');
  await expect(myBooking(names.ritmo)).toContainText('Reservada');
  await mine.getByRole('group', { name: 'Reservas' }).getByRole('button', { name: 'Pasadas' }).click();
  await expect(myBooking(names.fuerza)).toContainText('Cancelada');
  await valeriaContext.close();

  // 6. The owner's Reportes, this week: today's class in the occupancy chart, 1 of its 4 places, and she came.
  await desk.bringToFront();
  await desk.getByRole('link', { name: 'Reportes' }).click();
  await desk.getByLabel('Periodo').selectOption('1');
  await desk.getByLabel('Hasta la semana del').fill(today.date);
  const byClass = desk.getByRole('region', { name: 'Por clase' });
  await expect(byClass.getByRole('img', { name: 'Ocupación y asistencia de cada clase en las semanas elegidas' })).toContainText(names.ciclo);
  await expect(byClass.getByRole('listitem').filter({ hasText: names.ciclo })).toContainText(
    'Ocupación 25% · Asistencia 25% · No llegaron 0% · Lista de espera 0',
  );
  // Tomorrow's week: "Ritmo" filled from its waitlist.
  await desk.getByLabel('Hasta la semana del').fill(tomorrow);
  await expect(byClass.getByRole('listitem').filter({ hasText: names.ritmo })).toContainText('Ocupación 100%');
  await expect(byClass.getByRole('listitem').filter({ hasText: names.ritmo })).toContainText('Lista de espera 1 (1 con lugar)');
  await desk.screenshot({ path: testInfo.outputPath('reportes-1280.png'), fullPage: true });

  // The journeys after this one start today's suggested class, which may be today's: the desk forgets her strap.
  const valeriaApi = await signInApi(baseURL!, valeriaAccount.email, valeriaAccount.password);
  expect((await request.delete(`/api/staff/studio-class/straps/${valeriaApi.userId}`, { headers: asStaff })).ok()).toBe(true);
});
