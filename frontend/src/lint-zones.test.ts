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
    expect(await zoneErrors('shared/ui/members-layout.tsx', "import { useCompletionOutboxSync } from '../../features/workout-session/use-completion-outbox';\n")).toEqual([
      expect.stringContaining('shared/ no importa de features/ ni de app/'),
    ]);
    expect(await zoneErrors('shared/lib/labels.ts', "import { routes } from '../../app/router';\n")).toHaveLength(1);
  });

  it("lets a feature import its own files, shared/ and packages", async () => {
    const code = [
      "import { useState } from 'react';",
      "import { planLengthLabel } from './plan-length';",
      "import { api } from '../../shared/api/api';",
      "import { x } from '../plans/x';",
      '',
    ].join('\n');
    expect(await zoneErrors('features/plans/plans-page.tsx', code)).toEqual([]);
    expect(await zoneErrors('features/plans/sub/part.ts', "import { y } from '../plan-length';\nimport { z } from '../../../shared/lib/labels';\n")).toEqual([]);
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
    expect(await errorsAt('backend/src/modules/members/dto/x.dto.ts', "import { progressAsOf } from '../../progress/testing/progress-fold';\n")).toEqual([message]);
    expect(await errorsAt('backend/src/modules/members/member.decider.ts', "import { seedWorkout } from '../catalog/seed/seed-builders';\n")).toEqual([message]);
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
});
