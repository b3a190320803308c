import { BILLING_MEMBER_ACTIONS, type BillingMemberAction, COMPANY_ROLES, DEFAULT_SIGNING_POLICY, mayDo, roleRefusalMessage } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';

import { submitProject } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { uploadBillingFile } from '../../test/support/multipart';
import { pdfText } from '../../test/support/pdf-text';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 38 over HTTP: the worked example of docs/progress-billing.md (a $100,000.00 schedule, a
 * change order, three pay applications, a certification with a refused and a reduced line),
 * checked to the cent, and who may do what.
 */
describe('progress billing', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let certifier: CreatedUser;
  let outsider: CreatedUser;
  let concrete: number;
  let decks: number;
  const session = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp }));

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    certifier = await createUser(app.db.pool, { firstName: 'Ada', lastName: 'Architect' });
    outsider = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool) });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
    decks = await createCompany(app.db.pool, { name: 'Sun Decks' });
  }, 60_000);
  afterAll(() => app.close());

  const line = (number: string, description: string, scheduledValue: string, payeeId: number, reduction: object | null = null) => ({
    number,
    description,
    scheduled_value: scheduledValue,
    payee_id: payeeId,
    retainage: { rate: '10', reduction },
  });

  /** A submitted progress-billed project between the buyer and the seller, with the example's schedule approved. */
  async function progressProject(s: HttpSession, b: HttpSession) {
    const created = await s.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'General Contracting',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    });
    expect(created.status).toBe(201);
    const jobId = created.body.job_id as number;
    expect(await s.put(`/api/job/${jobId}/billing`, { method: 'progress' })).toMatchObject({ status: 200, body: { billing: 'progress', viewer: 'company' } });
    await submitProject(s, jobId);
    expect((await s.put(`/api/job/${jobId}/billing`, { method: 'milestones' })).status).toBe(409);

    const first = await s.post(`/api/job/${jobId}/schedule`, { lines: [line('1', 'Site work', '20000.00', seller.companyId)] });
    expect(first).toMatchObject({ status: 201, body: { versions: [{ status: 'proposed', contract_sum: '20000.00', version_number: 1 }] } });
    const v1 = first.body.versions[0].version_id as number;
    expect(await b.post(`/api/job/${jobId}/schedule/${v1}/reject`, { reason: 'Concrete and framing are missing.' })).toMatchObject({
      status: 200,
      body: { versions: [{ status: 'rejected', rejection: { reason: 'Concrete and framing are missing.' } }] },
    });
    const second = await s.post(`/api/job/${jobId}/schedule`, {
      based_on_version_id: v1,
      lines: [
        line('1', 'Site work', '20000.00', seller.companyId),
        line('2', 'Concrete', '30000.00', concrete, { to_rate: '5', at_percent_complete: '50' }),
        line('3', 'Framing', '50000.00', seller.companyId),
      ],
    });
    expect(second.status).toBe(201);
    const v2 = second.body.versions[1].version_id as number;
    // Only the buyer approves; the seller proposed it.
    expect((await s.post(`/api/job/${jobId}/schedule/${v2}/approve`)).status).toBe(403);
    const approved = await b.post(`/api/job/${jobId}/schedule/${v2}/approve`);
    expect(approved).toMatchObject({
      status: 200,
      body: {
        current_version_id: v2,
        // Numbered in the project as proposed, whatever the store's ids (shared by every project).
        current_version_number: 2,
        original_contract_sum: '100000.00',
        contract_sum: '100000.00',
        versions: [
          { status: 'rejected', version_number: 1, based_on_version_number: null },
          { status: 'current', based_on_version_id: v1, version_number: 2, based_on_version_number: 1 },
        ],
      },
    });
    return jobId;
  }

  it('bills the worked example: three applications, a change order, a refused and a reduced line, to the cent', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const c = await session(certifier);
    const jobId = await progressProject(s, b);
    const base = `/api/job/${jobId}/pay-applications`;

    // The certifier sees nothing before the buyer names them; then reads, and certifies.
    expect((await c.get(`/api/job/${jobId}/schedule`)).status).toBe(403);
    expect(await b.put(`/api/job/${jobId}/certifier`, { user_id: certifier.userId })).toMatchObject({
      status: 200,
      body: { certifier: { user_id: certifier.userId } },
    });
    expect(await c.get(`/api/job/${jobId}/schedule`)).toMatchObject({ status: 200, body: { viewer: 'certifier', contract_sum: '100000.00' } });

    // Application 1: line 1 typed as 50%, concrete with materials stored, lumber stored.
    const one = await s.post(base, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '50' },
        { line: '2', work_amount: '12000.00', stored_materials: '3000.00', evidence: [await uploadBillingFile(s, jobId, 'concrete invoice.pdf')] },
        { line: '3', stored_materials: '5000.00', evidence: [await uploadBillingFile(s, jobId, 'lumber invoice.pdf')] },
      ],
    });
    expect(one).toMatchObject({ status: 201, body: { application_number: 1, revision: 1, status: 'submitted', figures: 'billed' } });
    expect(one.body.summary.current_payment_due).toBe('27000.00');
    // The certifier never acts as a party, and the seller never certifies.
    expect((await c.post(base, { period_to: '2026-12-31', lines: [{ line: '1', work_amount: '1.00' }] })).status).toBe(403);
    const allAsBilled = ['1', '2', '3'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await s.post(`${base}/1/certify`, { revision: 1, lines: allAsBilled })).status).toBe(403);
    // Certifying asks for a second factor checked lately.
    const stale = await session(certifier, false);
    expect(await stale.post(`${base}/1/certify`, { revision: 1, lines: allAsBilled })).toMatchObject({ status: 401, body: { code: 'step_up_required' } });

    const certified1 = await c.post(`${base}/1/certify`, { revision: 1, lines: allAsBilled });
    expect(certified1).toMatchObject({
      status: 200,
      body: {
        status: 'accepted',
        figures: 'certified',
        certification: { by: certifier.userId, by_role: 'certifier' },
        accepted: { automatic: true },
        summary: {
          original_contract_sum: '100000.00',
          net_change_by_change_orders: '0.00',
          contract_sum_to_date: '100000.00',
          total_completed_and_stored: '30000.00',
          retainage_on_completed_work: '2200.00',
          retainage_on_stored_materials: '800.00',
          total_retainage: '3000.00',
          total_earned_less_retainage: '27000.00',
          previous_certificates: '0.00',
          current_payment_due: '27000.00',
          balance_to_finish_including_retainage: '73000.00',
        },
        payment: {
          total: '27000.00',
          payees: [
            { payee_id: seller.companyId, amount: '13500.00', paid: false },
            { payee_id: concrete, amount: '13500.00', paid: false },
          ],
        },
      },
    });
    expect(
      certified1.body.lines.map((l: { line: string; retainage: string; current_payment_due: string; percent_complete: string }) => [
        l.line,
        l.percent_complete,
        l.retainage,
        l.current_payment_due,
      ]),
    ).toEqual([
      ['1', '50.00', '1000.00', '9000.00'],
      ['2', '50.00', '1500.00', '13500.00'],
      ['3', '10.00', '500.00', '4500.00'],
    ]);

    // Change order 1: framing to 55,000.00 and a deck for another subcontractor; the buyer approves the seller's proposal.
    const proposed = await s.post(`/api/job/${jobId}/change-orders`, {
      reason: 'Owner asked for a deck and a larger frame.',
      changes: [{ line: '3', scheduled_value: '55000.00' }],
      new_lines: [line('4', 'Deck', '8000.00', decks)],
    });
    expect(proposed).toMatchObject({ status: 201, body: { change_orders: [{ status: 'proposed', net_change: '13000.00', proposed_by_party: 'company' }] } });
    const changeOrderId = proposed.body.change_orders[0].change_order_id as number;
    // The proposal was the seller's approval: only the buyer's is missing.
    expect((await s.post(`/api/job/${jobId}/change-orders/${changeOrderId}/approve`)).status).toBe(409);
    expect(await b.post(`/api/job/${jobId}/change-orders/${changeOrderId}/approve`)).toMatchObject({
      status: 200,
      body: { contract_sum: '113000.00', original_contract_sum: '100000.00', change_orders: [{ status: 'approved' }] },
    });

    // Application 2: line 1 refused, line 3 reduced, the seller accepts the certificate.
    const two = await s.post(base, {
      period_to: '2026-12-31',
      lines: [
        { line: '1', work_amount: '5000.00' },
        { line: '2', work_amount: '6000.00', stored_materials: '0.00' },
        { line: '3', work_amount: '10000.00', stored_materials: '0.00' },
        { line: '4', work_amount: '2000.00' },
      ],
    });
    expect(two).toMatchObject({ status: 201, body: { application_number: 2, status: 'submitted' } });
    const certified2 = await b.post(`${base}/2/certify`, {
      revision: 1,
      lines: [
        { line: '1', decision: 'refused', reason: 'punch list' },
        { line: '2', decision: 'as_billed' },
        { line: '3', decision: 'reduced', work_this_period: '8000.00', stored_materials: '0.00', reason: 'north wall not framed' },
        { line: '4', decision: 'as_billed' },
      ],
    });
    expect(certified2).toMatchObject({ status: 200, body: { status: 'certified', accepted: null, payment: null, certification: { by_role: 'buyer' } } });
    const accepted2 = await s.post(`${base}/2/accept`, { revision: 1 });
    expect(accepted2).toMatchObject({
      status: 200,
      body: {
        status: 'accepted',
        accepted: { automatic: false },
        summary: {
          original_contract_sum: '100000.00',
          net_change_by_change_orders: '13000.00',
          contract_sum_to_date: '113000.00',
          total_completed_and_stored: '38000.00',
          retainage_on_completed_work: '3650.00',
          retainage_on_stored_materials: '0.00',
          total_retainage: '3650.00',
          total_earned_less_retainage: '34350.00',
          previous_certificates: '27000.00',
          current_payment_due: '7350.00',
          balance_to_finish_including_retainage: '78650.00',
        },
        payment: {
          total: '7350.00',
          // Waiting for the buyer's funds: no payout yet, and no job-site state, so no lien waivers.
          payees: expect.arrayContaining([
            { payee_id: seller.companyId, amount: '2700.00', paid: false, payout_id: null, waiver: 'none', waiver_name: null },
            { payee_id: concrete, amount: '2850.00', paid: false, payout_id: null, waiver: 'none', waiver_name: null },
            { payee_id: decks, amount: '1800.00', paid: false, payout_id: null, waiver: 'none', waiver_name: null },
          ]),
        },
      },
    });
    type Row = Record<string, string | object | null>;
    const columns = (rows: Row[]) =>
      rows.map((l) => [
        l.line,
        l.scheduled_value,
        l.previous,
        l.this_period,
        l.stored_materials,
        l.completed_and_stored_to_date,
        l.percent_complete,
        l.balance_to_finish,
        l.retainage,
        l.earned_less_retainage,
        l.previous_certificates,
        l.current_payment_due,
      ]);
    expect(columns(accepted2.body.lines)).toEqual([
      ['1', '20000.00', '10000.00', '0.00', '0.00', '10000.00', '50.00', '10000.00', '1000.00', '9000.00', '9000.00', '0.00'],
      ['2', '30000.00', '12000.00', '6000.00', '0.00', '18000.00', '60.00', '12000.00', '1650.00', '16350.00', '13500.00', '2850.00'],
      ['3', '55000.00', '0.00', '8000.00', '0.00', '8000.00', '14.55', '47000.00', '800.00', '7200.00', '4500.00', '2700.00'],
      ['4', '8000.00', '0.00', '2000.00', '0.00', '2000.00', '25.00', '6000.00', '200.00', '1800.00', '0.00', '1800.00'],
    ]);
    expect(accepted2.body.lines[0]).toMatchObject({ decision: { decision: 'refused', reason: 'punch list' }, billed: { work_this_period: '5000.00' } });
    expect(accepted2.body.lines[2]).toMatchObject({ decision: { decision: 'reduced', reason: 'north wall not framed' } });

    // Application 3 bills line 3's 2,000.00 not certified again with 7,000.00 of new work.
    expect((await s.post(base, { period_to: '2027-01-31', lines: [{ line: '3', work_amount: '9000.00' }] })).status).toBe(201);
    const certified3 = await c.post(`${base}/3/certify`, { revision: 1, lines: [{ line: '3', decision: 'as_billed' }] });
    expect(certified3).toMatchObject({
      status: 200,
      body: { status: 'accepted', summary: { previous_certificates: '34350.00', current_payment_due: '8100.00' } },
    });
    expect(certified3.body.lines[2]).toMatchObject({
      previous: '8000.00',
      completed_and_stored_to_date: '17000.00',
      retainage: '1700.00',
      earned_less_retainage: '15300.00',
      previous_certificates: '7200.00',
      current_payment_due: '8100.00',
    });

    // Every party reads the list and each application; the first still reads as certified before the change order.
    const list = await b.get(base);
    expect(list).toMatchObject({
      status: 200,
      body: [
        { application_number: 1, status: 'accepted', current_payment_due: '27000.00' },
        { application_number: 2, status: 'accepted', current_payment_due: '7350.00' },
        { application_number: 3, status: 'accepted', current_payment_due: '8100.00' },
      ],
    });
    const first = await s.get(`${base}/1`);
    expect(first.body.lines).toHaveLength(3);
    expect(first.body.lines[2]).toMatchObject({ scheduled_value: '50000.00', current_payment_due: '4500.00' });
    expect((await (await session(outsider)).get(`${base}/1`)).status).toBe(403);
    // The documents of application 2: its continuation sheet as CSV, and the application with its certificate as a PDF.
    const csv = await c.get(`${base}/2/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toMatch(/^item,description,payee,scheduled_value,/);
    expect(rows.slice(1)).toEqual([
      '1,Site work,Mesa General Contracting,20000.00,10000.00,0.00,0.00,10000.00,50.00,10000.00,1000.00,0.00,9000.00,9000.00,0.00,refused,punch list',
      '2,Concrete,Desert Concrete,30000.00,12000.00,6000.00,0.00,18000.00,60.00,12000.00,1650.00,0.00,16350.00,13500.00,2850.00,as_billed,',
      '3,Framing,Mesa General Contracting,55000.00,0.00,8000.00,0.00,8000.00,14.55,47000.00,800.00,0.00,7200.00,4500.00,2700.00,reduced,north wall not framed',
      '4,Deck,Sun Decks,8000.00,0.00,2000.00,0.00,2000.00,25.00,6000.00,200.00,0.00,1800.00,0.00,1800.00,as_billed,',
      'total,,,113000.00,,,,38000.00,,,3650.00,0.00,34350.00,27000.00,7350.00,,',
    ]);
    const pdf = await app.http.inject({ method: 'GET', url: `${base}/2/pdf`, headers: { cookie: `sid=${await startSession(app.db.pool, buyer.userId)}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text.join(' ')).toMatch(
      /^Application and Certificate for Payment Project \d+ - pay application 2, revision 1, period to 2026-12-31 Certified by the buyer/,
    );
    // Lines 1 to 9 of the summary, each with its figure.
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after('Contract sum to date (1 + 2)')).toBe('113,000.00');
    expect(after('Total earned less retainage (4 - 5)')).toBe('34,350.00');
    expect(after('Less previous certificates for payment')).toBe('27,000.00');
    expect(after('Current payment due (6 - 7)')).toBe('7,350.00');
    expect(after('Balance to finish, including retainage (3 - 6)')).toBe('78,650.00');
    expect(text).toEqual(
      expect.arrayContaining(['Desert Concrete', '2,850.00', 'Sun Decks', '1,800.00', 'reduced: north wall not framed', 'refused: punch list']),
    );
    // The continuation sheet's row of line 3, column by column.
    const row3 = text.indexOf('Framing');
    expect(text.slice(row3 - 1, row3 + 10)).toEqual([
      '3',
      'Framing',
      '55,000.00',
      '0.00',
      '8,000.00',
      '0.00',
      '8,000.00',
      '14.55',
      '47,000.00',
      '800.00',
      '2,700.00',
    ]);

    expect((await s.get(`${base}/4`)).status).toBe(404);

    // The History tells the billing in words; the admin's point-in-time view reads past it.
    const history = (await b.get(`/api/job/${jobId}/history`)).body as { type: string; summary: string }[];
    const said = (type: string) => history.filter((h) => h.type === type).map((h) => h.summary);
    // A company's action names the member who did it (issue 37).
    expect(said('ProjectBillingChosen')).toEqual([
      expect.stringMatching(/^The seller chose to bill this project by progress against a schedule of values — by .+ \(Owner\)\.$/),
    ]);
    expect(said('ScheduleVersionRejected')).toEqual(['Schedule of values version 1 rejected by the buyer. Concrete and framing are missing.']);
    expect(said('ScheduleVersionApproved')).toEqual(['Schedule of values version 2 approved by the buyer: the contract sum is $100,000.00.']);
    expect(said('ScheduleVersionProposed')).toEqual([
      expect.stringMatching(/^Schedule of values version 1 proposed by the seller: 1 line, contract sum \$20,000\.00 — by .+\.$/),
      expect.stringMatching(/^Schedule of values version 2 proposed by the seller: 3 lines, contract sum \$100,000\.00 — by .+\.$/),
    ]);
    expect(said('CertifierNamed')).toEqual(['The buyer named Ada Architect to certify pay applications.']);
    expect(said('PayApplicationCertified')).toEqual([
      'Pay application 1 certified by the certifier: $27,000.00 due, every line as billed.',
      'Pay application 2 certified by the buyer: $7,350.00 due (1 line reduced, 1 refused).',
      'Pay application 3 certified by the certifier: $8,100.00 due, every line as billed.',
    ]);
    expect(said('ChangeOrderApproved')).toEqual([
      `Change order ${changeOrderId} approved by the buyer: the contract sum goes from $100,000.00 to $113,000.00.`,
    ]);
    const admin = await session(await createUser(app.db.pool, { role: 'admin' }));
    expect(await admin.get(`/api/admin/job/${jobId}/as-of?at=${encodeURIComponent(new Date().toISOString())}`)).toMatchObject({ status: 200 });
  });

  it('revises an application after its certification, and refuses a certification of the replaced revision', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const base = `/api/job/${jobId}/pay-applications`;
    expect((await s.post(base, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '4000.00' }] })).status).toBe(201);
    expect(
      await b.post(`${base}/1/certify`, {
        revision: 1,
        lines: [{ line: '1', decision: 'reduced', work_this_period: '3000.00', stored_materials: '0.00', reason: 'Grading unfinished.' }],
      }),
    ).toMatchObject({ status: 200, body: { status: 'certified', summary: { current_payment_due: '2700.00' } } });
    const revised = await s.post(`${base}/1/revise`, { lines: [{ line: '1', work_amount: '3500.00' }] });
    expect(revised).toMatchObject({
      status: 200,
      body: { revision: 2, status: 'submitted', figures: 'billed', revisions: [{ revision: 1, certified: true }] },
    });
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] })).status).toBe(409);
    expect(await b.post(`${base}/1/certify`, { revision: 2, lines: [{ line: '1', decision: 'as_billed' }] })).toMatchObject({
      status: 200,
      body: { status: 'accepted', summary: { current_payment_due: '3150.00' } },
    });
    // A line over its scheduled value is refused with the line named.
    const over = await s.post(base, { period_to: '2026-12-31', lines: [{ line: '1', work_amount: '20000.00' }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^Line 1: /);
  });

  it("answers each line's retained bases, so a screen's figures agree with the server's after a change order moved a reduction point", async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const base = `/api/job/${jobId}/pay-applications`;
    expect((await s.post(base, { period_to: '2026-11-30', lines: [{ line: '2', work_amount: '12000.00' }] })).status).toBe(201);
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines: [{ line: '2', decision: 'as_billed' }] })).body.status).toBe('accepted');
    // Line 2's point was $15,000.00 (50% of $30,000.00); the change order lowers it to $10,000.00, below the $12,000.00 certified.
    const proposed = await s.post(`/api/job/${jobId}/change-orders`, { reason: 'Less concrete.', changes: [{ line: '2', scheduled_value: '20000.00' }] });
    const changeOrderId = proposed.body.change_orders[0].change_order_id as number;
    const approved = await b.post(`/api/job/${jobId}/change-orders/${changeOrderId}/approve`);
    expect(approved.status).toBe(200);
    const schedule = (await b.get(`/api/job/${jobId}/schedule`)).body;
    // The payees by the directory's names, so no screen shows a bare id.
    const names = [
      { company_id: seller.companyId, name: 'Mesa General Contracting' },
      { company_id: concrete, name: 'Desert Concrete' },
    ].sort((x, y) => x.company_id - y.company_id);
    expect(schedule.payee_names).toEqual(names);
    expect(schedule.lines[1]).toMatchObject({
      number: '2',
      scheduled_value: '20000.00',
      work_completed: '12000.00',
      retained_at_rate: '12000.00',
      retained_at_reduced_rate: '0.00',
      reduction_reached: false,
      retainage_released: '0.00',
    });
    // What the grid computes from those bases (pay-application-grid.test.tsx): $1,200.00 kept at 10%, the growth at 5%.
    const two = await s.post(base, { period_to: '2026-12-31', lines: [{ line: '2', work_amount: '2000.00' }] });
    expect(two.body.lines[1]).toMatchObject({ completed_and_stored_to_date: '14000.00', retainage: '1300.00', current_payment_due: '1900.00' });
    expect(two.body.payee_names).toEqual(names);
    expect((await b.get(`${base}/2`)).body.payee_names).toEqual(names);
  });

  it('refuses each billing action to a seller member whose company role the permission table does not allow, with role_forbidden', async () => {
    const jobId = await progressProject(await session(seller), await session(buyer));
    const job = `/api/job/${jobId}`;
    const invitation = '00000000-0000-4000-8000-000000000000';
    // Typed by the table: a billing action added to it without a route here fails to compile.
    const routes: Record<BillingMemberAction, [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object]> = {
      ChooseBillingMethod: ['PUT', `${job}/billing`, { method: 'progress' }],
      ProposeSchedule: ['POST', `${job}/schedule`, { lines: [line('1', 'Site work', '20000.00', seller.companyId)] }],
      ApproveSchedule: ['POST', `${job}/schedule/1/approve`],
      RejectSchedule: ['POST', `${job}/schedule/1/reject`, { reason: 'No.' }],
      NameCertifier: ['PUT', `${job}/certifier`, { user_id: certifier.userId }],
      RemoveCertifier: ['DELETE', `${job}/certifier`],
      InviteCertifier: ['POST', `${job}/certifier-invitations`, { email: 'someone@test.escrowledger.test' }],
      RevokeCertifierInvitation: ['DELETE', `${job}/certifier-invitations/${invitation}`],
      SubmitPayApplication: ['POST', `${job}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '1.00' }] }],
      RevisePayApplication: ['POST', `${job}/pay-applications/1/revise`, { lines: [{ line: '1', work_amount: '1.00' }] }],
      CertifyPayApplication: ['POST', `${job}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] }],
      AcceptCertification: ['POST', `${job}/pay-applications/1/accept`, { revision: 1 }],
      ProposeChangeOrder: ['POST', `${job}/change-orders`, { reason: 'More.', changes: [{ line: '1', scheduled_value: '21000.00' }] }],
      ApproveChangeOrder: ['POST', `${job}/change-orders/1/approve`],
      RejectChangeOrder: ['POST', `${job}/change-orders/1/reject`, { reason: 'No.' }],
      RequestBillingDeposit: ['POST', `${job}/billing/deposits`, { amount: '100.00' }],
      RequestBillingBalanceReturn: ['POST', `${job}/billing/balance-returns`, { amount: '100.00' }],
      ApproveBillingBalanceReturn: ['POST', `${job}/billing/balance-returns/1/approve`],
      DeclineBillingBalanceReturn: ['POST', `${job}/billing/balance-returns/1/decline`, { reason: 'No.' }],
      RequestBillingRetainageRelease: ['POST', `${job}/billing/retainage/request`],
      ApproveBillingRetainageRelease: ['POST', `${job}/billing/retainage/approve`],
      DisputeBillingRetainage: ['POST', `${job}/retainage/dispute`, { statement: 'Not done.' }],
    };
    const settings = { signing_policy: DEFAULT_SIGNING_POLICY };
    const events = async () =>
      (await app.db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`billing-${jobId}`])).rows[0].n as number;
    const before = await events();
    let checked = false;
    // The roles that may do none of the seller's billing first: what they were refused recorded nothing.
    for (const role of [...COMPANY_ROLES].sort((a, b) => Number(mayDo(a, 'milestones.propose', settings)) - Number(mayDo(b, 'milestones.propose', settings)))) {
      if (mayDo(role, 'milestones.propose', settings) && !checked) {
        expect(await events()).toBe(before);
        checked = true;
      }
      const member = await session(await createUser(app.db.pool, { companyId: seller.companyId, companyRole: role }));
      for (const [action, [method, url, body]] of Object.entries(routes) as [BillingMemberAction, (typeof routes)[BillingMemberAction]][]) {
        const answer = await member.request(method, url, body);
        const seen = { role, action, code: answer.body?.code };
        if (mayDo(role, BILLING_MEMBER_ACTIONS[action], settings)) expect(seen).not.toEqual({ role, action, code: 'role_forbidden' });
        else {
          // The refusal the Billing tab shows under the same button, in billing's words.
          expect({ ...seen, status: answer.status, message: answer.body?.message }).toEqual({
            role,
            action,
            code: 'role_forbidden',
            status: 403,
            message: roleRefusalMessage(BILLING_MEMBER_ACTIONS[action], settings),
          });
          if (action === 'SubmitPayApplication')
            expect(answer.body.message).toBe("Only the company's owner and project managers can submit or revise pay applications.");
        }
      }
    }
  });

  it('keeps a project to one billing method: no milestone on a progress-billed project, no progress billing beside milestones', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const progress = await progressProject(s, b);
    const milestone = { job_id: progress, definition: 'Foundation poured.', payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '500.00' }] };
    const refused = await s.post('/api/milestone', milestone);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/bills by progress/);

    const draft = (
      await s.post('/api/job/basic', {
        customer_id: buyer.userId,
        service: 'General Contracting',
        primary_company_id: seller.companyId,
        customerInitiated: false,
      })
    ).body.job_id as number;
    expect((await s.post('/api/milestone', { ...milestone, job_id: draft })).status).toBe(201);
    const choice = await s.put(`/api/job/${draft}/billing`, { method: 'progress' });
    expect(choice.status).toBe(409);
    expect(choice.body.message).toMatch(/has milestones/);
  });

  it('rebuilds the billing read models from the events into the same rows', async () => {
    const runner = app.http.get(ProjectionRunner);
    await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0 && p.state === 'running'),
    );
    const snapshot = async (table: string) => (await app.db.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)).rows;
    const tables = ['billing_schedules', 'pay_applications', 'pay_application_lines'];
    const before = await Promise.all(tables.map(snapshot));
    // The five projects above: three, one, two, one (the owner's, in the role test) and no applications, their lines.
    expect(before.map((rows) => rows.length)).toEqual([5, 7, 23]);
    expect(before[2]!.filter((r) => r.decision === 'refused')).toEqual([expect.objectContaining({ line: '1', current_payment_due: '0.00' })]);
    expect((await runner.rebuild('billing')).comparison).toMatchObject({ compared: true, equal: true });
    expect(await Promise.all(tables.map(snapshot))).toEqual(before);
  });
});
