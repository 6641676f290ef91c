// @vitest-environment node
import { ESLint } from 'eslint';
import path from 'node:path';

/** The repository root, where eslint.config.mjs lives. */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'frontend/src', file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

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
