import { Client } from 'pg';

import { createTestApp, type TestApp } from '../../test/support/test-app';
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
  }, 60_000);
  afterAll(async () => {
    await admin.end();
    await app.close();
  });

  const lockHolders = async () =>
    // pg_locks and pg_stat_activity list the whole cluster: other test files' apps run their own
    // dispatchers on the same server, each in its own database.
    (
      await admin.query<{ pid: number }>(`SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a USING (pid)
        WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'escrow-payments-dispatcher' AND a.datname = current_database()`)
    ).rows.map((r) => r.pid);

  it('stops dispatching when its lock connection dies, and takes the lock again', async () => {
    const dispatcher = app.http.get(PaymentDispatcher);
    await eventually(() => dispatcher.dispatching);
    const [first] = await lockHolders();
    expect(first).toBeDefined();

    // With a timeout it returns once the backend is gone (without, the dying backend can still be
    // listed as the lock holder for a moment, and the check below would see it).
    await admin.query('SELECT pg_terminate_backend($1, 5000)', [first]);

    // Without noticing, it would go on dispatching while nobody holds the lock.
    await eventually(async () => dispatcher.dispatching && (await lockHolders()).length === 1);
    const [second] = await lockHolders();
    expect(second).not.toBe(first);
  }, 30_000);

  const submitted = async (key: string) => (await admin.query('SELECT 1 FROM payment_submissions WHERE instruction_key = $1', [key])).rowCount === 1;

  it('hands over a deposit queued behind more waiting payouts than a page of instructions', async () => {
    const dispatcher = app.http.get(PaymentDispatcher);
    await eventually(() => dispatcher.dispatching);
    // 150 payouts, older than the deposit, to a company with no payout account: each waits for one, open.
    await admin.query(
      `INSERT INTO payment_instructions (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at)
       SELECT 'payout:waiting-' || n, 'payout', 991000 + n, 991000 + n, 991000, 991999, 10.00, NULL, 'open', now() - interval '1 hour' + n * interval '1 ms'
         FROM generate_series(1, 150) n`,
    );
    await admin.query(
      `INSERT INTO payment_instructions (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at)
       VALUES ('debit:behind-waiting', 'debit', 992001, 992001, 992001, NULL, 25.00, '1234', 'open', now())`,
    );
    dispatcher.kick();
    await eventually(() => submitted('debit:behind-waiting'));
    const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_submissions WHERE instruction_key LIKE 'payout:waiting-%'`);
    expect(rows[0]!.n).toBe(0);
  }, 30_000);

  it('hands over an instruction that shows up older than those it already handed over', async () => {
    const dispatcher = app.http.get(PaymentDispatcher);
    await eventually(() => dispatcher.dispatching);
    await admin.query(
      `INSERT INTO payment_instructions (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at)
       VALUES ('debit:on-time', 'debit', 993001, 993001, 993001, NULL, 25.00, '1234', 'open', now())`,
    );
    await eventually(() => submitted('debit:on-time'));
    // Decided earlier, seen later: another process's transaction committed late, or a projector
    // caught up after a restart. Its created_at is behind everything handed over so far.
    await admin.query(
      `INSERT INTO payment_instructions (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at)
       VALUES ('debit:seen-late', 'debit', 993002, 993002, 993002, NULL, 25.00, '1234', 'open', now() - interval '10 minutes')`,
    );
    await eventually(() => submitted('debit:seen-late'));
  }, 30_000);

  it('writes the provider reference of a claim whose earlier pass died before writing it', async () => {
    const dispatcher = app.http.get(PaymentDispatcher);
    await eventually(() => dispatcher.dispatching);
    // A claimed payout without its reference, as a pass cut off between claim and write leaves it.
    await admin.query(
      `INSERT INTO payment_instructions (instruction_key, kind, reference_id, original_id, job_id, company_id, amount, bank_last4, status, created_at, completed_at)
       VALUES ('payout:lost-reference', 'payout', 990001, 990001, 990001, NULL, 12.34, '6789', 'completed', now(), now())`,
    );
    await admin.query(`INSERT INTO payment_submissions (instruction_key) VALUES ('payout:lost-reference')`);
    // The dispatcher that made the claim is gone; the one taking over repairs it.
    const [holder] = await lockHolders();
    await admin.query('SELECT pg_terminate_backend($1)', [holder]);

    await eventually(
      async () =>
        (await admin.query(`SELECT 1 FROM payment_submissions WHERE instruction_key = 'payout:lost-reference' AND provider_reference IS NOT NULL`)).rowCount ===
        1,
    );
    const { rows } = await admin.query<{ provider_reference: string; n: number }>(
      `SELECT provider_reference, (SELECT count(*)::int FROM payment_submissions WHERE instruction_key = 'payout:lost-reference') AS n FROM payment_submissions WHERE instruction_key = 'payout:lost-reference'`,
    );
    expect(rows).toEqual([{ provider_reference: expect.stringMatching(/^sbx_[0-9a-f]{16}$/), n: 1 }]);
  }, 30_000);
});
