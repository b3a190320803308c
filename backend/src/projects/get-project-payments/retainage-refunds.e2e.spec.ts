import { paidOutRetainedProject } from '../../../test/support/escrow-project';
import { eventually } from '../../../test/support/event-store-fixture';
import { type CreatedUser, createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../../test/support/http-session';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/**
 * Refunds are listed where people look for them (issue 23): the project's payments and the
 * console's payments page. Retainage an administrator gives back to the buyer is a refund too,
 * marked as retainage.
 */
describe('retainage refunds among the refunds', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let admin: CreatedUser;
  const as = async (user: CreatedUser) => {
    const session = new HttpSession(app.http);
    await session.login(user.email, TEST_PASSWORD);
    return session;
  };

  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting' });
    admin = await createUser(app.db.pool, { role: 'admin' });
  }, 60_000);
  afterAll(() => app.close());

  it('lists the retainage given back to the buyer on the project payments and the console payments, marked as retainage', async () => {
    const s = await as(seller);
    const b = await as(buyer);
    const a = await as(admin);
    const { jobId: projectId, milestoneId: mId } = await paidOutRetainedProject({ buyer, seller, sessions: { buyer: b, seller: s } }, '10', '1000.00');
    await eventually(
      () => b.get(`/api/job/${projectId}/payments`),
      (answer) => answer.body.retainage?.[0]?.withheld === '100.00',
    );
    expect((await b.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'The railing is missing.' })).status).toBe(200);
    expect((await a.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund', note: 'Railing missing.' })).status).toBe(200);

    // The project's payments: the $100.00 of retainage is a refund, marked as retainage, and paid by the sandbox.
    const payments = await eventually(
      () => b.get(`/api/job/${projectId}/payments`),
      (answer) => answer.body.refunds.some((r: { status: string }) => r.status === 'paid'),
    );
    expect(payments.body.refunds).toEqual([
      expect.objectContaining({ milestone_id: mId, amount: '100.00', reason: 'retainage', status: 'paid', paid_at: expect.any(String) }),
    ]);

    // The console's payments: among the refunds, with the buyer as the party and marked as retainage.
    const refunds = (await a.get(`/api/admin/payments?kind=refund&job_id=${projectId}`)).body;
    expect(refunds).toEqual([
      expect.objectContaining({
        kind: 'refund',
        job_id: projectId,
        original_id: mId,
        amount: '100.00',
        status: 'paid',
        party: buyer.name,
        party_role: 'buyer',
        retainage: true,
      }),
    ]);
    const all = (await a.get(`/api/admin/payments?job_id=${projectId}`)).body as { kind: string; retainage: boolean }[];
    expect(all.filter((p) => p.kind !== 'refund').every((p) => p.retainage === false)).toBe(true);
    const csv = String((await a.get(`/api/admin/payments?kind=refund&job_id=${projectId}&format=csv`)).body)
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('kind,id,job_id,milestone_id,amount,fee,status,created_at,completed_at,party,party_role,retainage');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^refund,\d+,\d+,\d+,100\.00,,paid,.*,true$/);
  });
});
