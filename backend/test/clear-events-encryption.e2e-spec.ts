import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import request from 'supertest';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EventStore, type RecordedEvent } from '../src/infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres/postgres-event-store';
import { DataKeys } from '../src/infrastructure/privacy/data-keys';
import { ClearEventsEncryption, CLEAR_EVENTS_MIGRATION } from '../src/infrastructure/privacy/encrypt-clear-events';
import { EncryptingEventStore } from '../src/infrastructure/privacy/encrypting-event-store';
import { PersonalDataPolicy } from '../src/infrastructure/privacy/personal-data-policy';
import { MEMBER_PERSONAL_FIELDS } from '../src/modules/members/member-personal-data.rules';
import { MEMBER_STREAM_PREFIX, memberStreamName } from '../src/modules/members/member.events';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Events recorded in clear before personal fields were encrypted (ADR 0203). A real history is
 * written through the API, then turned back into the shape an older database holds (personal
 * fields in clear, no data keys, no migration recorded); the boot-time migration must encrypt
 * exactly those fields in place, keep everything else, read back the same, run once, and leave
 * the old events under the erasure like new ones.
 */
describe('encrypting the events stored in clear before encryption (e2e)', () => {
  let t: TestApp;
  let pool: Pool;
  const members = [randomUUID(), randomUUID(), randomUUID()];
  const http = () => request(t.app.getHttpServer());

  /** A fresh process's view: its own key cache, policy and store over the same database. */
  function freshProcess() {
    const keys = new DataKeys(pool, t.config);
    const policy = new PersonalDataPolicy(keys);
    policy.register({ streamPrefix: MEMBER_STREAM_PREFIX, fields: MEMBER_PERSONAL_FIELDS });
    return {
      keys,
      policy,
      store: new EncryptingEventStore(new PostgresEventStore(pool), policy),
      migration: new ClearEventsEncryption(pool, t.config, policy),
    };
  }

  const raw = async () =>
    (
      await pool.query<{
        event_id: string;
        stream_id: string;
        stream_revision: string;
        global_position: string;
        event_type: string;
        data: string;
        metadata: string;
      }>(
        `SELECT event_id::text, stream_id, stream_revision::text, global_position::text, event_type, data::text AS data, metadata::text AS metadata
           FROM event_store_events ORDER BY transaction_id, global_position`,
      )
    ).rows;

  const plain = (events: RecordedEvent[]) =>
    events.map((event) => ({ id: event.metadata.eventId, type: event.type, revision: event.revision.toString(), data: event.data }));

  beforeAll(async () => {
    t = await createTestApp();
    pool = t.app.get<Pool>(PG_POOL);
    // Real-shaped history for three members: profiles, timers of their own, interval-timer sessions, leaderboard labels.
    const plans: Array<{ workouts: Array<{ _id: string }> }> = (
      await http()
        .get('/api/plans')
        .set('Authorization', await bearerFor(t))
        .expect(200)
    ).body.plans;
    for (const [index, userId] of members.entries()) {
      const auth = await bearerFor(t, { userId, firstName: ['Ana', 'Beatriz', 'Carmen'][index], lastName: 'Alvarado' });
      await http()
        .put('/api/platform-users/profile')
        .set('Authorization', auth)
        .send({
          profile: {
            dateOfBirth: `199${index}-06-1${index}`,
            gender: 'female',
            height: 160 + index,
            weight: 60 + index,
            fitnessLevel: 'beginner',
            goals: ['Perder peso', `Meta propia ${index}`],
          },
        })
        .expect(200);
      await http()
        .put('/api/platform-users/profile')
        .set('Authorization', auth)
        .send({ profile: { weight: 58 + index } })
        .expect(200);
      await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .send({ name: `Mi rutina ${index}`, workSec: 40, restSec: 20, rounds: 8, sets: 2, setRestSec: 60 })
        .expect(201);
      await http()
        .post('/api/progress/complete')
        .set('Authorization', auth)
        .send({
          workoutId: 'interval-timer',
          planId: null,
          enrollmentId: null,
          durationSec: 240,
          intervalTimer: { kind: 'tabata', name: `Tabata de ${index}`, workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 },
        })
        .expect(200);
      await http()
        .post('/api/progress/complete')
        .set('Authorization', auth)
        .send({ workoutId: plans[0].workouts[0]._id, planId: null, enrollmentId: null })
        .expect(200);
      await http()
        .put('/api/challenges/leaderboard-preference')
        .set('Authorization', auth)
        .send({ visible: true, showName: index !== 1 })
        .expect(200);
    }
    // Back to the shape a database had before this change: every personal field in clear, no keys, nothing recorded.
    const store = t.app.get(EventStore);
    for (const userId of members) {
      for (const event of await store.readStream(memberStreamName(userId))) {
        await pool.query('UPDATE event_store_events SET data = $2::json WHERE event_id = $1::uuid', [event.metadata.eventId, JSON.stringify(event.data)]);
      }
    }
    await pool.query('DELETE FROM member_data_keys');
    await pool.query('DELETE FROM personal_data_migrations');
  });

  afterAll(async () => {
    await t.close();
  });

  it('encrypts only the personal fields, in place, keeps ids, positions and reads, runs once, and the erasure then covers the old events', async () => {
    const before = await raw();
    expect(before.some((row) => row.data.includes('Meta propia 1'))).toBe(true);
    const cleared = freshProcess();
    const readBefore = await Promise.all(members.map(async (userId) => plain(await cleared.store.readStream(memberStreamName(userId)))));

    const rewritten = await cleared.migration.run();
    // Per member: two profile updates, a timer, an interval-timer session, a leaderboard label.
    expect(rewritten).toBe(members.length * 5);
    const after = await raw();
    expect(after.map(({ data: _data, ...row }) => row)).toEqual(before.map(({ data: _data, ...row }) => row));
    // What must not be left in clear was there before.
    expect(before.map((row) => row.data).join('\n')).toMatch(/"199\d-06-1\d/);
    for (const [index, row] of after.entries()) {
      const wasPersonal = before[index].data !== row.data;
      if (wasPersonal) expect(row.data).toContain('pulso:enc:v1:');
      for (const value of ['Meta propia', 'Mi rutina', 'Tabata de', '"after":16', '"after":5', 'Alvarado', 'A. A.']) {
        expect(row.data).not.toContain(value);
      }
      // The dates of birth, whole (a random id may well start with "199").
      expect(row.data).not.toMatch(/"199\d-06-1\d/);
    }
    // The rest of each payload is untouched: ids, days, durations in clear.
    const completions = after.filter((row) => row.event_type === 'WorkoutCompleted').map((row) => JSON.parse(row.data));
    expect(completions.every((data) => typeof data.durationSec === 'number' && typeof data.localDate === 'string')).toBe(true);
    expect((await pool.query('SELECT count(DISTINCT subject)::int AS n FROM member_data_keys')).rows[0].n).toBe(members.length);

    // Another process reads the same history as before the migration.
    const reader = freshProcess();
    const readAfter = await Promise.all(members.map(async (userId) => plain(await reader.store.readStream(memberStreamName(userId)))));
    expect(readAfter).toEqual(readBefore);

    // Once recorded it never runs again, and a forced second pass finds nothing in clear.
    expect(await reader.migration.run()).toBe(0);
    expect((await pool.query('SELECT events_rewritten FROM personal_data_migrations WHERE name = $1', [CLEAR_EVENTS_MIGRATION])).rows).toEqual([
      { events_rewritten: members.length * 5 },
    ]);
    await pool.query('DELETE FROM personal_data_migrations');
    expect(await freshProcess().migration.run()).toBe(0);

    // The erasure now covers the events stored before encryption.
    await reader.keys.destroy(members[1]);
    const erased = await freshProcess().store.readStream(memberStreamName(members[1]));
    const profile = erased.find((event) => event.type === 'ProfileUpdated')!.data as { changes: Record<string, unknown> };
    expect(profile.changes.height).toEqual({ before: '[borrado]', after: '[borrado]' });
    expect(profile.changes.goals).toEqual({ before: ['[borrado]'], after: ['[borrado]'] });
    expect((erased.find((event) => event.type === 'TimerPresetSaved')!.data as { preset: { name: string; workSec: number } }).preset).toMatchObject({
      name: '[borrado]',
      workSec: 40,
    });
    const others = await freshProcess().store.readStream(memberStreamName(members[2]));
    expect(JSON.stringify(others.map((event) => event.data))).toContain('Mi rutina 2');
  });
});
