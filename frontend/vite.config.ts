import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const backend = process.env.PULSO_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': backend } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // No manual chunks: a manual 'clerk' group pulled React in with it, so every page loaded
    // the Clerk chunk. The lazy imports in shared/identity already keep Clerk in its own chunks.
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
