import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { postgresPosition } from '../src/infrastructure/event-store/postgres/log-pages';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { memberStreamName } from '../src/modules/members/member.events';
import { bookableDates, openSlots } from '../src/modules/free-class-bookings/free-class-schedule';
import { localDateOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { waitForRebuild } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

describe('staff console API (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  const staffId = randomUUID();
  const lucia = { userId: randomUUID(), firstName: 'Lucía', lastName: 'Hernández', email: 'lucia.hernandez@example.com' };
  const pedro = { userId: randomUUID(), firstName: 'Pedro', lastName: 'Alvarado', email: 'pedro.alvarado@example.com' };
  let workout: { id: string; slug: string; title: string };
  let plan: { id: string; title: string };
  const server = () => t.app.getHttpServer();
  const get = (url: string) => request(server()).get(url).set('Authorization', staff);

  async function append(userId: string, type: string, data: Record<string, unknown>) {
    const eventId = randomUUID();
    await t.app.get(EventStore).append(
      memberStreamName(userId),
      [
        {
          type,
          data,
          metadata: {
            eventId,
            correlationId: eventId,
            causationId: eventId,
            actor: { userId, role: 'member' },
            occurredAt: String(data.occurredAt),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', userId: staffId, email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
    for (const person of [lucia, pedro]) {
      await db.query(`INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4, 'x')`, [
        person.userId,
        person.email,
        person.firstName,
        person.lastName,
      ]);
    }
    workout = (await db.query<{ id: string; slug: string; title: string }>('SELECT id::text AS id, slug, title FROM catalog_workouts ORDER BY title LIMIT 1'))
      .rows[0];
    plan = (await db.query<{ id: string; title: string }>('SELECT id::text AS id, title FROM catalog_plans ORDER BY title LIMIT 1')).rows[0];

    // Lucía: profile through the real API, then an enrolment and two completions.
    const luciaAuth = await bearerFor(t, lucia);
    await request(server())
      .put('/api/platform-users/profile')
      .set('Authorization', luciaAuth)
      .send({ profile: { height: 165, weight: 61 } })
      .expect(200);
    await request(server())
      .put('/api/platform-users/profile')
      .set('Authorization', luciaAuth)
      .send({ profile: { weight: 59 } })
      .expect(200);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const enrollmentId = randomUUID();
    await append(lucia.userId, 'EnrolledInPlan', { enrollmentId, planId: plan.id, workoutIds: [workout.id], occurredAt: at(30) });
    await append(lucia.userId, 'WorkoutCompleted', {
      completionId: randomUUID(),
      workoutId: workout.id,
      planId: plan.id,
      enrollmentId,
      isRunning: false,
      durationSec: 1800,
      occurredAt: at(25),
      localDate: localDateOf(at(25)),
      heartRate: {
        avgBpm: 142,
        maxBpm: 181,
        secondsInZone: [60, 300, 600, 540, 240],
        secondsAtBadgeIntensity: 760,
        points: 23,
        kcal: null,
        badge: true,
        samples: 1740,
        recovery1MinBpm: null,
      },
    });
    await append(lucia.userId, 'WorkoutCompleted', {
      completionId: randomUUID(),
      workoutId: workout.slug,
      planId: null,
      enrollmentId: null,
      isRunning: false,
      durationSec: 1500,
      occurredAt: at(0),
      localDate: localDateOf(at(0)),
    });
    // Pedro only filled his profile in.
    await request(server())
      .put('/api/platform-users/profile')
      .set('Authorization', await bearerFor(t, pedro))
      .send({ profile: { height: 180 } })
      .expect(200);
    // The console reads its read model, which follows the log asynchronously (member writes do not
    // wait for it, ADR 0240): wait until it holds the last event committed, whatever the readers'
    // horizon says (another test database's open transaction can hold `headPosition()` back).
    const last = (
      await db.query<{ tx: string; gp: string }>(
        'SELECT transaction_id::text AS tx, global_position::text AS gp FROM event_store_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
      )
    ).rows[0]!;
    expect((await t.app.get(ProjectionEngine).waitFor(postgresPosition(last.tx, last.gp), { projections: ['staff_activity'] }, 15_000)).reached).toBe(true);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  describe('activity log', () => {
    it('lists the log newest first with actor, member and position', async () => {
      const page = await get('/api/staff/events?limit=200').expect(200);
      const items = page.body.items as Array<{ position: string; type: string; member: { name: string } | null; actor: { userId: string } }>;
      expect(items.length).toBe(6);
      expect([...items].map((i) => i.position)).toEqual(
        [...items]
          .map((i) => i.position)
          .sort()
          .reverse(),
      );
      expect(items[0]).toMatchObject({ type: 'ProfileUpdated', member: { name: 'Pedro Alvarado' }, actor: { userId: pedro.userId } });
      expect(page.body.nextCursor).toBeNull();
    });

    it('filters by member, by type, by date range and by a search on name or email', async () => {
      const byMember = await get(`/api/staff/events?member=${lucia.userId}`).expect(200);
      expect(byMember.body.items).toHaveLength(5);
      expect(byMember.body.items.every((i: { streamId: string }) => i.streamId === memberStreamName(lucia.userId))).toBe(true);

      const byType = await get('/api/staff/events?type=WorkoutCompleted,EnrolledInPlan').expect(200);
      expect(byType.body.items.map((i: { type: string }) => i.type)).toEqual(['WorkoutCompleted', 'WorkoutCompleted', 'EnrolledInPlan']);

      const bySearch = await get(`/api/staff/events?q=${encodeURIComponent('lucía her')}&type=ProfileUpdated`).expect(200);
      expect(bySearch.body.items).toHaveLength(2);
      const byEmail = await get('/api/staff/events?q=PEDRO.ALVARADO@').expect(200);
      expect(byEmail.body.items).toHaveLength(1);
      await get('/api/staff/events?q=nadie-con-ese-nombre').expect(200, { items: [], nextCursor: null });

      // Periods apply to the time each event happened (Lucía's enrolment 30 hours ago).
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const daysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
      expect((await get(`/api/staff/events?from=${tomorrow}`).expect(200)).body.items).toHaveLength(0);
      expect((await get(`/api/staff/events?from=${daysAgo}&to=${tomorrow}`).expect(200)).body.items).toHaveLength(6);
      const lastDay = (await get(`/api/staff/events?from=${new Date(Date.now() - 20 * 3_600_000).toISOString()}`).expect(200)).body.items;
      expect(lastDay.map((i: { type: string }) => i.type)).toEqual(['ProfileUpdated', 'WorkoutCompleted', 'ProfileUpdated', 'ProfileUpdated']);
    });

    it('pages with a keyset cursor without gaps or repeats', async () => {
      const all = (await get('/api/staff/events?limit=200').expect(200)).body.items.map((i: { eventId: string }) => i.eventId);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: request.Response = await get(`/api/staff/events?limit=4${cursor ? `&before=${cursor}` : ''}`).expect(200);
        seen.push(...page.body.items.map((i: { eventId: string }) => i.eventId));
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(2);
      expect(seen).toEqual(all);
    });

    it('orders a period by the time events happened and pages it without gaps or repeats', async () => {
      // An event stored last but that happened earlier (e.g. recorded late): last in log order, not first in time.
      const newest = (await get('/api/staff/events?limit=1').expect(200)).body.items[0] as { eventId: string; occurredAt: string };
      const { rows } = await db.query<{ occurred_at: Date }>('SELECT occurred_at FROM activity_log WHERE event_id = $1', [newest.eventId]);
      await db.query(`UPDATE activity_log SET occurred_at = occurred_at - interval '2 hours' WHERE event_id = $1`, [newest.eventId]);
      try {
        const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        for (const filter of [
          `from=${from}&to=${to}`,
          `from=${from}`,
          `to=${to}&type=ProfileUpdated,WorkoutCompleted,EnrolledInPlan`,
          `from=${from}&member=${pedro.userId}`,
          `from=${from}&member=${lucia.userId}`,
        ]) {
          const whole = (await get(`/api/staff/events?${filter}&limit=200`).expect(200)).body.items as Array<{ eventId: string; occurredAt: string }>;
          expect(whole.length).toBeGreaterThan(0);
          const times = whole.map((i) => i.occurredAt);
          expect(times).toEqual([...times].sort().reverse());
          const seen: string[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages < 10; pages++) {
            const page: request.Response = await get(`/api/staff/events?${filter}&limit=2${cursor ? `&before=${cursor}` : ''}`).expect(200);
            seen.push(...page.body.items.map((i: { eventId: string }) => i.eventId));
            cursor = page.body.nextCursor;
            if (!cursor) break;
          }
          expect(seen).toEqual(whole.map((i) => i.eventId));
        }
        const period = (await get(`/api/staff/events?from=${from}&to=${to}&limit=200`).expect(200)).body.items as Array<{ eventId: string }>;
        expect(period).toHaveLength(6);
        expect(period[0].eventId).not.toBe(newest.eventId);
        expect(period.map((i) => i.eventId)).toContain(newest.eventId);
        // Without a period the log keeps its own order.
        expect((await get('/api/staff/events?limit=1').expect(200)).body.items[0].eventId).toBe(newest.eventId);
      } finally {
        await db.query('UPDATE activity_log SET occurred_at = $2 WHERE event_id = $1', [newest.eventId, rows[0].occurred_at]);
      }
    });

    it('shows one event with its data and metadata', async () => {
      const [first] = (await get(`/api/staff/events?member=${lucia.userId}&type=ProfileUpdated`).expect(200)).body.items;
      const detail = await get(`/api/staff/events/${first.eventId}`).expect(200);
      expect(detail.body).toMatchObject({
        eventId: first.eventId,
        type: 'ProfileUpdated',
        data: { changes: { weight: { before: 61, after: 59 } } },
        actor: { userId: lucia.userId, role: 'member' },
        schemaVersion: 1,
        correlationId: expect.any(String),
        causationId: expect.any(String),
        position: first.position,
      });
      const missing = await get(`/api/staff/events/${randomUUID()}`).expect(404);
      expect(missing.body.error).toBe('Evento no encontrado.');
    });

    it('validates its query with Spanish messages that name the field', async () => {
      expect((await get('/api/staff/events?limit=0').expect(400)).body.error).toBe('El límite debe ser al menos 1.');
      expect((await get('/api/staff/events?from=ayer').expect(400)).body.error).toMatch(/^La fecha inicial debe ser una fecha/);
      expect((await get('/api/staff/events?before=abc').expect(400)).body.error).toMatch(/^El cursor de página debe ser/);
      expect((await get('/api/staff/events?before=00000000000000000001-0000000000000000001').expect(400)).body.error).toMatch(/^El cursor de página debe ser/);
      expect((await get('/api/staff/events?before=9999999999999999999').expect(400)).body.error).toMatch(/^El cursor de página debe ser/);
      expect((await get('/api/staff/events?type=a;b').expect(400)).body.error).toMatch(/^El tipo de evento debe ser/);
    });

    it('exports the filtered view as a streamed CSV with a BOM, and the export is audited', async () => {
      const response = await get(`/api/staff/events/export.csv?member=${lucia.userId}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="actividad-/);
      const body = (response.body as Buffer).toString('utf8');
      expect(body.startsWith('\uFEFF')).toBe(true);
      const lines = body.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe('posicion,ocurrido,tipo,stream,revision,miembro,correo,actor,rol_actor,correlacion,causa,version,id_evento,datos');
      expect(lines).toHaveLength(6);
      expect(lines.slice(1).every((line) => line.includes('Lucía Hernández') && line.includes(lucia.email))).toBe(true);

      const audit = await get(`/api/staff/events?stream=staff-${staffId}&type=StaffExportDownloaded`).expect(200);
      expect(audit.body.items[0]).toMatchObject({
        actor: { userId: staffId, role: 'staff' },
        data: { export: 'activity-log', filters: { member: lucia.userId } },
      });
    });
  });

  describe('members', () => {
    it('shows a member timeline with profile changes before/after and completions with titles and durations', async () => {
      const timeline = await get(`/api/staff/members/${lucia.userId}/timeline`).expect(200);
      expect(timeline.body.member).toEqual({ userId: lucia.userId, firstName: 'Lucía', lastName: 'Hernández', email: lucia.email });
      const items = timeline.body.items;
      expect(items.map((i: { type: string }) => i.type)).toEqual([
        'WorkoutCompleted',
        'WorkoutCompleted',
        'EnrolledInPlan',
        'ProfileUpdated',
        'ProfileUpdated',
      ]);
      expect(items[0]).toMatchObject({
        workoutId: workout.slug,
        workoutTitle: workout.title,
        durationSec: 1500,
        summary: `Completó «${workout.title}» (25 min)`,
      });
      expect(items[1]).toMatchObject({
        planTitle: plan.title,
        durationSec: 1800,
        heartRate: 'FC media 142 lpm · máx 181 · 23 Puntos Pulso · insignia de esfuerzo',
      });
      expect(items[0]).not.toHaveProperty('heartRate');
      expect(items[2]).toMatchObject({ planTitle: plan.title, summary: `Se inscribió en el plan «${plan.title}»` });
      expect(items[3].changes).toEqual([{ field: 'weight', before: 61, after: 59 }]);

      const firstPage = await get(`/api/staff/members/${lucia.userId}/timeline?limit=3`).expect(200);
      expect(firstPage.body.items).toHaveLength(3);
      const second = await get(`/api/staff/members/${lucia.userId}/timeline?limit=3&before=${firstPage.body.nextCursor}`).expect(200);
      expect([...firstPage.body.items, ...second.body.items].map((i: { eventId: string }) => i.eventId)).toEqual(
        items.map((i: { eventId: string }) => i.eventId),
      );
      expect(second.body.nextCursor).toBeNull();

      const unknown = await get(`/api/staff/members/${randomUUID()}/timeline`).expect(404);
      expect(unknown.body.error).toBe('No encontramos a ese miembro ni actividad suya.');
    });

    it('lists members with last activity, active plans, streak and total workouts, searchable', async () => {
      const list = await get('/api/staff/members').expect(200);
      const byId = new Map(list.body.items.map((m: { userId: string }) => [m.userId, m]));
      expect(byId.get(lucia.userId)).toMatchObject({ firstName: 'Lucía', totalWorkouts: 2, activePlans: 1, currentStreak: expect.any(Number) });
      expect((byId.get(lucia.userId) as { currentStreak: number }).currentStreak).toBeGreaterThanOrEqual(1);
      expect(byId.get(pedro.userId)).toMatchObject({ totalWorkouts: 0, activePlans: 0, currentStreak: 0, lastWorkoutAt: null });
      const search = await get('/api/staff/members?q=alvarado').expect(200);
      expect(search.body.items.map((m: { userId: string }) => m.userId)).toEqual([pedro.userId]);
    });

    it('lists inactive members: no workout in the last N days', async () => {
      const inactive = await get('/api/staff/members?inactiveDays=7').expect(200);
      const ids = inactive.body.items.map((m: { userId: string }) => m.userId);
      expect(ids).toContain(pedro.userId);
      expect(ids).not.toContain(lucia.userId);
      expect((await get('/api/staff/members?inactiveDays=0').expect(400)).body.error).toBe('Los días sin actividad deben ser al menos 1.');
    });
  });

  describe('projections', () => {
    it('shows each projection running with its checkpoint and no lag', async () => {
      const overview = await get('/api/staff/projections').expect(200);
      const profile = overview.body.projections.find((p: { name: string }) => p.name === 'member_profiles');
      expect(profile).toMatchObject({ phase: 'running', lagEvents: 0, lagSeconds: 0, position: expect.any(String) });
    });

    it('rebuilds every projection, records who asked, and keeps the figures identical', async () => {
      const before = await request(server())
        .get('/api/platform-users/profile')
        .set('Authorization', await bearerFor(t, lucia))
        .expect(200);
      const started = await request(server()).post('/api/staff/projections/rebuild-all').set('Authorization', staff).expect(202);
      const names: string[] = started.body.generations.map((g: { name: string }) => g.name);
      expect(names).toContain('member_profiles');
      const history = await waitForRebuild(t.app, staff, started.body);
      const completed = history.filter((h) => h.outcome === 'completed' && h.requestedBy === staffId).map((h) => h.name);
      expect(completed.sort()).toEqual([...names].sort());
      const after = await request(server())
        .get('/api/platform-users/profile')
        .set('Authorization', await bearerFor(t, lucia))
        .expect(200);
      expect(after.body).toEqual(before.body);
      const audit = await get(`/api/staff/events?type=ProjectionRebuildRequested`).expect(200);
      expect(audit.body.items[0]).toMatchObject({ streamId: `staff-${staffId}`, actor: { userId: staffId, role: 'staff' }, data: { projection: 'all' } });
    });

    it('refuses an unknown projection in Spanish', async () => {
      const response = await request(server()).post('/api/staff/projections/no_existe/rebuild').set('Authorization', staff).expect(404);
      expect(response.body.error).toBe('No existe la proyección «no_existe».');
    });
  });

  describe('free-class bookings and mail', () => {
    let bookingId: string;
    let date: string;

    beforeAll(async () => {
      date = bookableDates(new Date()).at(-1)!;
      const time = openSlots(date, new Date())[0];
      const booked = await request(server())
        .post('/api/users/register')
        .set('X-Forwarded-For', '203.0.113.200')
        .send({ name: 'Marta', lastname: 'Ríos', dui: '012345678', email: 'marta.rios@example.com', cellphone: '+50370001111', date, time })
        .expect(201);
      bookingId = booked.body.booking.id;
    });

    it('lists bookings of a date with contact details', async () => {
      const list = await get(`/api/staff/free-class-bookings?from=${date}&to=${date}`).expect(200);
      expect(list.body.items).toEqual([
        expect.objectContaining({
          id: bookingId,
          name: 'Marta',
          lastname: 'Ríos',
          email: 'marta.rios@example.com',
          cellphone: '+50370001111',
          dui: '012345678',
          classDate: date,
          outcome: null,
        }),
      ]);
      expect((await get('/api/staff/free-class-bookings?from=24-11-2026').expect(400)).body.error).toBe('La fecha inicial debe ser una fecha AAAA-MM-DD.');
      // The right shape but no such day: refused before it reaches PostgreSQL.
      expect((await get('/api/staff/free-class-bookings?to=2026-02-30').expect(400)).body.error).toBe('La fecha final debe ser una fecha AAAA-MM-DD.');
    });

    it('records outcomes as events on the booking stream, with the staff member as actor', async () => {
      const post = (outcome: string) =>
        request(server()).post(`/api/staff/free-class-bookings/${bookingId}/outcome`).set('Authorization', staff).send({ outcome });
      expect((await post('asistio').expect(400)).body.error).toBe('El resultado debe ser uno de: attended, no-show, converted.');
      await post('no-show').expect(200);
      const marked = await post('attended').expect(200);
      expect(marked.body).toMatchObject({ id: bookingId, outcome: 'attended', outcomeBy: staffId });
      const history = await get(`/api/staff/events?stream=free-class-booking-${bookingId}`).expect(200);
      expect(history.body.items.map((i: { data: { outcome: string } }) => i.data.outcome)).toEqual(['attended', 'no-show']);
      // The staff member by name, as their token gave it when they acted.
      expect(history.body.items[0].actor).toEqual({ userId: staffId, role: 'staff', name: 'Rosa Recepción' });
      const missing = await request(server())
        .post(`/api/staff/free-class-bookings/${randomUUID()}/outcome`)
        .set('Authorization', staff)
        .send({ outcome: 'attended' })
        .expect(404);
      expect(missing.body.error).toBe('Reserva de clase gratis no encontrada.');
    });

    it('exports bookings as CSV', async () => {
      const response = await get(`/api/staff/free-class-bookings/export.csv?from=${date}`).expect(200);
      expect(response.text.startsWith('\uFEFF')).toBe(true);
      const lines = response.text.slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(2);
      // The phone as the desk writes it (the leading apostrophe keeps a spreadsheet from reading a formula).
      expect(lines[1]).toContain("Marta,Ríos,012345678,marta.rios@example.com,'+503 7000-1111,");
      expect(lines[1]).toContain('Asistió');
    });

    it('lists the mail outbox with the confirmation that went out', async () => {
      const outbox = await get('/api/staff/mail-outbox?recipient=marta.rios').expect(200);
      expect(outbox.body.items).toHaveLength(1);
      expect(outbox.body.items[0]).toMatchObject({
        recipient: 'marta.rios@example.com',
        subject: expect.any(String),
        textBody: expect.stringContaining('Marta'),
      });
    });
  });
});
