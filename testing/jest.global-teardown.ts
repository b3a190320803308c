import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __ESCROW_TEST_PG__?: { pg: { stop(): Promise<void> }; dir: string } }).__ESCROW_TEST_PG__;
  if (!started) return;
  await started.pg.stop();
  rmSync(started.dir, { recursive: true, force: true });
}
