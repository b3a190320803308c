import { Client } from 'pg';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { PaymentDispatcher } from './payment-dispatcher';

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('PaymentDispatcher lock', () => {
  let app: TestApp;
  let admin: Client;
  beforeAll(async () => {
    app = await createTestApp();
    admin = new Client({ connectionString: app.database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await app.close();
  });

  const lockHolders = async () =>
    (await admin.query<{ pid: number }>(`SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a USING (pid)
        WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'escrow-payments-dispatcher'`)).rows.map((r) => r.pid);

  it('stops dispatching when its lock connection dies, and takes the lock again', async () => {
    const dispatcher = app.http.get(PaymentDispatcher);
    await eventually(() => dispatcher.dispatching);
    const [first] = await lockHolders();
    expect(first).toBeDefined();

    await admin.query('SELECT pg_terminate_backend($1)', [first]);

    // Without noticing, it would go on dispatching while nobody holds the lock.
    await eventually(async () => dispatcher.dispatching && (await lockHolders()).length === 1);
    const [second] = await lockHolders();
    expect(second).not.toBe(first);
  }, 30_000);
});
