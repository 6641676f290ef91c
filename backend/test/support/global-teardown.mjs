import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const handle = globalThis.__PULSO_PG__;
  if (!handle) return;
  await handle.pg.stop();
  await rm(handle.dataDir, { recursive: true, force: true });
}
