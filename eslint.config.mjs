// One lint configuration for both workspaces. Besides the usual TypeScript rules it
// guards the architecture: deciders stay pure, shared code never reaches into
// features, and features never reach into the app shell (imports flow one way).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.bench/**', 'frontend/bench/.out/**', '**/node_modules/**', '**/coverage/**', '.data/**', '**/generated-api.ts', 'frontend/test-results/**', 'frontend/playwright-report/**'] },
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
    // Deciders are pure functions of (command, state): no framework, database or event-store imports.
    files: ['backend/src/**/*.decider.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*', 'typeorm', 'pg', '@eventstore/*', 'express'], message: 'Los deciders son puros: sin Nest, TypeORM, pg ni event store.' },
            { group: ['**/infrastructure/**'], message: 'Los deciders no dependen de la infraestructura.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'Date', message: 'El tiempo llega en el comando.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Los ids llegan en el comando.' }],
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
  {
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/routes/**', '**/app/router*'], message: 'Las features no importan el shell de la app.' }] }],
    },
  },
  {
    files: ['frontend/e2e/**/*.ts', 'frontend/playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
