import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { FreeClassRetentionScheduler, retentionCutoff } from '../src/modules/free-class-bookings/free-class-retention.scheduler';
import { bearerFor } from './support/auth';
import { eventually } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

describe('retentionCutoff', () => {
  it('goes back whole calendar months, the 31st falling back to the month’s last day', () => {
    expect(retentionCutoff('2026-11-24', 12)).toBe('2025-11-24');
    expect(retentionCutoff('2026-03-31', 1)).toBe('2026-02-28');
    expect(retentionCutoff('2026-01-15', 3)).toBe('2025-10-15');
  });
});

/** Free-class bookings are deleted after the retention period by a job that records what it did (ADR 0204). */
describe('free-class bookings retention (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  const http = () => request(t.app.getHttpServer());

  async function booking(classDate: string, email: string): Promise<void> {
    await db.query(
      `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name)
       VALUES ($1, 'Marta', 'Rivas', $2, $3, '+50370001111', $4, '07:00', 'HIIT')`,
      [randomUUID(), String(Math.floor(10_000_000 + Math.random() * 89_999_999)), email, classDate],
    );
    await db.query(
      `INSERT INTO mail_outbox (id, kind, recipient, subject, text_body, transport) VALUES ($1, 'free-class-confirmation', $2, 'Tu clase gratis', 'Hola Marta', 'outbox')`,
      [randomUUID(), email],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ FREE_CLASS_RETENTION_MONTHS: '6' });
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('deletes the bookings (and their confirmation mails) older than the configured months, records the run and shows it to staff', async () => {
    const now = new Date('2026-11-24T15:00:00.000Z');
    await booking('2026-05-23', 'vieja@example.com');
    await booking('2025-01-10', 'muy.vieja@example.com');
    await booking('2026-05-24', 'limite@example.com');
    await booking('2026-11-20', 'reciente@example.com');

    const run = await t.app.get(FreeClassRetentionScheduler).purge(now);
    expect(run).toEqual({ cutoff: '2026-05-24', bookingsDeleted: 2, mailsDeleted: 2 });
    const kept = (await db.query<{ email: string }>('SELECT email FROM free_class_bookings ORDER BY email')).rows.map((row) => row.email);
    expect(kept).toEqual(['limite@example.com', 'reciente@example.com']);
    const mails = (await db.query<{ recipient: string }>('SELECT recipient FROM mail_outbox ORDER BY recipient')).rows.map((row) => row.recipient);
    expect(mails).toEqual(['limite@example.com', 'reciente@example.com']);
    const runs = (await db.query('SELECT cutoff::text AS cutoff, retention_months, bookings_deleted, mails_deleted FROM free_class_retention_runs')).rows;
    expect(runs).toEqual([{ cutoff: '2026-05-24', retention_months: 6, bookings_deleted: 2, mails_deleted: 2 }]);

    // A second run finds nothing more and records nothing more.
    expect(await t.app.get(FreeClassRetentionScheduler).purge(now)).toEqual({ cutoff: '2026-05-24', bookingsDeleted: 0, mailsDeleted: 0 });
    expect((await db.query('SELECT count(*)::int AS n FROM free_class_retention_runs')).rows[0].n).toBe(1);

    // Staff read it in the activity log: counts, never who.
    const items = await eventually(async () => {
      const found: Array<{ type: string; data: Record<string, unknown>; actor: { name?: string } }> = (
        await http().get('/api/staff/events?type=FreeClassBookingsPurged').set('Authorization', staff).expect(200)
      ).body.items;
      expect(found).toHaveLength(1);
      return found;
    });
    expect(items[0].data).toMatchObject({ cutoff: '2026-05-24', retentionMonths: 6, bookingsDeleted: 2, mailsDeleted: 2 });
    expect(items[0].actor.name).toBe('Retención automática');
    expect(JSON.stringify(items[0])).not.toContain('vieja@example.com');
  });
});
