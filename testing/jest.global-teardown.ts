export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __ESCROW_TEST_PG__?: { stop(): Promise<void> } }).__ESCROW_TEST_PG__;
  if (pg) await pg.stop();
}
