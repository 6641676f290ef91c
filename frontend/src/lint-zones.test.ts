// @vitest-environment node
import { ESLint } from 'eslint';
import path from 'node:path';

/** The repository root, where eslint.config.mjs lives. */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The import-zone errors ESLint reports for `code` as if it were the file at `file` (from the repository root). */
async function errorsAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const zoneErrors = (file: string, code: string) => errorsAt(`frontend/src/${file}`, code);

describe('frontend import zones (eslint.config.mjs)', () => {
  it('stops a feature importing another feature or the app', async () => {
    expect(await zoneErrors('features/plans/plans-page.tsx', "import { selectedEnrollment } from '../dashboard/dashboard-page';\n")).toEqual([
      expect.stringContaining('ni otra feature ni app/'),
    ]);
    expect(await zoneErrors('features/plans/sub/part.ts', "import { x } from '../../dashboard/x';\n")).toHaveLength(1);
    expect(await zoneErrors('features/plans/plans-page.tsx', "import { makeStore } from '../../app/store';\n")).toHaveLength(1);
  });

  it('stops shared/ importing a feature or the app', async () => {
    expect(
      await zoneErrors('shared/ui/members-layout.tsx', "import { useCompletionOutboxSync } from '../../features/workout-session/use-completion-outbox';\n"),
    ).toEqual([expect.stringContaining('shared/ no importa de features/ ni de app/')]);
    expect(await zoneErrors('shared/lib/labels.ts', "import { routes } from '../../app/router';\n")).toHaveLength(1);
  });

  it('lets a feature import its own files, shared/ and packages', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { planLengthLabel } from './plan-length';",
      "import { api } from '../../shared/api/api';",
      "import { x } from '../plans/x';",
      '',
    ].join('\n');
    expect(await zoneErrors('features/plans/plans-page.tsx', code)).toEqual([]);
    expect(await zoneErrors('features/plans/sub/part.ts', "import { y } from '../plan-length';\nimport { z } from '../../../shared/lib/labels';\n")).toEqual(
      [],
    );
  });
});

describe('backend import zones (eslint.config.mjs)', () => {
  it('stops infrastructure/ and shared/ importing a module', async () => {
    expect(await errorsAt('backend/src/infrastructure/projections/x.ts', "import { memberStreamName } from '../../modules/members/member.events';\n")).toEqual([
      expect.stringContaining('no importan de modules/'),
    ]);
    expect(await errorsAt('backend/src/shared/x.ts', "import { ProgressModule } from '../modules/progress/progress.module';\n")).toHaveLength(1);
  });

  it("stops a module reaching into another module's own files, at any folder depth", async () => {
    const message = expect.stringContaining('Un módulo importa de otro solo lo que ese módulo ofrece');
    expect(await errorsAt('backend/src/modules/staff/x.ts', "import { readBatch } from '../progress/member-progress.batch';\n")).toEqual([message]);
    expect(await errorsAt('backend/src/modules/members/dto/x.dto.ts', "import { progressAsOf } from '../../progress/testing/progress-fold';\n")).toEqual([
      message,
    ]);
    expect(await errorsAt('backend/src/modules/members/enroll-in-plan.command.ts', "import { seedWorkout } from '../catalog/seed/seed-builders';\n")).toEqual([
      message,
    ]);
  });

  it('lets a module import what another offers, infrastructure and shared code', async () => {
    const code = [
      "import { figuresAsOf } from '../progress/progress.rules';",
      "import { memberStreamName } from '../members/member.events';",
      "import { MemberStreams } from '../members/member-streams';",
      "import { CatalogReadModel } from '../catalog/catalog.read-model';",
      "import { WorkoutDto } from '../catalog/dto/catalog.dto';",
      "import type { AuthUser } from '../../infrastructure/auth/auth-user';",
      "import { localDateOf } from '../../shared/studio-day';",
      "import { staffStreamName } from './staff-events';",
      '',
    ].join('\n');
    expect(await errorsAt('backend/src/modules/staff/x.ts', code)).toEqual([]);
  });

  it('keeps deciders free of the framework and the infrastructure', async () => {
    expect(await errorsAt('backend/src/modules/members/member.decider.ts', "import { Injectable } from '@nestjs/common';\n")).toEqual([
      expect.stringContaining('Los deciders son puros'),
    ]);
  });

  it('keeps rules on shared/ and other rules', async () => {
    const message = expect.stringContaining('Las reglas (*.rules.ts) importan solo de shared/ y de otras reglas');
    expect(await errorsAt('backend/src/modules/progress/progress.rules.ts', "import type { WorkoutCompleted } from '../members/member.events';\n")).toEqual([
      message,
    ]);
    expect(await errorsAt('backend/src/modules/heart-rate/heart-rate.rules.ts', "import { MemberStreams } from '../members/member-streams';\n")).toEqual([
      message,
    ]);
    expect(await errorsAt('backend/src/modules/privacy/consents.rules.ts', "import { ConsentsReadModel } from './consents.read-model';\n")).toEqual([message]);
    expect(await errorsAt('backend/src/modules/progress/progress.rules.ts', "import { Injectable } from '@nestjs/common';\n")).toHaveLength(1);
    const allowed = [
      "import { MONTHLY_POINTS_TARGET } from '../heart-rate/heart-rate.rules';",
      "import { HEALTH_DATA_FIELDS } from '../members/member-profile.rules';",
      "import { localDateOf } from '../../shared/studio-day';",
      "import { createHmac } from 'node:crypto';",
      '',
    ].join('\n');
    expect(await errorsAt('backend/src/modules/privacy/consents.rules.ts', allowed)).toEqual([]);
  });

  it('keeps deciders on rules, events and other deciders', async () => {
    const message = expect.stringContaining('Un decider importa solo reglas, eventos, otros deciders y shared/');
    expect(await errorsAt('backend/src/modules/heart-rate/heart-rate.decider.ts', "import { MemberStreams } from '../members/member-streams';\n")).toEqual([
      message,
    ]);
    expect(await errorsAt('backend/src/modules/heart-rate/heart-rate.decider.ts', "import { HeartRateReadModel } from './heart-rate.read-model';\n")).toEqual([
      message,
    ]);
    const allowed = [
      "import { summarize } from './heart-rate.rules';",
      "import type { MemberState } from '../members/member.decider';",
      "import type { MemberEvent } from '../members/member.events';",
      "import { intervalTimerOf } from '../interval-timer/interval-timer.decider';",
      "import { normalizeInstant } from '../../shared/studio-day';",
      '',
    ].join('\n');
    expect(await errorsAt('backend/src/modules/progress/workout-completion.decider.ts', allowed)).toEqual([]);
  });

  it('keeps the member stream under the features that write it', async () => {
    const message = expect.stringContaining('El flujo del miembro');
    expect(await errorsAt('backend/src/modules/members/member.events.ts', "import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';\n")).toEqual(
      [message],
    );
    expect(await errorsAt('backend/src/modules/members/member-streams.ts', "import { decideHeartRate } from '../heart-rate/heart-rate.decider';\n")).toEqual([
      message,
    ]);
    expect(await errorsAt('backend/src/modules/members/member.decider.ts', "import { consentKindOf } from '../privacy/consents.rules';\n")).toEqual([message]);
    expect(
      await errorsAt(
        'backend/src/modules/members/member.decider.ts',
        "import { ageOn } from './member-profile.rules';\nimport type { MemberEvent } from './member.events';\n",
      ),
    ).toEqual([]);
  });
});
