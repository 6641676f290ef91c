import { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { activeGenerations, auditCompletions, buildingCount, projectionTables, tableChecksums, waitCaughtUp } from './support/crash-checks';
import { alive, bearer, exited, freePort, mainJs, postmasterPid, RunningBackend, sql, startBackend } from './support/crash-runtime';
import { call, Catalog, CompletionLedger, driveMember, Member, seededRandom, sendCompletion } from './support/crash-workload';
import { WIZARD_PROFILE } from './support/auth';

/**
 * Issue 10, point 3: the compiled backend on its embedded PostgreSQL is killed with SIGKILL
 * at SOAK_KILLS (default 20) seeded random moments while members write, half of them while
 * a staff rebuild of every projection runs. After each restart, once the projections have
 * caught up: every projection table equals (row count + digest of every row) a rebuild from
 * scratch into new generations, no accepted completion is lost or counted twice (log and
 * read model), and the postmaster orphaned by the kill was recovered by the start.
 * Run by `npm run test:soak`; prints `kills=K mismatches=M lost=L duplicated=D`.
 */
const SEED = Number(process.env.SOAK_SEED ?? 20261123);
const KILLS = Number(process.env.SOAK_KILLS ?? 20);
const MEMBERS = Number(process.env.SOAK_MEMBERS ?? 8);
const WARMUP_MS = Number(process.env.SOAK_WARMUP_MS ?? 8000);
const dataRoot = path.resolve(__dirname, '..', '..', '.data');
const STAFF_EMAIL = 'soak-staff@pulso.sv';

function say(line: string): void {
  process.stdout.write(`[soak] ${line}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash soak (compiled backend, SIGKILL)', () => {
  let folder: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let pgPort: number;
  let backend: RunningBackend | undefined;

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error('backend/dist/main.js is missing: build the backend first (npm run test:soak does it).');
    mkdirSync(dataRoot, { recursive: true });
    folder = mkdtempSync(path.join(dataRoot, 'soak-'));
    chmodSync(folder, 0o755);
    dataDir = path.join(folder, 'postgres');
    const port = await freePort();
    pgPort = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_DATA_DIR: dataDir,
      DATABASE_URL: '',
      STAFF_EMAILS: STAFF_EMAIL,
      LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'error',
    };
  });

  afterAll(async () => {
    const child: ChildProcess | undefined = backend?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    const pid = dataDir && postmasterPid(dataDir);
    if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
    for (let wait = 0; pid && alive(pid) && wait < 50; wait++) await sleep(100);
    if (folder && !process.env.SOAK_KEEP_DATA) rmSync(folder, { recursive: true, force: true });
  });

  it(
    `survives ${KILLS} SIGKILLs during live projection and rebuilds`,
    async () => {
      const random = seededRandom(SEED);
      const ledger = new CompletionLedger();
      const counters = { requests: 0, failures: 0, serverErrors: [] as string[] };
      const totals = { kills: 0, killsDuringRebuild: 0, killsLive: 0, mismatches: 0, lost: 0, duplicated: 0, strays: 0, unrecovered: 0, retried: 0 };
      const mismatchDetails: string[] = [];
      const everLost = new Set<string>();
      const everDuplicated = new Set<string>();

      backend = await startBackend(env);
      expect((await fetch(`${baseUrl}/api/identity/.well-known/jwks.json`)).status).toBe(200);
      const staff = (await bearer(pgPort, baseUrl, { email: STAFF_EMAIL, staff: true })).auth;
      const members: Member[] = [];
      for (let index = 0; index < MEMBERS; index++) members.push(await bearer(pgPort, baseUrl));
      // Plans take members who finished the wizard.
      for (const member of members)
        expect((await call(baseUrl, 'PUT', '/api/platform-users/profile', member.auth, { profile: WIZARD_PROFILE, completeOnboarding: true }))?.status).toBe(
          200,
        );
      const plans = (await call(baseUrl, 'GET', '/api/plans', members[0].auth))!.body.plans as unknown as Catalog['plans'];
      const workouts = (await call(baseUrl, 'GET', '/api/workouts', members[0].auth))!.body.workouts as unknown as { _id: string }[];
      const catalog: Catalog = { plans: plans.filter((plan) => plan.workouts.length > 0), workoutIds: workouts.map((workout) => workout._id) };
      expect(catalog.plans.length).toBeGreaterThan(0);
      expect(catalog.workoutIds.length).toBeGreaterThan(0);

      /** Members write until `stop` turns true; answers the promise of all their loops. */
      const drive = (stop: () => boolean) => Promise.all(members.map((member) => driveMember(baseUrl, member, catalog, ledger, random, stop, counters)));

      // History first, so a rebuild has something to replay while it is killed.
      let warming = true;
      const warm = drive(() => !warming);
      await sleep(WARMUP_MS);
      warming = false;
      await warm;

      /** After a (re)start: finish the interrupted completions, catch up, compare with a rebuild from scratch, audit. */
      const verify = async (label: string) => {
        for (let round = 0; round < 5 && ledger.byOutcome('unknown').length > 0; round++) {
          for (const attempt of ledger.byOutcome('unknown')) {
            totals.retried++;
            await sendCompletion(baseUrl, attempt);
          }
        }
        await waitCaughtUp(baseUrl, staff);
        const tables = await projectionTables(pgPort);
        expect(tables.length).toBeGreaterThan(0);
        const live = await tableChecksums(pgPort, tables);
        const before = await activeGenerations(pgPort);
        const started = Date.now();
        const answer = await call(baseUrl, 'POST', '/api/staff/projections/rebuild-all', staff);
        expect(answer?.status).toBe(202);
        await waitCaughtUp(baseUrl, staff);
        const rebuildMs = Date.now() - started;
        const after = await activeGenerations(pgPort);
        for (const [name, generation] of Object.entries(before)) expect({ name, newer: after[name] > generation }).toEqual({ name, newer: true });
        const rebuilt = await tableChecksums(pgPort, tables);
        const differing = tables.filter((table) => live[table] !== rebuilt[table]);
        totals.mismatches += differing.length;
        for (const table of differing) mismatchDetails.push(`${label} ${table}: live ${live[table]} rebuilt ${rebuilt[table]}`);
        const audit = await auditCompletions(
          pgPort,
          ledger,
          members.map((member) => member.userId),
        );
        // A completion missing or doubled after any restart counts, even if a later pass saw it right.
        for (const key of audit.lost) everLost.add(key);
        for (const key of audit.duplicated) everDuplicated.add(key);
        say(
          `${label}: tables=${tables.length} differing=${differing.length} rebuild_ms=${rebuildMs} accepted=${audit.accepted} lost=${audit.lost.length} duplicated=${audit.duplicated.length} strays=${audit.strays} unknown=${ledger.byOutcome('unknown').length}`,
        );
        return audit;
      };

      await verify('start');

      // Control: the comparison sees a single changed field, and a rebuild from the log repairs it.
      {
        const tables = await projectionTables(pgPort);
        const clean = await tableChecksums(pgPort, tables);
        await sql(
          pgPort,
          `UPDATE progress_records SET duration_sec = duration_sec + 1 WHERE completion_id = (SELECT min(completion_id) FROM progress_records)`,
        );
        const tampered = await tableChecksums(pgPort, tables);
        expect(tables.filter((table) => clean[table] !== tampered[table])).toEqual(['progress_records']);
        expect((await call(baseUrl, 'POST', '/api/staff/projections/rebuild-all', staff))?.status).toBe(202);
        await waitCaughtUp(baseUrl, staff);
        expect(await tableChecksums(pgPort, tables)).toEqual(clean);
        say('control: a one-field change in progress_records is seen, and a rebuild restores it');
      }

      for (let kill = 1; kill <= KILLS; kill++) {
        const duringRebuild = kill % 2 === 0;
        let stopped = false;
        const writing = drive(() => stopped);
        if (duringRebuild) {
          await sleep(100 + Math.floor(random() * 400));
          const answer = await call(baseUrl, 'POST', '/api/staff/projections/rebuild-all', staff);
          expect(answer?.status).toBe(202);
          await sleep(Math.floor(random() * 150));
        } else {
          await sleep(200 + Math.floor(random() * 1500));
        }
        const building = await buildingCount(pgPort);
        const orphan = postmasterPid(dataDir)!;
        backend.child.kill('SIGKILL');
        await exited(backend.child);
        stopped = true;
        await writing;
        totals.kills++;
        if (building > 0) totals.killsDuringRebuild++;
        else totals.killsLive++;
        const orphanSurvived = alive(orphan);

        backend = await startBackend(env);
        const recovered = !orphanSurvived || (backend.output().includes('recuperado') && !alive(orphan));
        if (!recovered) totals.unrecovered++;
        say(
          `kill ${kill}/${KILLS}: ${duringRebuild ? 'rebuild requested' : 'live'}, building generations at the kill=${building}, orphan postmaster ${orphanSurvived ? 'recovered' : 'gone'}=${recovered}`,
        );
        await verify(`after kill ${kill}`);
      }

      const audit = await verify('final');
      totals.lost = everLost.size;
      totals.duplicated = everDuplicated.size;
      totals.strays = audit.strays;

      backend.child.kill('SIGINT');
      expect(await exited(backend.child)).toBe(0);

      say(
        `seed=${SEED} members=${MEMBERS} requests=${counters.requests} cut_by_kill=${counters.failures} completions_accepted=${audit.accepted} resent_after_restart=${totals.retried} kills_during_rebuild=${totals.killsDuringRebuild} kills_live=${totals.killsLive} unrecovered=${totals.unrecovered} server_errors=${counters.serverErrors.length} strays=${totals.strays}`,
      );
      for (const detail of mismatchDetails.slice(0, 20)) say(`mismatch ${detail}`);
      for (const error of counters.serverErrors.slice(0, 10)) say(`5xx ${error}`);
      say(`kills=${totals.kills} mismatches=${totals.mismatches} lost=${totals.lost} duplicated=${totals.duplicated}`);

      expect(totals.kills).toBe(KILLS);
      expect(mismatchDetails).toEqual([]);
      expect({ lost: [...everLost], duplicated: [...everDuplicated], strays: audit.strays }).toEqual({ lost: [], duplicated: [], strays: 0 });
      expect(ledger.byOutcome('unknown')).toHaveLength(0);
      expect(totals.unrecovered).toBe(0);
      expect(audit.accepted).toBeGreaterThan(0);
    },
    60 * 60 * 1000,
  );
});
