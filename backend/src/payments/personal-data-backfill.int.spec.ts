import { randomUUID } from 'node:crypto';

import { DataSource } from 'typeorm';

import { createSeller, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { grantRuntimeRights, loginOf } from '../infrastructure/database/database-logins';
import { BankAccountPersonalData1763800634000 } from './payments.migrations';

/** Version 1 bank-account events (with the holder's name, address and browser) still read, their holder copied once. */
describe('bank-account events written before personal data left them', () => {
  let app: TestApp;
  afterAll(() => app.close());

  it('read without personal data; the migration copies their holder names', async () => {
    app = await createTestApp();
    const pool = app.db.pool;
    const seller = await createSeller(pool, { name: 'Early Builders', payoutAccount: false });
    const owner = { kind: 'company', id: seller.companyId };
    const acted = { by: seller.userId, byRole: 'user', sessionId: null, ip: '198.51.100.7', browser: 'Old Browser 1.0', owner, at: new Date().toISOString() };
    const v1 = (type: string, data: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      data: { ...acted, ...data },
      metadata: {
        schemaVersion: 1,
        actorId: String(seller.userId),
        actorRole: 'company',
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: acted.at,
      },
    });
    await new PostgresEventStore({ pool }).append(`bank-accounts-company-${seller.companyId}`, [
      v1('BankAccountLinked', {
        bankAccountId: 800_001,
        purpose: 'payout',
        jobId: null,
        holderName: 'Early Holder',
        bankName: 'Old Bank',
        last4: '4321',
        providerToken: 'sbx_ba_800001',
      }),
      v1('MicroDepositsSent', { bankAccountId: 800_001, amounts: ['0.32', '0.45'] }),
    ]);
    // The migration's copy, as on a database that had these events before it ran; migrations run
    // as the database's owner, never as the application's login.
    const asOwner = await new DataSource({ type: 'postgres', url: app.database.url }).initialize();
    const runner = asOwner.createQueryRunner();
    const migration = new BankAccountPersonalData1763800634000();
    await migration.down(runner);
    await migration.up(runner);
    // As every start does after migrating: the application's login gets its rights on new tables.
    await grantRuntimeRights(runner, loginOf(app.database.runtimeUrl).user, []);
    await runner.release();
    await asOwner.destroy();
    expect((await pool.query('SELECT holder_name, company_id, user_id FROM bank_account_holders WHERE bank_account_id = 800001')).rows).toEqual([
      { holder_name: 'Early Holder', company_id: seller.companyId, user_id: null },
    ]);
    const s = new HttpSession(app.http).setCookie('sid', await startSession(pool, seller.userId));
    const deadline = Date.now() + 10_000;
    let body: { payout_accounts?: unknown[] } = {};
    while (Date.now() < deadline && !body.payout_accounts?.length) {
      body = (await s.get('/api/bank-accounts')).body;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(body.payout_accounts).toMatchObject([{ bank_account_id: 800_001, holder_name: 'Early Holder', masked: '••••4321', status: 'pending_verification' }]);
  });
});
