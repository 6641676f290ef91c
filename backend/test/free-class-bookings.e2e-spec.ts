import { Client } from 'pg';
import request from 'supertest';
import { FREE_CLASS_ATTEMPTS_PER_WINDOW } from '../src/modules/free-class-bookings/free-class-rate-limit.guard';
import { bookableDates, classNameFor, openSlots, studioDate, addDays, weekdayOf } from '../src/modules/free-class-bookings/free-class-schedule';
import { createTestApp, TestApp } from './support/test-app';

/** Every request of a test comes from its own client IP (trust proxy honours X-Forwarded-For from loopback). */
let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

function futureBooking() {
  const now = new Date();
  const date = bookableDates(now).at(-1)!;
  return { date, time: openSlots(date, now)[0] };
}

let duiCounter = 10_000_000;
function visitor(overrides: Record<string, string> = {}) {
  duiCounter += 1;
  return {
    name: 'Ana',
    lastname: 'Martínez',
    dui: String(duiCounter),
    email: `ana.${duiCounter}@example.com`,
    cellphone: '+50370001234',
    ...futureBooking(),
    ...overrides,
  };
}

describe('POST /api/users/register (e2e)', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const post = (body: unknown, ip = nextIp()) =>
    request(t.app.getHttpServer())
      .post('/api/users/register')
      .set('X-Forwarded-For', ip)
      .send(body as object);

  it('books a free class without signing in, stores it and mails a Spanish confirmation', async () => {
    const body = visitor({ email: 'Ana.Reserva@Example.com' });
    const response = await post(body).expect(201);
    expect(response.body).toEqual({
      message: '¡Registro exitoso! Revisa tu correo para más detalles.',
      booking: { id: expect.any(String), date: body.date, time: body.time, className: classNameFor(body.date) },
    });

    const stored = await db.query(
      'SELECT dui, email, slot, class_name, to_char(class_date, $2) AS date, confirmation_sent_at FROM free_class_bookings WHERE id = $1',
      [response.body.booking.id, 'YYYY-MM-DD'],
    );
    expect(stored.rows[0]).toMatchObject({
      dui: body.dui,
      email: 'ana.reserva@example.com',
      slot: body.time,
      date: body.date,
      class_name: classNameFor(body.date),
    });
    expect(stored.rows[0].confirmation_sent_at).not.toBeNull();

    const mail = await db.query("SELECT subject, text_body, html_body FROM mail_outbox WHERE recipient = $1 AND kind = 'free-class-confirmation'", [
      'ana.reserva@example.com',
    ]);
    expect(mail.rows).toHaveLength(1);
    const text: string = mail.rows[0].text_body;
    expect(text).toContain(`Horario: ${body.time}`);
    expect(text).toContain(`Clase: ${classNameFor(body.date)}`);
    expect(text).toContain('Santa Tecla');
    expect(text).toContain('Qué traer');
    expect(mail.rows[0].html_body).toContain(classNameFor(body.date));
  });

  it('refuses a second free class for the same DUI or the same email with 409', async () => {
    const first = visitor();
    await post(first).expect(201);
    const sameDui = await post(visitor({ dui: first.dui })).expect(409);
    expect(sameDui.body.error).toBe('Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.');
    const sameEmail = await post(visitor({ email: first.email.toUpperCase() })).expect(409);
    expect(sameEmail.body.error).toBe('Ya existe una clase gratis registrada con este correo electrónico.');
  });

  it('keeps one booking per DUI under concurrent requests', async () => {
    const dui = '87654321';
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(visitor({ dui }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const count = await db.query('SELECT count(*)::int AS n FROM free_class_bookings WHERE dui = $1', [dui]);
    expect(count.rows[0].n).toBe(1);
  });

  it.each([
    ['name', '', 'Nombre es requerido.'],
    ['name', '   ', 'Nombre es requerido.'],
    ['lastname', '', 'Apellido es requerido.'],
    ['dui', '', 'DUI es requerido.'],
    ['dui', '1234567', 'DUI debe contener solo números y ser de 8 o 9 dígitos.'],
    ['dui', '12345678-9', 'DUI debe contener solo números y ser de 8 o 9 dígitos.'],
    ['email', '', 'Correo Electrónico es requerido.'],
    ['email', 'ana@', 'Correo Electrónico no es válido.'],
    ['cellphone', '', 'Teléfono es requerido.'],
    ['cellphone', '70001234', 'El número debe incluir el código de país y tener al menos 8 dígitos.'],
    ['cellphone', '+5037000', 'El número debe incluir el código de país y tener al menos 8 dígitos.'],
    ['date', '', 'Fecha es requerida.'],
    ['date', '24/11/2026', 'Fecha debe tener el formato AAAA-MM-DD.'],
    ['time', '', 'Horario es requerido.'],
  ])('rejects %s=%j with %j', async (field, value, message) => {
    const response = await post(visitor({ [field]: value })).expect(400);
    expect(response.body.error).toBe(message);
  });

  it('answers the first missing field of an empty form', async () => {
    const response = await post({}).expect(400);
    expect(response.body.error).toBe('Nombre es requerido.');
    const fields = (response.body.details.fields as { field: string }[]).map((f) => f.field);
    expect(new Set(fields)).toEqual(new Set(['name', 'lastname', 'dui', 'email', 'cellphone', 'date', 'time']));
  });

  it('rejects dates outside the window, Sundays and slots the weekday does not have', async () => {
    const today = studioDate(new Date());
    const yesterday = await post(visitor({ date: addDays(today, -1), time: '8:00-9:00 am' })).expect(400);
    expect(yesterday.body.error).toBe('La fecha debe estar dentro de los próximos 7 días.');
    const tooFar = await post(visitor({ date: addDays(today, 7), time: '8:00-9:00 am' })).expect(400);
    expect(tooFar.body.error).toBe('La fecha debe estar dentro de los próximos 7 días.');

    const offsets = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today, n));
    const sunday = offsets.find((d) => weekdayOf(d) === 0)!;
    const sundayAnswer = await post(visitor({ date: sunday, time: '8:00-9:00 am' })).expect(400);
    expect(sundayAnswer.body.error).toBe('No hay clases los domingos. Escoge otra fecha.');

    const friday = offsets.find((d) => weekdayOf(d) === 5)!;
    const eveningFriday = await post(visitor({ date: friday, time: '6:00-7:00 pm' })).expect(400);
    expect(eveningFriday.body.error).toBe('El horario seleccionado no está disponible para esa fecha.');
    const madeUp = await post(visitor({ date: friday, time: '3:00-4:00 am' })).expect(400);
    expect(madeUp.body.error).toBe('El horario seleccionado no está disponible para esa fecha.');
  });

  it('rejects fields the form does not have', async () => {
    const response = await post({ ...visitor(), admin: true }).expect(400);
    expect(response.body.error).toBe("El campo 'admin' no está permitido.");
  });

  it('limits attempts per IP with a Spanish 429 and Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < FREE_CLASS_ATTEMPTS_PER_WINDOW; i += 1) await post({}, ip).expect(400);
    const limited = await post(visitor(), ip).expect(429);
    expect(limited.body.error).toBe('Demasiados intentos de registro desde tu conexión. Espera unos minutos e inténtalo de nuevo.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await post(visitor(), nextIp()).expect(201);
  });
});

describe('GET /api/free-class/schedule (e2e)', () => {
  let t: TestApp;
  // Only Date is faked: the server's timers and sockets keep real time.
  const atStudioTime = (instant: string) =>
    jest.useFakeTimers({
      now: new Date(instant),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves the next seven days without Sundays, each with its class and its open slots, to anyone', async () => {
    atStudioTime('2026-11-23T12:00:00Z'); // Monday 06:00 in San Salvador
    const response = await request(t.app.getHttpServer()).get('/api/free-class/schedule').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.timeZone).toBe('America/El_Salvador');
    const days = response.body.days as { date: string; label: string; className: string; slots: string[] }[];
    expect(days.map((day) => day.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(days[0]).toMatchObject({ label: 'Lunes, 23 de noviembre', className: 'Box and Burn' });
    // 5:15 already began; 6:30 is still open.
    expect(days[0]!.slots[0]).toBe('6:30-7:30 am');
    expect(days[1]!.slots).toHaveLength(9);
    expect(days[4]).toEqual({
      date: '2026-11-27',
      label: 'Viernes, 27 de noviembre',
      className: 'Box and Burn',
      slots: ['8:00-9:00 am', '9:30-10:30 am'],
      full: [],
    });
    expect(days[5]).toMatchObject({ className: 'Clásico 60 Min' });
  });

  it('leaves out today once its last class began', async () => {
    atStudioTime('2026-11-28T03:00:00Z'); // Friday 21:00 in San Salvador
    const response = await request(t.app.getHttpServer()).get('/api/free-class/schedule').expect(200);
    expect(response.body.days.map((day: { date: string }) => day.date)).toEqual(['2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
  });
});
