import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { seededRandom } from '../src/modules/progress/testing/member-history';
import { benchDatabase, figure, freePort, load, note, seededCatalogue } from './bench-kit';
import { classesAhead, seedMembers, topUpTimetable, type SeededClass, type SeededMember } from './classes-seed';
import { createCrudBookingTables, startCrudBookings } from './crud-bookings';
import { formatSummary, summarise } from './cpu-profile';
import { paced, type PacedCall } from './paced-client';
import { startPulsoServer, type PulsoServer } from './pulso-server';
import { figures } from './traffic-figures';
import { databaseCpuMs, processCpuMs } from './stall-watch';

/**
 * `npm run bench:classes` (docs/performance.md, "Classes"). Its own embedded PostgreSQL; BENCH_MEMBERS
 * members (BENCH_EVENTS_PER_MEMBER history events each, bench/members-seed.ts) each with a membership
 * sold at the desk, and a timetable of BENCH_WEEKLY_CLASSES classes a week (bench/classes-seed.ts);
 * Pulso's server in a process of its own (bench/pulso-server.ts) replays it all, then takes, after
 * BENCH_WARMUP_SECONDS (5) of unmeasured timetable reads:
 * - the burst: BENCH_BURST_MEMBERS members book the first BENCH_BURST_CLASSES classes that start at least
 *   3 h from now, spread evenly over one second (`{ waitlist: true }`, an Idempotency-Key each);
 * - mixed traffic, paced open loop at BENCH_RATE requests/s for BENCH_SECONDS over BENCH_CONNECTIONS
 *   sockets: member timetable reads (`GET /api/classes`) and the public timetable (`GET /api/timetable`),
 *   bookings of the week's classes (BENCH_RETRY_SHARE of them repeating one of the last 50 keys, often in flight), cancellations
 *   of live bookings and staff check-ins of booked ones (today's classes first).
 * Then the same traffic, from the same seeded state, goes to the peer (bench/crud-bookings.ts: a plain
 * CRUD booking table with a row lock on the class, its own process, same PostgreSQL); BENCH_CRUD=0
 * leaves it out. Each side is checked through its routes (every touched class's staff roster) and its
 * store (Pulso: the ClassCreditUsed/Returned events; the peer: its credits table):
 * - overbooked: classes whose roster has more booked + checked-in seats than capacity;
 * - lost: a 201 (not cancelled since) whose booking is not in its class's roster, or a credit used and
 *   not returned whose booking is in no roster;
 * - duplicated: a booking twice in a roster or a member twice in one class, a retried key answered with
 *   another booking, a credit used or returned twice for one booking.
 * Figures go to stdout, `name=value` a line; the last line is
 * `booking_p99_ms=… timetable_p99_ms=… overbooked=… lost=… duplicated=… booking_ratio=… timetable_ratio=…`
 * (ratios: Pulso's p99 over the peer's). Progress goes to stderr.
 *
 * Quick run: BENCH_MEMBERS=100 BENCH_SECONDS=5 npm run bench:classes
 */

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const EVENTS_PER_MEMBER = Number(process.env.BENCH_EVENTS_PER_MEMBER ?? 20);
const WEEKLY_CLASSES = Number(process.env.BENCH_WEEKLY_CLASSES ?? 60);
const BURST_MEMBERS = Math.min(MEMBERS, Number(process.env.BENCH_BURST_MEMBERS ?? 500));
const BURST_CLASSES = Number(process.env.BENCH_BURST_CLASSES ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RETRY_SHARE = Number(process.env.BENCH_RETRY_SHARE ?? 0.05);
const WITH_CRUD = process.env.BENCH_CRUD !== '0';
/** BENCH_CPU_PROFILE=1: a CPU profile of Pulso's server during the burst only, its top functions and packages on stderr. */
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1';
/** Unmeasured timetable reads to each side first (JIT, caches, connections); reads only, so both start from the seeded state. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Classes starting sooner than this are left alone: no late cancellation, no waitlist past its cutoff. */
const BOOKABLE_AHEAD_MS = 3 * 3_600_000;
/** The mixed traffic's shares: member timetable, public timetable, booking, cancellation; the rest check-ins. */
const SHARES = { classes: 0.3, timetable: 0.2, booking: 0.25, cancel: 0.13 };

type Route = 'burst' | 'booking' | 'classes' | 'timetable' | 'cancel' | 'check-in';

interface Booking {
  bookingId: string;
  member: number;
  cls: SeededClass;
  key: string;
  status: 'booked' | 'waitlisted' | 'checked-in' | 'cancelled';
  /** A cancellation or check-in of it is in flight. */
  busy: boolean;
}

interface Sent {
  member?: number;
  cls?: SeededClass;
  key?: string;
  retry?: boolean;
  booking?: Booking;
}

interface SideResult {
  latencies: Record<Route, number[]>;
  statuses: Record<string, number>;
  errors: number;
  bookings: Map<string, Booking>;
  /** Booking requests that repeated a key sent before. */
  retries: number;
  /** Retried keys answered with another booking than their first answer. */
  retriesAnsweredElsewhere: number;
  touched: Map<string, SeededClass>;
  /** CPU time of the side's server and of PostgreSQL (all its processes) during the burst, when /proc tells. */
  burstCpuMs: { server?: number; database?: number };
}

const classKey = (cls: SeededClass) => `${cls.date} ${cls.slotId}`;

function run<S>(
  url: string,
  rate: number,
  seconds: number,
  build: () => PacedCall<S>,
  answered: (route: string, status: number, body: string, latency: number, sent: S | undefined) => void,
): Promise<number> {
  return new Promise((resolve) => paced<S>({ url, rate, seconds, connections: CONNECTIONS }, build, answered, async (totals) => resolve(totals.errors)));
}

/** Reads only, not measured: the member timetable and the public one. */
async function warmUp(url: string, tokens: string[]): Promise<void> {
  if (WARMUP_SECONDS <= 0) return;
  let next = 0;
  await run<undefined>(
    url,
    Math.min(RATE, 100),
    WARMUP_SECONDS,
    (): PacedCall<undefined> => {
      next += 1;
      return next % 2 === 0
        ? { route: 'classes', method: 'GET', path: '/api/classes', headers: { authorization: tokens[next % tokens.length]! } }
        : { route: 'timetable', method: 'GET', path: '/api/timetable', headers: {} };
    },
    () => undefined,
  );
}

/** One side's burst and mixed traffic; the same seed gives the same choices to both sides as far as their answers agree. */
async function drive(
  url: string,
  members: SeededMember[],
  tokens: string[],
  staffToken: string,
  classes: SeededClass[],
  machine: { serverPid: number; dataDir: string },
  profiled?: PulsoServer,
): Promise<SideResult> {
  const random = seededRandom(40);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const result: SideResult = {
    latencies: { burst: [], booking: [], classes: [], timetable: [], cancel: [], 'check-in': [] },
    statuses: {},
    errors: 0,
    bookings: new Map(),
    retries: 0,
    retriesAnsweredElsewhere: 0,
    touched: new Map(),
    burstCpuMs: {},
  };
  const answeredKeys = new Map<string, Booking>();
  const sentKeys: Array<{ member: number; cls: SeededClass; key: string }> = [];
  const json = { 'content-type': 'application/json' };
  const bookingCall = (route: Route, member: number, cls: SeededClass, key: string, retry = false): PacedCall<Sent> => {
    result.touched.set(classKey(cls), cls);
    return {
      route,
      method: 'POST',
      path: `/api/classes/${cls.date}/${cls.slotId}/bookings`,
      headers: { ...json, authorization: tokens[member]!, 'idempotency-key': key },
      body: JSON.stringify({ waitlist: true }),
      completion: { member, cls, key, retry },
    };
  };
  const answered = (route: string, status: number, body: string, latency: number, sent: Sent | undefined) => {
    result.latencies[route as Route].push(latency);
    result.statuses[`${route} ${status}`] = (result.statuses[`${route} ${status}`] ?? 0) + 1;
    if (sent?.booking) sent.booking.busy = false;
    if (sent?.retry) result.retries += 1;
    if ((route === 'burst' || route === 'booking') && status === 201 && sent) {
      const answer = JSON.parse(body) as { bookingId: string; status: 'booked' | 'waitlisted' };
      // A key's first 201 registers its booking, whichever of its attempts answered first; any other must name the same booking.
      const first = answeredKeys.get(sent.key!);
      if (first) {
        if (first.bookingId !== answer.bookingId) result.retriesAnsweredElsewhere += 1;
        return;
      }
      const booking: Booking = { bookingId: answer.bookingId, member: sent.member!, cls: sent.cls!, key: sent.key!, status: answer.status, busy: false };
      answeredKeys.set(sent.key!, booking);
      result.bookings.set(answer.bookingId, booking);
    }
    if (route === 'cancel' && status === 200 && sent?.booking) sent.booking.status = 'cancelled';
    if (route === 'check-in' && status === 200 && sent?.booking) sent.booking.status = 'checked-in';
  };

  // The burst: member i of a shuffled list books class i mod BENCH_BURST_CLASSES.
  const order = members.map((_, index) => index).sort(() => random() - 0.5);
  const burstClasses = classes.slice(0, BURST_CLASSES);
  let next = 0;
  if (profiled) await profiled.sliceStart({ cpuProfile: `.bench/classes-burst-${Date.now()}.cpuprofile`, sliceMs: 1000 });
  const cpuBefore = { server: processCpuMs(machine.serverPid), database: databaseCpuMs(machine.dataDir) };
  result.errors += await run<Sent>(
    url,
    BURST_MEMBERS,
    1,
    () => {
      const member = order[next]!;
      const cls = burstClasses[next % burstClasses.length]!;
      next += 1;
      return bookingCall('burst', member, cls, randomUUID());
    },
    answered,
  );
  const cpuAfter = { server: processCpuMs(machine.serverPid), database: databaseCpuMs(machine.dataDir) };
  for (const part of ['server', 'database'] as const)
    if (cpuBefore[part] !== undefined && cpuAfter[part] !== undefined) result.burstCpuMs[part] = cpuAfter[part] - cpuBefore[part];
  if (profiled) {
    const { profile, notes, cpuMicros } = await profiled.sliceEnd();
    for (const line of notes) note(line);
    note(`the burst took ${(cpuMicros / 1000).toFixed(0)} ms of the server's CPU`);
    if (profile) note(formatSummary(summarise([profile]), 30, BURST_MEMBERS));
  }

  const today = classes[0]?.date;
  const timetableRead = (): PacedCall<Sent> =>
    random() < SHARES.classes / (SHARES.classes + SHARES.timetable)
      ? { route: 'classes', method: 'GET', path: '/api/classes', headers: { authorization: tokens[Math.floor(random() * tokens.length)]! } }
      : { route: 'timetable', method: 'GET', path: '/api/timetable', headers: {} };
  result.errors += await run<Sent>(
    url,
    RATE,
    SECONDS,
    () => {
      const roll = random();
      if (roll < SHARES.classes + SHARES.timetable) return timetableRead();
      if (roll < SHARES.classes + SHARES.timetable + SHARES.booking) {
        // A retry repeats one of the last 50 keys sent, often while its first attempt is still in flight.
        if (random() < RETRY_SHARE && sentKeys.length > 0) {
          const earlier = pick(sentKeys);
          return bookingCall('booking', earlier.member, earlier.cls, earlier.key, true);
        }
        const fresh = { member: Math.floor(random() * members.length), cls: pick(classes), key: randomUUID() };
        sentKeys.push(fresh);
        if (sentKeys.length > 50) sentKeys.shift();
        return bookingCall('booking', fresh.member, fresh.cls, fresh.key);
      }
      const live = [...result.bookings.values()].filter((booking) => !booking.busy);
      if (roll < SHARES.classes + SHARES.timetable + SHARES.booking + SHARES.cancel) {
        const cancellable = live.filter((booking) => booking.status === 'booked' || booking.status === 'waitlisted');
        if (cancellable.length === 0) return timetableRead();
        const booking = pick(cancellable);
        booking.busy = true;
        return {
          route: 'cancel',
          method: 'DELETE',
          path: `/api/classes/bookings/${booking.bookingId}`,
          headers: { authorization: tokens[booking.member]! },
          completion: { booking },
        };
      }
      const booked = live.filter((booking) => booking.status === 'booked');
      const todays = booked.filter((booking) => booking.cls.date === today);
      if (booked.length === 0) return timetableRead();
      const booking = pick(todays.length > 0 ? todays : booked);
      booking.busy = true;
      return {
        route: 'check-in',
        method: 'POST',
        path: `/api/staff/classes/${booking.cls.date}/${booking.cls.slotId}/check-ins`,
        headers: { ...json, authorization: staffToken },
        body: JSON.stringify({ bookingId: booking.bookingId }),
        completion: { booking },
      };
    },
    answered,
  );
  return result;
}

/** A booking's credit: how often it was used and returned; `held` when it is known to belong to a live booking. */
interface Credit {
  bookingId: string;
  used: number;
  returned: number;
  held?: boolean;
}

interface Roster {
  capacity: number;
  booked: Array<{ bookingId: string; memberId: string; status: string }>;
  waitlist: Array<{ bookingId: string; memberId: string }>;
}

/** What each side's routes and store say after its traffic. */
async function check(
  url: string,
  staffToken: string,
  side: SideResult,
  credits: () => Promise<Credit[]>,
): Promise<{ overbooked: number; lost: number; duplicated: number; unreadRosters: number }> {
  let overbooked = 0;
  let lost = 0;
  let duplicated = side.retriesAnsweredElsewhere;
  let unreadRosters = 0;
  const inRoster = new Set<string>();
  for (const cls of side.touched.values()) {
    const response = await fetch(`${url}/api/staff/classes/${cls.date}/${cls.slotId}/roster`, { headers: { authorization: staffToken } });
    if (response.status !== 200) {
      unreadRosters += 1;
      continue;
    }
    const roster = (await response.json()) as Roster;
    const seats = roster.booked.filter((entry) => entry.status === 'booked' || entry.status === 'checked-in').length;
    if (seats > roster.capacity) overbooked += 1;
    const entries = [...roster.booked, ...roster.waitlist];
    duplicated += entries.length - new Set(entries.map((entry) => entry.bookingId)).size;
    duplicated += entries.length - new Set(entries.map((entry) => entry.memberId)).size;
    for (const entry of entries) inRoster.add(entry.bookingId);
  }
  for (const booking of side.bookings.values()) if (booking.status !== 'cancelled' && !inRoster.has(booking.bookingId)) lost += 1;
  const cancelled = new Set([...side.bookings.values()].filter((booking) => booking.status === 'cancelled').map((booking) => booking.bookingId));
  for (const credit of await credits()) {
    duplicated += Math.max(0, credit.used - 1) + Math.max(0, credit.returned - 1);
    if (!credit.held && credit.used > credit.returned && !inRoster.has(credit.bookingId) && !cancelled.has(credit.bookingId)) lost += 1;
  }
  return { overbooked, lost, duplicated, unreadRosters };
}

/** Pulso's credits: the ClassCreditUsed and ClassCreditReturned events of the run, by booking. */
async function pulsoCredits(pool: Pool, after: number) {
  const { rows } = await pool.query<{ booking_id: string; used: number; returned: number }>(
    `SELECT data->>'bookingId' AS booking_id, count(*) FILTER (WHERE event_type = 'ClassCreditUsed')::int AS used,
            count(*) FILTER (WHERE event_type = 'ClassCreditReturned')::int AS returned
       FROM event_store_events WHERE event_type IN ('ClassCreditUsed', 'ClassCreditReturned') AND global_position > $1 GROUP BY 1`,
    [after],
  );
  return rows.map((row) => ({ bookingId: row.booking_id, used: row.used, returned: row.returned }));
}

/**
 * The peer's credits: per member, what the credits table says was used against the bookings holding one
 * (live, or cancelled late): a credit used beyond them reads as lost, a booking beyond them as a credit counted twice.
 */
async function crudCredits(pool: Pool, members: SeededMember[]) {
  const { rows } = await pool.query<{ member_id: string; classes_left: number | null; holding: number }>(
    `SELECT c.member_id, c.classes_left, (SELECT count(*)::int FROM crud_bookings b WHERE b.member_id = c.member_id AND (b.status <> 'cancelled' OR b.late)) AS holding
       FROM crud_credits c`,
  );
  const initial = new Map(members.map((member) => [member.userId, member.classes]));
  const out: Credit[] = [];
  for (const row of rows) {
    const start = initial.get(row.member_id);
    if (start === null || start === undefined || row.classes_left === null) continue;
    const used = start - row.classes_left;
    // A credit used and held by no booking reads as lost (used 1, returned 0, in no roster); one booking too many on a credit as duplicated.
    for (let extra = row.holding; extra < used; extra += 1) out.push({ bookingId: `credit-${row.member_id}-${extra}`, used: 1, returned: 0 });
    for (let short = used; short < row.holding; short += 1) out.push({ bookingId: `credit-${row.member_id}-${short}`, used: 2, returned: 1, held: true });
  }
  return out;
}

function printSide(prefix: string, side: SideResult) {
  const all: Record<string, number[]> = {
    ...side.latencies,
    bookings: [...side.latencies.burst, ...side.latencies.booking],
    timetables: [...side.latencies.classes, ...side.latencies.timetable],
  };
  for (const [route, values] of Object.entries(all)) {
    const f = figures(route, values, 0);
    const name = `${prefix}${route.replace('-', '_')}`;
    figure(`${name}_requests`, f.requests);
    figure(`${name}_p50_ms`, f.p50);
    figure(`${name}_p99_ms`, f.p99);
    figure(`${name}_max_ms`, f.max);
  }
  for (const [status, n] of Object.entries(side.statuses).sort()) figure(`${prefix}status ${status}`, n);
  const perBooking = (ms: number | undefined) => (ms === undefined ? 'n/a' : (ms / Math.max(side.latencies.burst.length, 1)).toFixed(2));
  figure(`${prefix}burst_server_cpu_ms_per_booking`, perBooking(side.burstCpuMs.server));
  figure(`${prefix}burst_database_cpu_ms_per_booking`, perBooking(side.burstCpuMs.database));
  figure(`${prefix}booking_retries`, side.retries);
  figure(`${prefix}transport_errors`, side.errors);
  return { booking: figures('bookings', all.bookings!, 0), timetable: figures('timetables', all.timetables!, 0) };
}

async function main(): Promise<void> {
  const db = await benchDatabase('classes');
  const { config, pool } = db;
  try {
    const catalogue = await seededCatalogue(config);
    const seedStarted = performance.now();
    await topUpTimetable(pool, WEEKLY_CLASSES);
    note(`writing ${MEMBERS} members × ${EVENTS_PER_MEMBER} events and a membership each`);
    const members = await seedMembers(pool, catalogue, MEMBERS, EVENTS_PER_MEMBER, note);
    await pool.query('VACUUM ANALYZE');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const port = await freePort();
    const server = await startPulsoServer(db.url, port);
    note(`seeded in ${seedSeconds.toFixed(1)} s, replayed in ${server.replaySeconds.toFixed(1)} s; load average ${load()}`);

    // The seed as the read side sees it: one membership in force per member, with its classes.
    const held = await pool.query<{ n: string }>('SELECT count(*) AS n FROM member_memberships WHERE NOT expired');
    const membershipsInReadModel = Number(held.rows[0]!.n);
    if (membershipsInReadModel !== members.length) note(`the memberships read model holds ${membershipsInReadModel} memberships for ${members.length} members`);
    const week = await classesAhead(pool, 7);
    const classes = week.filter((cls) => cls.startsAt >= Date.now() + BOOKABLE_AHEAD_MS);
    if (classes.length < BURST_CLASSES) note(`only ${classes.length} classes start 3 h or more from now: the burst spreads over those`);
    const tokens = await server.sign(
      members.map((member) => ({ sub: member.userId, email: `socio-${member.userId.slice(0, 8)}@example.com`, first_name: 'Socio', last_name: 'Bench' })),
    );
    const [staffToken] = await server.sign([
      { sub: randomUUID(), email: 'recepcion@example.com', first_name: 'Recepción', last_name: 'Pulso', org_role: 'org:admin', amr: ['pwd', 'otp'] } as never,
    ]);
    const positionBefore = Number((await pool.query<{ n: string }>('SELECT coalesce(max(global_position), 0) AS n FROM event_store_events')).rows[0]!.n);
    const loadBefore = load();

    note(`burst of ${BURST_MEMBERS} bookings over ${Math.min(BURST_CLASSES, classes.length)} classes, then ${RATE} req/s for ${SECONDS} s: Pulso`);
    // Each side starts after a checkpoint, so that neither meets the other's (or the seed's) dirty pages.
    await pool.query('CHECKPOINT');
    await warmUp(`http://127.0.0.1:${port}`, tokens);
    const pulso = await drive(
      `http://127.0.0.1:${port}`,
      members,
      tokens,
      staffToken!,
      classes,
      { serverPid: server.pid, dataDir: db.dataDir },
      CPU_PROFILE ? server : undefined,
    );
    await server.caughtUp(600_000);
    const pulsoChecks = await check(`http://127.0.0.1:${port}`, staffToken!, pulso, () => pulsoCredits(pool, positionBefore));

    let crud: SideResult | undefined;
    let crudChecks: Awaited<ReturnType<typeof check>> | undefined;
    if (WITH_CRUD) {
      await createCrudBookingTables(pool, week, members);
      const peer = await startCrudBookings(db.url, (await server.jwks()).keys[0]!, await freePort());
      note(`the same traffic: the CRUD peer; load average ${load()}`);
      await pool.query('CHECKPOINT');
      await warmUp(`http://127.0.0.1:${peer.port}`, tokens);
      crud = await drive(`http://127.0.0.1:${peer.port}`, members, tokens, staffToken!, classes, { serverPid: peer.child.pid!, dataDir: db.dataDir });
      crudChecks = await check(`http://127.0.0.1:${peer.port}`, staffToken!, crud, () => crudCredits(pool, members));
      await peer.stop();
    }
    await server.close();

    figure('members', MEMBERS);
    figure('memberships_in_read_model', membershipsInReadModel);
    figure('weekly_classes', week.length);
    figure('bookable_classes', classes.length);
    figure('seed_s', seedSeconds.toFixed(1));
    figure('initial_replay_s', server.replaySeconds.toFixed(1));
    figure('burst_members', BURST_MEMBERS);
    figure('rate_target', RATE);
    figure('seconds', SECONDS);
    const ours = printSide('', pulso);
    figure('bookings_answered_201', pulso.bookings.size);
    figure('unread_rosters', pulsoChecks.unreadRosters);
    let ratios = '';
    if (crud && crudChecks) {
      const theirs = printSide('crud_', crud);
      figure('crud_bookings_answered_201', crud.bookings.size);
      figure('crud_unread_rosters', crudChecks.unreadRosters);
      figure('crud_overbooked', crudChecks.overbooked);
      figure('crud_lost', crudChecks.lost);
      figure('crud_duplicated', crudChecks.duplicated);
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      figure('booking_p50_ratio', ratio(ours.booking.p50, theirs.booking.p50));
      figure('timetable_p50_ratio', ratio(ours.timetable.p50, theirs.timetable.p50));
      ratios = ` booking_ratio=${ratio(ours.booking.p99, theirs.booking.p99)} timetable_ratio=${ratio(ours.timetable.p99, theirs.timetable.p99)}`;
    }
    figure('load_avg_before', loadBefore);
    figure('load_avg_after', load());
    figure('cpus', os.cpus().length);
    figure('booking_p50_ms', ours.booking.p50);
    figure('timetable_p50_ms', ours.timetable.p50);
    process.stdout.write(
      `booking_p99_ms=${ours.booking.p99} timetable_p99_ms=${ours.timetable.p99} overbooked=${pulsoChecks.overbooked} lost=${pulsoChecks.lost} duplicated=${pulsoChecks.duplicated}${ratios}\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
