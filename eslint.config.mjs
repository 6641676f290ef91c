// One lint configuration for both workspaces. Besides the usual TypeScript rules it
// guards the architecture: deciders stay pure, shared code never reaches into
// features, and features never reach into the app shell (imports flow one way).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Backend: a module reaches another only through what that module offers to the rest of the
 * app — its Nest module, events, decider (its rules and messages), rules, read models,
 * commands, queries, DTOs and the member writer. Everything else in a module is its own
 * business. Per folder depth inside a module, the specifiers that climb into a sibling module
 * and name any other file.
 */
const MODULE_PUBLIC = '(.*/)?[a-z-]+\\.(module|events|decider|rules|read-model|command|query|dto)$|dto/|member-streams$';
function moduleBoundary(depth) {
  return {
    regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.)[a-z-]+/(?!${MODULE_PUBLIC})`,
    message:
      'Un módulo importa de otro solo lo que ese módulo ofrece (*.module, *.events, *.decider, *.rules, *.read-model, *.command, *.query, dto/, member-streams).',
  };
}
const DECIDER_PURITY = [
  { group: ['@nestjs/*', 'typeorm', 'pg', '@eventstore/*', 'express'], message: 'Los deciders son puros: sin Nest, TypeORM, pg ni event store.' },
  { group: ['**/infrastructure/**'], message: 'Los deciders no dependen de la infraestructura.' },
];

/**
 * The floors of the backend's domain code, bottom up: rules (`*.rules.ts`) on shared/ and other
 * rules only; the member stream (its events, the fold and the writer) on rules and shared code,
 * never on a feature; each feature's decider on rules, events and other deciders; the use cases
 * on top. A relative specifier that leaves its floor is refused (packages are not concerned).
 */
const RULES_FLOOR = {
  regex: '^(?!(\\.\\./)+shared/)(?!.*\\.rules$)\\.',
  message: 'Las reglas (*.rules.ts) importan solo de shared/ y de otras reglas.',
};
const DECIDER_FLOOR = {
  regex: '^(?!(\\.\\./)+shared/)(?!.*\\.(rules|events|decider)$)\\.',
  message: 'Un decider importa solo reglas, eventos, otros deciders y shared/.',
};
const MEMBER_STREAM_FLOOR = {
  regex: '^\\.\\./(?!\\.\\./)',
  message: 'El flujo del miembro (member.events, member.decider, member-streams) está debajo de las features: no importa de otro módulo.',
};
const MEMBER_STREAM = [
  'backend/src/modules/members/member.events.ts',
  'backend/src/modules/members/member.decider.ts',
  'backend/src/modules/members/member-streams.ts',
];

const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Folder depths inside a feature that get a zone; features are flat today, so two spare levels. */
const FEATURE_DEPTHS = [0, 1, 2];

/**
 * The frontend's import zones (bulletproof-react's): a feature imports only its own files,
 * shared/ and packages, never another feature nor app/. Relative specifiers are all a
 * built-in rule sees, so each feature gets, per folder depth, the one regex of specifiers
 * that leave it for anywhere but shared/.
 */
function featureZone(feature, depth) {
  const up = (times) => `(\\.\\./){${times}}`;
  const allowed = ['\\./', depth > 0 ? `${up(`1,${depth}`)}(?!\\.\\./)` : null, `${up(depth + 1)}${feature}/`, `${up(depth + 2)}shared/`].filter(Boolean);
  return {
    files: [`frontend/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(?!${allowed.join('|')})\\.`, message: 'Una feature importa solo sus propios archivos, shared/ y paquetes: ni otra feature ni app/.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.bench/**',
      'frontend/bench/.out/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      '**/generated-api.ts',
      'frontend/test-results/**',
      'frontend/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Infrastructure, shared code and configuration know nothing of the features built on them.
    files: ['backend/src/infrastructure/**/*.ts', 'backend/src/shared/**/*.ts', 'backend/src/config/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '**/app.module'], message: 'infrastructure/, shared/ y config/ no importan de modules/.' }] },
      ],
    },
  },
  ...[0, 1, 2].map((depth) => ({
    files: [`backend/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    // Tests may reach into other modules' internals to set up a whole read side.
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary(depth)] }] },
  })),
  {
    // Rules are the ground floor: pure functions and constants on shared/ and other rules.
    files: ['backend/src/**/*.rules.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DECIDER_PURITY, RULES_FLOOR] }],
    },
  },
  {
    // Deciders are pure functions of (command, state): no framework, database or event-store imports.
    files: ['backend/src/**/*.decider.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DECIDER_PURITY, DECIDER_FLOOR] }],
      'no-restricted-globals': ['error', { name: 'Date', message: 'El tiempo llega en el comando.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Los ids llegan en el comando.' }],
    },
  },
  {
    // The member stream sits under every feature that writes it: it imports none of them.
    files: MEMBER_STREAM,
    rules: {
      'no-restricted-imports': ['error', { patterns: [MEMBER_STREAM_FLOOR] }],
    },
  },
  {
    files: ['backend/src/modules/members/member.decider.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DECIDER_PURITY, DECIDER_FLOOR, MEMBER_STREAM_FLOOR] }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['frontend/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'shared/ no importa de features/ ni de app/.' }] }],
    },
  },
  ...FEATURES.flatMap((feature) => FEATURE_DEPTHS.map((depth) => featureZone(feature, depth))),
  {
    files: ['frontend/e2e/**/*.ts', 'frontend/playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
