import { type CreatedUser, createSeller, createUser, HttpSession, TEST_PASSWORD } from './support/http-session';
import { createTestApp, type TestApp } from './support/test-app';

const RETAINAGE_FORM =
  'Enter the retainage as a percentage from 0 to 10 written as a plain number, like 5 or 2.50: at most two decimals, no % sign, spaces or leading zeros.';
const PERCENT_FORM = 'Enter each percentage as a plain number from 0 to 100, like 25 or 12.5: at most two decimals, no % sign, spaces or leading zeros.';

/**
 * Issue 23, point a, over HTTP: a percentage a request carries as text (a project's retainage, a
 * payee's share) is read in one form, digits with at most two decimals; " 5", "5%" or "05" get a
 * 400 naming that form and change nothing. The project terms and the milestone routes live in two
 * contexts (retainage, milestones); one file checks both, as the rule is one.
 */
describe('percentages in requests', () => {
  let app: TestApp;
  let seller: CreatedUser & { companyId: number };
  let session: HttpSession;
  let projectId: number;

  beforeAll(async () => {
    app = await createTestApp();
    const buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting' });
    session = new HttpSession(app.http);
    await session.login(seller.email, TEST_PASSWORD);
    const created = await session.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'Framing',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    });
    expect(created.status).toBe(201);
    projectId = created.body.job_id as number;
  }, 60_000);
  afterAll(() => app.close());

  const retainage = async () => (await session.get(`/api/job/${projectId}/retainage`)).body.retainage_percent as string;

  it.each([' 5', '5%', '05', '5 %', '2,5', '+5', '.5'])('refuses the retainage %j with a 400 naming the accepted form, changing nothing', async (bad) => {
    const before = await retainage();
    const answer = await session.put(`/api/job/${projectId}/terms`, { retainage_percent: bad, site_state: null });
    expect([answer.status, answer.body.message]).toEqual([400, RETAINAGE_FORM]);
    expect(await retainage()).toBe(before);
  });

  it.each([
    ['5', '5.00'],
    ['5.00', '5.00'],
    ['2.5', '2.50'],
    ['0', '0.00'],
    ['10', '10.00'],
    [7.25, '7.25'],
  ])('takes the retainage %j as %s', async (percent, stored) => {
    const answer = await session.put(`/api/job/${projectId}/terms`, { retainage_percent: percent, site_state: null });
    expect([answer.status, answer.body.retainage_percent]).toEqual([200, stored]);
  });

  it('refuses a payee percentage in another form with a 400 naming the plain one, proposing nothing', async () => {
    const propose = (percentage: string | number) =>
      session.post('/api/milestone', {
        job_id: projectId,
        title: 'Framing',
        definition: 'Walls framed.',
        amount: '1000.00',
        payees: [{ jc_id: seller.companyId, type: 'percent', percentage, includeFee: false }],
      });
    for (const bad of [' 25', '25%', '025', '$25', '2,5']) {
      const answer = await propose(bad);
      expect([bad, answer.status, answer.body.message]).toEqual([bad, 400, PERCENT_FORM]);
    }
    expect((await session.get(`/api/job/${projectId}/milestones`)).body).toEqual([]);
    // The forms the portal sends (the text of a number field, or a number) are taken.
    expect((await propose('100')).status).toBe(201);
    expect((await propose(100)).status).toBe(201);
  });
});
