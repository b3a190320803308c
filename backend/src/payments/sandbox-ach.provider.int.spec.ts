import { SANDBOX_TEST_ACCOUNTS } from '@escrow/domain';
import { Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { createMigratedTestDatabase } from '../../test/support/test-app';
import type { PaymentInstruction, ProviderReport } from './payment-provider.port';
import { SandboxAchProvider } from './sandbox-ach.provider';

/** What a deposit drawn from a sandbox account reports, in order, as SANDBOX_TEST_ACCOUNTS says it. */
const REPORTS_OF = { settles: ['deposit-settled'], fails: ['deposit-failed'], returned: ['deposit-settled', 'deposit-returned'] } as const;

describe('the sandbox ACH provider', () => {
  let database: TestDatabase;
  let pool: Pool;
  let provider: SandboxAchProvider;
  const reports: ProviderReport[] = [];
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    provider = new SandboxAchProvider(pool, 0, { unit: 'ms', ms: 5000 });
    provider.onReport(async (report) => void reports.push(report));
  });
  afterAll(async () => {
    await provider.close();
    await pool.end();
    await database.drop();
  });

  const debit = (key: string, bankLast4: string): PaymentInstruction => ({
    instructionKey: key,
    kind: 'debit',
    referenceId: 1,
    originalId: 1,
    projectId: 1,
    companyId: null,
    amount: '100.00',
    bankLast4,
    payoutAccount: null,
    status: 'open',
    correlationId: null,
  });
  const reportsFor = async (key: string, count: number) => {
    const deadline = Date.now() + 5000;
    while (reports.filter((r) => r.instruction.instructionKey === key).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return reports.filter((r) => r.instruction.instructionKey === key);
  };

  it.each([...SANDBOX_TEST_ACCOUNTS.map((a) => [a.last4, a.outcome] as const), ['6789', 'settles'] as const])(
    'treats a deposit from an account ending in %s as the shared table says: %s',
    async (last4, outcome) => {
      const key = `debit-${last4}`;
      await provider.submit(debit(key, last4));
      const got = await reportsFor(key, REPORTS_OF[outcome].length);
      expect(got.map((r) => r.kind)).toEqual(REPORTS_OF[outcome]);
      const code = SANDBOX_TEST_ACCOUNTS.find((a) => a.last4 === last4)?.returnCode;
      if (outcome === 'fails') expect(got[0]).toMatchObject({ reason: expect.stringContaining(code!) });
      if (outcome === 'returned') expect(got[1]).toMatchObject({ returnCode: code });
    },
  );
});
