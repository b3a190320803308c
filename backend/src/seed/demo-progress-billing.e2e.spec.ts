import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { FILE_STORE, type FileStore } from '../attachments';
import { EventStreams, IdsService } from '../command-side';
import { seedDemoProgressBilling } from './demo-progress-billing';
import type { DemoDirectory } from './demo-seed';

/** Issue 38: "The demo seeds one progress-billed project with two certified applications", through the commands, once. */
describe('the demo progress-billed project', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let demo: DemoDirectory;

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Jordan', lastName: 'Buyer' });
    const seller = await createSeller(app.db.pool, { name: 'Saguaro Build Co.', services: ['General Contracting'] });
    const electric = await createCompany(app.db.pool, { name: 'Desert Current Electric' });
    const admin = await createUser(app.db.pool, { role: 'admin' });
    demo = {
      adminId: admin.userId,
      buyerId: buyer.userId,
      sellerId: seller.userId,
      sellerCompanyId: seller.companyId,
      companyIds: [seller.companyId, electric],
    };
  }, 60_000);
  afterAll(() => app.close());

  it('bills two certified applications through the real commands, and a second run appends nothing', async () => {
    const seed = () => seedDemoProgressBilling(app.http.get(EventStreams), app.http.get(IdsService), app.http.get<FileStore>(FILE_STORE), demo);
    const jobId = await seed();
    const count = async () => Number((await app.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
    const after = await count();
    expect(await seed()).toBe(jobId);
    expect(await count()).toBe(after);

    const session = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, buyer.userId));
    const list = await session.get(`/api/job/${jobId}/pay-applications`);
    expect(list.status).toBe(200);
    expect(list.body.map((a: { application_number: number; status: string }) => [a.application_number, a.status])).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
    ]);
    const schedule = await session.get(`/api/job/${jobId}/schedule`);
    expect(schedule.body).toMatchObject({ billing: 'progress', contract_sum: '86000.00', open_application_number: null });
    const second = await session.get(`/api/job/${jobId}/pay-applications/2`);
    expect(second.body.certification).toMatchObject({ by: buyer.userId, by_role: 'buyer' });
    const types = (await app.db.pool.query<{ type: string }>(`SELECT type FROM events WHERE stream_id = $1`, [`billing-${jobId}`])).rows.map((r) => r.type);
    expect(types.filter((t) => t === 'PayApplicationCertified')).toHaveLength(2);
    expect(types.filter((t) => t === 'PayApplicationPaymentReleased')).toHaveLength(2);
    // The wire stored on site comes with its invoice, which the buyer downloads beside the line.
    const [invoice] = (await session.get(`/api/job/${jobId}/billing/attachments`)).body;
    expect(invoice).toMatchObject({ name: 'Invoice 4471 wire.pdf', media_type: 'application/pdf' });
    expect((await session.get(`/api/job/${jobId}/pay-applications/1`)).body.lines[2].billed.evidence).toEqual([invoice.attachment_id]);
    expect(String((await session.get(invoice.download_url)).body)).toContain('Copper State Electrical Supply');
  });
});
