import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Headers,
  HttpCode,
  HttpException,
  Injectable,
  Module,
  Param,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { fork, type ChildProcess } from 'node:child_process';
import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { Pool, type PoolClient } from 'pg';

/**
 * The peer of `bench:classes`: class booking as a plain CRUD service would write it (NestJS + pg,
 * no events, no projections). A `crud_bookings` table; a booking locks its class row
 * (`SELECT … FOR UPDATE`), counts the seats taken, inserts the booking (booked, or waitlisted when
 * full) and decrements the member's credits, in one transaction; a cancellation locks the same row,
 * gives the credit back and promotes the first waitlisted booking. Same PostgreSQL, same members,
 * classes and credits (copied from the seed), same tokens (verified with the product's public key),
 * the contract's routes and answers.
 */

const POLICY = { bookingOpensDays: 7, cancelCutoffHours: 2, waitlistCutoffHours: 2, lateCancelKeepsCredit: false, noShowKeepsCredit: false, reminderHours: 3 };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The peer's tables, from the timetable and the seeded members' credits; `classes` are the dates and slots of the bench's week. */
export async function createCrudBookingTables(
  pool: Pool,
  classes: ReadonlyArray<{ date: string; slotId: string; capacity: number; startsAt: number }>,
  credits: ReadonlyArray<{ userId: string; classes: number | null }>,
): Promise<void> {
  await pool.query(`
    DROP TABLE IF EXISTS crud_bookings, crud_classes, crud_credits;
    CREATE TABLE crud_classes (date date NOT NULL, slot_id uuid NOT NULL, capacity int NOT NULL, starts_at timestamptz NOT NULL, PRIMARY KEY (date, slot_id));
    CREATE TABLE crud_credits (member_id text PRIMARY KEY, classes_left int CHECK (classes_left >= 0));
    CREATE TABLE crud_bookings (
      booking_id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      member_id text NOT NULL,
      idempotency_key text NOT NULL,
      date date NOT NULL,
      slot_id uuid NOT NULL,
      status text NOT NULL,
      checked_in_at timestamptz,
      late boolean NOT NULL DEFAULT false,
      UNIQUE (member_id, idempotency_key),
      FOREIGN KEY (date, slot_id) REFERENCES crud_classes (date, slot_id)
    );
    CREATE UNIQUE INDEX crud_bookings_one_per_class ON crud_bookings (member_id, date, slot_id) WHERE status <> 'cancelled';
    CREATE INDEX crud_bookings_class ON crud_bookings (date, slot_id, status, seq);`);
  await pool.query(
    `INSERT INTO crud_classes (date, slot_id, capacity, starts_at)
     SELECT d, s, c, to_timestamp(t / 1000.0) FROM unnest($1::date[], $2::uuid[], $3::int[], $4::float8[]) AS x(d, s, c, t)`,
    [classes.map((c) => c.date), classes.map((c) => c.slotId), classes.map((c) => c.capacity), classes.map((c) => c.startsAt)],
  );
  await pool.query('INSERT INTO crud_credits (member_id, classes_left) SELECT * FROM unnest($1::text[], $2::int[])', [
    credits.map((c) => c.userId),
    credits.map((c) => c.classes),
  ]);
  await pool.query('VACUUM ANALYZE crud_classes, crud_credits, crud_bookings');
}

@Injectable()
class Db {
  readonly pool = new Pool({ connectionString: process.env.CRUD_DATABASE_URL, max: 10, idleTimeoutMillis: 300_000 });

  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

interface Authed {
  headers: Record<string, string>;
  user?: string;
  staff?: boolean;
}

@Injectable()
class JwtGuard implements CanActivate {
  static key: KeyObject;
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Authed>();
    try {
      const claims = jwt.verify((request.headers.authorization ?? '').replace(/^Bearer /, ''), JwtGuard.key, { algorithms: ['RS256'] }) as {
        sub: string;
        org_role?: string;
      };
      request.user = claims.sub;
      request.staff = claims.org_role === 'org:admin';
      return true;
    } catch {
      throw new UnauthorizedException('Token inválido');
    }
  }
}

const fail = (status: number, message: string, field?: string): never => {
  throw new HttpException({ statusCode: status, message, ...(field ? { field } : {}) }, status);
};

/** Free spots and waitlists of the classes between two dates. */
const CLASSES_SQL = `
  SELECT c.date::text AS date, c.slot_id AS "slotId", s.start_time AS "startTime", t.name AS "className", t.coach, t.length_min AS "lengthMin",
         c.capacity, count(b.*) FILTER (WHERE b.status IN ('booked', 'checked-in'))::int AS booked,
         count(b.*) FILTER (WHERE b.status = 'waitlisted')::int AS waitlist, c.starts_at AS "startsAt"
    FROM crud_classes c
    JOIN timetable_slots s ON s.slot_id = c.slot_id
    JOIN timetable_class_types t ON t.class_type_id = s.class_type_id
    LEFT JOIN crud_bookings b ON b.date = c.date AND b.slot_id = c.slot_id AND b.status <> 'cancelled'
   WHERE c.date BETWEEN $1::date AND $2::date
   GROUP BY c.date, c.slot_id, s.start_time, t.name, t.coach, t.length_min, c.capacity, c.starts_at
   ORDER BY c.date, s.start_time`;

interface ClassRow {
  date: string;
  slotId: string;
  startTime: string;
  className: string;
  coach: string;
  lengthMin: number;
  capacity: number;
  booked: number;
  waitlist: number;
  startsAt: Date;
}

const today = () => new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

@Controller('api')
@UseGuards(JwtGuard)
class CrudBookingController {
  constructor(private readonly db: Db) {}

  @Get('classes')
  async classes(@Req() request: Authed, @Query('from') from?: string, @Query('days') days?: string) {
    const start = from && DATE.test(from) ? from : today();
    const span = Math.min(14, Math.max(1, Number(days ?? 7) || 7));
    const [classes, mine, credit] = await Promise.all([
      this.db.pool.query<ClassRow>(CLASSES_SQL, [start, plusDays(start, span - 1)]),
      this.db.pool.query<{ booking_id: string; date: string; slot_id: string; status: string; position: number | null }>(
        `SELECT b.booking_id, b.date::text AS date, b.slot_id, b.status,
                CASE WHEN b.status = 'waitlisted' THEN (SELECT count(*)::int FROM crud_bookings w
                  WHERE w.date = b.date AND w.slot_id = b.slot_id AND w.status = 'waitlisted' AND w.seq <= b.seq) END AS position
           FROM crud_bookings b WHERE b.member_id = $1 AND b.status <> 'cancelled' AND b.date BETWEEN $2::date AND $3::date`,
        [request.user, start, plusDays(start, span - 1)],
      ),
      this.db.pool.query<{ classes_left: number | null }>('SELECT classes_left FROM crud_credits WHERE member_id = $1', [request.user]),
    ]);
    const byClass = new Map(mine.rows.map((row) => [`${row.date} ${row.slot_id}`, row]));
    const now = Date.now();
    const dates = Array.from({ length: span }, (_, offset) => plusDays(start, offset));
    return {
      policy: POLICY,
      membership: credit.rows[0] ? { planTitle: 'Plan', classesLeft: credit.rows[0].classes_left, validUntil: plusDays(today(), 27) } : null,
      days: dates.map((date) => ({
        date,
        closed: null,
        classes: classes.rows
          .filter((row) => row.date === date)
          .map((row) => {
            const booking = byClass.get(`${row.date} ${row.slotId}`);
            const started = row.startsAt.getTime() <= now;
            return {
              ...row,
              startsAt: undefined,
              free: Math.max(0, row.capacity - row.booked),
              cancelled: false,
              notice: '',
              bookable: !started,
              notBookableReason: started ? 'Ya empezó' : null,
              myBooking: booking
                ? {
                    bookingId: booking.booking_id,
                    status: booking.status,
                    waitlistPosition: booking.position,
                    cancelFree: row.startsAt.getTime() - now >= POLICY.cancelCutoffHours * 3_600_000,
                  }
                : null,
            };
          }),
      })),
    };
  }

  @Post('classes/:date/:slotId/bookings')
  @HttpCode(201)
  async book(
    @Req() request: Authed,
    @Param('date') date: string,
    @Param('slotId') slotId: string,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: { waitlist?: unknown },
  ) {
    if (!key || !UUID.test(key)) fail(400, 'Falta la clave de idempotencia.', 'Idempotency-Key');
    if (!DATE.test(date) || !UUID.test(slotId)) fail(404, 'Esa clase no existe.');
    if (typeof body?.waitlist !== 'boolean') fail(400, 'Indique si quiere unirse a la lista de espera.', 'waitlist');
    const member = request.user!;
    return this.db.transaction(async (client) => {
      const answer = async (bookingId: string, status: string) => {
        const [position, left] = await Promise.all([
          status === 'waitlisted'
            ? client.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM crud_bookings w, crud_bookings b WHERE b.booking_id = $1
                   AND w.date = b.date AND w.slot_id = b.slot_id AND w.status = 'waitlisted' AND w.seq <= b.seq`,
                [bookingId],
              )
            : undefined,
          client.query<{ classes_left: number | null }>('SELECT classes_left FROM crud_credits WHERE member_id = $1', [member]),
        ]);
        return { bookingId, status, waitlistPosition: position?.rows[0]?.n ?? null, classesLeft: left.rows[0]?.classes_left ?? null };
      };
      // The row lock: every booking and cancellation of this class queues here (a retry too, so it finds its first answer).
      const cls = await client.query<{ capacity: number; starts_at: Date }>(
        'SELECT capacity, starts_at FROM crud_classes WHERE date = $1 AND slot_id = $2 FOR UPDATE',
        [date, slotId],
      );
      if (!cls.rows[0]) fail(404, 'Esa clase no existe.');
      const earlier = await client.query<{ booking_id: string; status: string }>(
        'SELECT booking_id, status FROM crud_bookings WHERE member_id = $1 AND idempotency_key = $2',
        [member, key],
      );
      if (earlier.rows[0]) return answer(earlier.rows[0].booking_id, earlier.rows[0].status);
      if (cls.rows[0]!.starts_at.getTime() <= Date.now()) fail(422, 'Ya empezó.');
      const taken = await client.query<{ booked: number; mine: number }>(
        `SELECT count(*) FILTER (WHERE status IN ('booked', 'checked-in'))::int AS booked, count(*) FILTER (WHERE member_id = $3)::int AS mine
           FROM crud_bookings WHERE date = $1 AND slot_id = $2 AND status <> 'cancelled'`,
        [date, slotId, member],
      );
      if (taken.rows[0]!.mine > 0) fail(409, 'Ya tienes esta clase reservada o estás en su lista de espera.');
      const full = taken.rows[0]!.booked >= cls.rows[0]!.capacity;
      if (full && body.waitlist !== true) fail(409, 'La clase está llena. Puedes unirte a la lista de espera.', 'waitlist');
      const credit = await client.query<{ classes_left: number | null }>('SELECT classes_left FROM crud_credits WHERE member_id = $1 FOR UPDATE', [member]);
      if (!credit.rows[0] || credit.rows[0].classes_left === 0) fail(409, 'No te quedan clases en tu membresía.');
      const bookingId = randomUUID();
      const status = full ? 'waitlisted' : 'booked';
      await client.query('INSERT INTO crud_bookings (booking_id, member_id, idempotency_key, date, slot_id, status) VALUES ($1, $2, $3, $4, $5, $6)', [
        bookingId,
        member,
        key,
        date,
        slotId,
        status,
      ]);
      await client.query('UPDATE crud_credits SET classes_left = classes_left - 1 WHERE member_id = $1 AND classes_left IS NOT NULL', [member]);
      return answer(bookingId, status);
    });
  }

  @Delete('classes/bookings/:bookingId')
  async cancel(@Req() request: Authed, @Param('bookingId') bookingId: string) {
    if (!UUID.test(bookingId)) fail(404, 'Esa reserva no existe.');
    return this.db.transaction(async (client) => {
      const found = await client.query<{ date: string; slot_id: string }>(
        'SELECT date::text AS date, slot_id FROM crud_bookings WHERE booking_id = $1 AND member_id = $2',
        [bookingId, request.user],
      );
      if (!found.rows[0]) fail(404, 'Esa reserva no existe.');
      const { date, slot_id: slotId } = found.rows[0]!;
      const cls = await client.query<{ starts_at: Date }>('SELECT starts_at FROM crud_classes WHERE date = $1 AND slot_id = $2 FOR UPDATE', [date, slotId]);
      const booking = await client.query<{ status: string }>('SELECT status FROM crud_bookings WHERE booking_id = $1', [bookingId]);
      const was = booking.rows[0]!.status;
      if (was === 'cancelled') return { bookingId, status: 'cancelled', late: false, creditReturned: false };
      if (was === 'checked-in') fail(409, 'Esa clase ya empezó para ti.');
      const ahead = cls.rows[0]!.starts_at.getTime() - Date.now();
      const late = was === 'booked' && ahead < POLICY.cancelCutoffHours * 3_600_000;
      await client.query(`UPDATE crud_bookings SET status = 'cancelled', late = $2 WHERE booking_id = $1`, [bookingId, late]);
      if (!late)
        await client.query('UPDATE crud_credits SET classes_left = classes_left + 1 WHERE member_id = $1 AND classes_left IS NOT NULL', [request.user]);
      if (was === 'booked' && ahead >= POLICY.waitlistCutoffHours * 3_600_000)
        await client.query(
          `UPDATE crud_bookings SET status = 'booked' WHERE booking_id =
             (SELECT booking_id FROM crud_bookings WHERE date = $1 AND slot_id = $2 AND status = 'waitlisted' ORDER BY seq LIMIT 1)`,
          [date, slotId],
        );
      return { bookingId, status: 'cancelled', late, creditReturned: !late };
    });
  }

  @Post('staff/classes/:date/:slotId/check-ins')
  @HttpCode(200)
  async checkIn(@Req() request: Authed, @Param('date') date: string, @Param('slotId') slotId: string, @Body() body: { bookingId?: unknown }) {
    if (!request.staff) throw new ForbiddenException('Solo el personal del estudio.');
    if (typeof body?.bookingId !== 'string' || !UUID.test(body.bookingId) || !DATE.test(date) || !UUID.test(slotId))
      fail(404, 'Esa reserva no es de esta clase.');
    const { rows } = await this.db.pool.query<{ member_id: string; checked_in_at: Date }>(
      `UPDATE crud_bookings SET status = 'checked-in', checked_in_at = coalesce(checked_in_at, now())
        WHERE booking_id = $1 AND date = $2 AND slot_id = $3 AND status IN ('booked', 'checked-in') RETURNING member_id, checked_in_at`,
      [body.bookingId, date, slotId],
    );
    if (!rows[0]) fail(404, 'Esa reserva no es de esta clase.');
    return { bookingId: body.bookingId, memberId: rows[0]!.member_id, status: 'checked-in', checkedInAt: rows[0]!.checked_in_at };
  }

  @Get('staff/classes/:date/:slotId/roster')
  async roster(@Req() request: Authed, @Param('date') date: string, @Param('slotId') slotId: string) {
    if (!request.staff) throw new ForbiddenException('Solo el personal del estudio.');
    const { rows } = await this.db.pool.query<{ booking_id: string; member_id: string; status: string; checked_in_at: Date | null; capacity: number }>(
      `SELECT b.booking_id, b.member_id, b.status, b.checked_in_at, c.capacity FROM crud_classes c
         LEFT JOIN crud_bookings b ON b.date = c.date AND b.slot_id = c.slot_id AND b.status <> 'cancelled'
        WHERE c.date = $1 AND c.slot_id = $2 ORDER BY b.seq`,
      [date, slotId],
    );
    if (!rows[0]) fail(404, 'Esa clase no existe.');
    const bookings = rows.filter((row) => row.booking_id);
    return {
      date,
      slotId,
      capacity: rows[0]!.capacity,
      booked: bookings
        .filter((row) => row.status !== 'waitlisted')
        .map((row) => ({ bookingId: row.booking_id, memberId: row.member_id, name: 'Socio', status: row.status, checkedInAt: row.checked_in_at, strap: null })),
      waitlist: bookings
        .filter((row) => row.status === 'waitlisted')
        .map((row, index) => ({ bookingId: row.booking_id, memberId: row.member_id, name: 'Socio', position: index + 1 })),
    };
  }
}

/** The public timetable (/horarios): this week's and next week's classes with free spots, no session. */
@Controller('api/timetable')
class CrudTimetableController {
  constructor(private readonly db: Db) {}

  @Get()
  async timetable() {
    const monday = (() => {
      const date = today();
      const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
      return plusDays(date, -weekday);
    })();
    const { rows } = await this.db.pool.query<ClassRow>(CLASSES_SQL, [monday, plusDays(monday, 13)]);
    return { classes: rows.map(({ startsAt: _startsAt, waitlist: _waitlist, ...row }) => ({ ...row, free: Math.max(0, row.capacity - row.booked) })) };
  }
}

@Module({ controllers: [CrudBookingController, CrudTimetableController], providers: [Db, JwtGuard] })
class CrudBookingModule {}

/** The peer in its own process, as a separate service would run. */
export async function startCrudBookings(databaseUrl: string, jwk: object, port: number): Promise<{ child: ChildProcess; port: number; stop(): Promise<void> }> {
  const child = fork(path.join(__dirname, 'crud-bookings.js'), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, CRUD_DATABASE_URL: databaseUrl, CRUD_PORT: String(port), CRUD_JWK: JSON.stringify(jwk) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`The CRUD booking peer exited with ${code}`)));
  });
  return {
    child,
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

async function main(): Promise<void> {
  JwtGuard.key = createPublicKey({ key: JSON.parse(process.env.CRUD_JWK!) as import('node:crypto').JsonWebKey, format: 'jwk' });
  const app = await NestFactory.create(CrudBookingModule, { logger: false });
  await app.listen(Number(process.env.CRUD_PORT), '127.0.0.1');
  process.on('message', (message) => {
    if (message === 'stop')
      void app
        .close()
        .then(() => app.get(Db).pool.end())
        .then(() => process.exit(0));
  });
  process.send!('ready');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
