export default async function globalTeardown() {
  const pg = globalThis.__ESCROW_TEST_PG__;
  if (pg) await pg.stop();
}
