import request from 'supertest';
import { TIMETABLE_MESSAGES } from '../src/modules/timetable/timetable.rules';
import { addDays, isoWeekday, localDateOf, weekOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

interface ScheduledClass {
  slotId: string;
  date: string;
  startTime: string;
  label: string;
  className: string;
  capacity: number;
  free: number;
  cancelled: boolean;
  notice: string;
}

interface Day {
  date: string;
  dayName: string;
  closed: string | null;
  classes: ScheduledClass[];
}

describe('timetable (e2e)', () => {
  let t: TestApp;
  let staff: string;
  let member: string;
  const server = () => t.app.getHttpServer();
  // Next week's days, so every date is in the future whenever the suite runs.
  const nextMonday = addDays(weekOf(localDateOf(new Date())).start, 7);

  const publicWeeks = async (): Promise<Array<{ start: string; days: Day[] }>> => (await request(server()).get('/api/timetable').expect(200)).body.weeks;
  const publicDay = async (date: string): Promise<Day> => (await publicWeeks()).flatMap((week) => week.days).find((day) => day.date === date)!;
  const staffTimetable = async () => (await request(server()).get('/api/staff/timetable').set('Authorization', staff).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Sofía', lastName: 'Estudio' });
    member = await bearerFor(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('starts from the spec: nine slots Monday to Thursday and Saturday, two on Friday, the class names by weekday', async () => {
    const weeks = await publicWeeks();
    expect(weeks.map((week) => week.start)).toEqual([weekOf(localDateOf(new Date())).start, nextMonday]);
    const days = weeks[1]!.days;
    expect(days.map((day) => day.classes.length)).toEqual([9, 9, 9, 9, 2, 9, 0]);
    expect(days.map((day) => day.classes[0]?.className ?? null)).toEqual([
      'Box and Burn',
      'Upper Body and Abs',
      'Box and Burn',
      'Lower Body Power',
      'Box and Burn',
      'Clásico 60 Min',
      null,
    ]);
    expect(days[4]!.classes.map((c) => c.label)).toEqual(['8:00-9:00 am', '9:30-10:30 am']);
    expect(days[0]!.classes.every((c) => c.free === c.capacity && c.capacity > 0)).toBe(true);
  });

  it('refuses members and anonymous callers on every staff route', async () => {
    const calls = [
      () => request(server()).get('/api/staff/timetable'),
      () => request(server()).post('/api/staff/timetable/class-types').send({ name: 'Yoga', lengthMin: 60, defaultCapacity: 10 }),
      () => request(server()).put('/api/staff/timetable/changes').send({}),
      () => request(server()).put(`/api/staff/timetable/closures/${nextMonday}`).send({ notice: 'Cerrado' }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const refused = await call().set('Authorization', member);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    expect((await staffTimetable()).classTypes.map((type: { name: string }) => type.name)).not.toContain('Yoga');
    expect((await publicDay(nextMonday)).closed).toBeNull();
  });

  it('staff edits show on the public timetable', async () => {
    const mondayEvening = (await publicDay(nextMonday)).classes.find((c) => c.startTime === '18:00')!;

    const yoga = (
      await request(server())
        .post('/api/staff/timetable/class-types')
        .set('Authorization', staff)
        .send({ name: 'Yoga', description: 'Movilidad y respiración', lengthMin: 45, defaultCapacity: 12, coach: 'Marcela' })
        .expect(201)
    ).body;
    await request(server())
      .post('/api/staff/timetable/slots')
      .set('Authorization', staff)
      .send({ weekday: 7, startTime: '09:00', classTypeId: yoga.classTypeId, capacity: 12 })
      .expect(201);
    const sunday = await publicDay(addDays(nextMonday, 6));
    expect(sunday.classes.map((c) => [c.label, c.className, c.free])).toEqual([['9:00-9:45 am', 'Yoga', 12]]);

    await request(server())
      .put('/api/staff/timetable/changes')
      .set('Authorization', staff)
      .send({ slotId: mondayEvening.slotId, date: nextMonday, cancelled: false, startTime: '18:30', capacity: 10, notice: 'Media hora más tarde' })
      .expect(200);
    const wednesday = addDays(nextMonday, 2);
    const wednesdayFirst = (await publicDay(wednesday)).classes[0]!;
    await request(server())
      .put('/api/staff/timetable/changes')
      .set('Authorization', staff)
      .send({ slotId: wednesdayFirst.slotId, date: wednesday, cancelled: true, notice: 'Mantenimiento del salón' })
      .expect(200);
    await request(server())
      .put(`/api/staff/timetable/closures/${addDays(nextMonday, 3)}`)
      .set('Authorization', staff)
      .send({ notice: 'Feriado' })
      .expect(200);

    const monday = await publicDay(nextMonday);
    expect(monday.classes.find((c) => c.slotId === mondayEvening.slotId)).toMatchObject({
      startTime: '18:30',
      label: '6:30-7:30 pm',
      capacity: 10,
      free: 10,
      notice: 'Media hora más tarde',
    });
    expect((await publicDay(wednesday)).classes[0]).toMatchObject({ cancelled: true, free: 0, notice: 'Mantenimiento del salón' });
    expect(await publicDay(addDays(nextMonday, 3))).toMatchObject({ closed: 'Feriado', classes: [] });

    await request(server())
      .delete(`/api/staff/timetable/closures/${addDays(nextMonday, 3)}`)
      .set('Authorization', staff)
      .expect(204);
    await request(server()).delete(`/api/staff/timetable/changes/${mondayEvening.slotId}/${nextMonday}`).set('Authorization', staff).expect(204);
    expect((await publicDay(addDays(nextMonday, 3))).classes).toHaveLength(9);
    expect((await publicDay(nextMonday)).classes.find((c) => c.slotId === mondayEvening.slotId)).toMatchObject({ startTime: '18:00', changed: false });
  });

  it('a weekly slot change holds every week', async () => {
    const { slots, classTypes } = await staffTimetable();
    const saturday = slots.find((slot: { weekday: number; startTime: string }) => slot.weekday === 6 && slot.startTime === '16:00');
    const lower = classTypes.find((type: { name: string }) => type.name === 'Lower Body Power');
    await request(server())
      .put(`/api/staff/timetable/slots/${saturday.slotId}`)
      .set('Authorization', staff)
      .send({ weekday: 6, startTime: '16:30', classTypeId: lower.classTypeId, capacity: 15 })
      .expect(200);
    for (const week of await publicWeeks()) {
      const day = week.days[5]!;
      expect(day.classes.find((c) => c.slotId === saturday.slotId)).toMatchObject({ startTime: '16:30', className: 'Lower Body Power', capacity: 15 });
    }
  });

  it.each([
    [
      'a time that is not a time',
      'post',
      '/api/staff/timetable/slots',
      { weekday: 1, startTime: '25:00', classTypeId: '00000000-0000-4000-8000-000000000000', capacity: 10 },
      'La hora debe ir en formato 24 horas, por ejemplo 17:15.',
    ],
    [
      'a weekday out of range',
      'post',
      '/api/staff/timetable/slots',
      { weekday: 8, startTime: '10:00', classTypeId: '00000000-0000-4000-8000-000000000000', capacity: 10 },
      'El día de la semana no puede ser mayor que 7.',
    ],
    [
      'a capacity of zero',
      'post',
      '/api/staff/timetable/class-types',
      { name: 'Spinning', lengthMin: 45, defaultCapacity: 0 },
      'El cupo por defecto debe ser al menos 1.',
    ],
    ['a blank name', 'post', '/api/staff/timetable/class-types', { name: '   ', lengthMin: 45, defaultCapacity: 10 }, TIMETABLE_MESSAGES.blankName],
    ['a past closure', 'put', `/api/staff/timetable/closures/${addDays(localDateOf(new Date()), -1)}`, { notice: 'Ayer' }, TIMETABLE_MESSAGES.pastDate],
    [
      'a closure without notice',
      'put',
      `/api/staff/timetable/closures/${addDays(localDateOf(new Date()), 20)}`,
      { notice: '' },
      TIMETABLE_MESSAGES.blankNotice,
    ],
    ['reopening a day that is no calendar day', 'delete', '/api/staff/timetable/closures/2026-02-30', {}, TIMETABLE_MESSAGES.badDate],
    [
      'undoing a change on a day that is no calendar day',
      'delete',
      '/api/staff/timetable/changes/00000000-0000-4000-8000-000000000000/2026-02-30',
      {},
      TIMETABLE_MESSAGES.badDate,
    ],
  ] as const)('refuses %s in Spanish and changes nothing', async (_case, method, path, body, message) => {
    const before = await staffTimetable();
    const response = await request(server())[method](path).set('Authorization', staff).send(body).expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(response.body.message).toContain(message);
    const after = await staffTimetable();
    expect(after).toEqual(before);
  });

  it('refuses a change on a day the class is not given, a taken hour and a used class type', async () => {
    const { slots, classTypes } = await staffTimetable();
    const monday = slots.find((slot: { weekday: number }) => slot.weekday === 1);
    const tuesday = addDays(nextMonday, 1);
    expect(isoWeekday(tuesday)).toBe(2);
    const wrongDay = await request(server())
      .put('/api/staff/timetable/changes')
      .set('Authorization', staff)
      .send({ slotId: monday.slotId, date: tuesday, cancelled: true, notice: 'x' })
      .expect(400);
    expect(wrongDay.body.message).toBe(TIMETABLE_MESSAGES.wrongWeekday);
    const taken = await request(server())
      .post('/api/staff/timetable/slots')
      .set('Authorization', staff)
      .send({ weekday: 1, startTime: monday.startTime, classTypeId: monday.classTypeId, capacity: 10 })
      .expect(409);
    expect(taken.body.message).toBe(TIMETABLE_MESSAGES.slotTaken);
    const used = await request(server()).delete(`/api/staff/timetable/class-types/${monday.classTypeId}`).set('Authorization', staff).expect(409);
    expect(used.body.message).toBe(TIMETABLE_MESSAGES.classTypeInUse);
    expect((await staffTimetable()).classTypes).toHaveLength(classTypes.length);
  });
});
