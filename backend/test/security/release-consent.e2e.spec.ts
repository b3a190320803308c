import { hashSecret } from '../../src/identity/tokens';
import { createSignedProject, type EscrowParties, paidOutRetainedProject, proposeMilestone, runMilestone } from '../support/escrow-project';
import { type CreatedUser, createSeller, createUser, HttpSession, startSession, TEST_TOTP_SECRET, totpCode } from '../support/http-session';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 35.3: the buyer's consent to let escrowed money go (marking a milestone complete,
 * asking for or approving the retainage release, claiming the deadline refund) needs a second
 * factor checked within STEP_UP_WINDOW, as a deposit does. A buyer's cookie copied from a laptop
 * (its factor checked long ago) releases nothing; the seller's side and the dispute statements
 * move no money of the other party's and are not asked (docs/security.md).
 */
describe("security: the buyer's consent to release needs a fresh second factor", () => {
  let app: TestApp;
  let parties: EscrowParties;
  let outsider: CreatedUser;
  let projectId: number;

  const pool = () => app.db.pool;
  /** A session whose second factor was checked an hour ago (past the 10-minute window): a cookie lifted from a laptop. */
  const staleSession = async (user: CreatedUser) => {
    const token = await startSession(pool(), user.userId);
    await pool().query(`UPDATE sessions SET second_factor_at = now() - interval '1 hour' WHERE token_hash = $1`, [hashSecret(token)]);
    return new HttpSession(app.http).setCookie('sid', token);
  };
  const eventsOf = async (types: string[], field: 'originalId' | 'jobId', id: number) =>
    (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = ANY($1) AND (data->>'${field}')::int = $2`, [types, id])).rows[0]!.n;
  const STEP_UP_REQUIRED = { status: 401, body: { code: 'step_up_required', enrolled: true } };

  beforeAll(async () => {
    // The response deadline is day 0, so a funded milestone's refund can be claimed at once.
    app = await createTestApp({ responseDeadlineDays: 0 });
    const buyer = await createUser(pool(), { firstName: 'Bea', lastName: 'Buyer', factor: 'totp' });
    const seller = await createSeller(pool(), { name: 'Ridge Carpentry', services: ['General Contracting'] });
    outsider = await createUser(pool(), { firstName: 'Otto', lastName: 'Outsider', factor: 'totp' });
    const signedIn = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(pool(), user.userId));
    parties = { buyer, seller, sessions: { buyer: await signedIn(buyer), seller: await signedIn(seller) } };
    ({ jobId: projectId } = await createSignedProject(parties));
  }, 60_000);
  afterAll(() => app?.close());

  it("a buyer's stale cookie does not mark a funded milestone complete; stepped up in place, the same request releases it", async () => {
    const milestone = await proposeMilestone(parties, projectId, '600.00');
    await runMilestone(parties, milestone, 'funded');
    const complete = (session: HttpSession) => session.put(`/api/milestone/${milestone}/complete`, { complete: true });

    // The seller's own mark is its claim that the work is done: it lets nothing go without the buyer's.
    expect((await complete(await staleSession(parties.seller))).status).toBe(200);
    const stolen = await staleSession(parties.buyer);
    expect(await complete(stolen)).toMatchObject(STEP_UP_REQUIRED);
    expect(await eventsOf(['MilestoneMarkedComplete'], 'originalId', milestone)).toBe(1);
    expect(await eventsOf(['MilestoneCompletedByBoth', 'DisbursementRequested'], 'originalId', milestone)).toBe(0);
    // An outsider's stale cookie is refused as before (403), not asked for a factor.
    expect((await complete(await staleSession(outsider))).status).toBe(403);

    // The buyer confirms with a code, and the same request goes through.
    expect((await stolen.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET) })).status).toBe(200);
    expect(await complete(stolen)).toMatchObject({ status: 200, body: { marked_complete_by_both: true } });
    expect(await eventsOf(['DisbursementRequested'], 'originalId', milestone)).toBe(1);
  }, 60_000);

  it("a buyer's stale cookie does not claim the deadline refund; the seller is refused as before; a stepped-up buyer is refunded", async () => {
    const milestone = await proposeMilestone(parties, projectId, '700.00');
    await runMilestone(parties, milestone, 'funded');
    const claim = (session: HttpSession) => session.post(`/api/milestone/${milestone}/refund-claim`);

    expect(await claim(await staleSession(parties.buyer))).toMatchObject(STEP_UP_REQUIRED);
    expect(await claim(await staleSession(parties.seller))).toMatchObject({ status: 403, body: { message: 'Only the buyer can claim a refund.' } });
    expect(await eventsOf(['RefundRequested'], 'originalId', milestone)).toBe(0);
    expect(await claim(parties.sessions.buyer)).toMatchObject({ status: 200, body: { status: 'Refunded' } });
  }, 60_000);

  it("a buyer's stale cookie neither approves the seller's retainage request nor asks for the release; the seller's stale one does both", async () => {
    const approve = (session: HttpSession, jobId: number) => session.post(`/api/job/${jobId}/retainage/approve`);
    const request = (session: HttpSession, jobId: number) => session.post(`/api/job/${jobId}/retainage/request`);
    const released = (jobId: number) => eventsOf(['RetainageReleaseApproved'], 'jobId', jobId);

    // The seller asks; the buyer's approval is what releases the retainage.
    const asked = await paidOutRetainedProject(parties, '10', '500.00');
    expect((await request(await staleSession(parties.seller), asked.jobId)).status).toBe(200);
    expect(await approve(await staleSession(parties.buyer), asked.jobId)).toMatchObject(STEP_UP_REQUIRED);
    expect(await released(asked.jobId)).toBe(0);
    expect((await approve(parties.sessions.buyer, asked.jobId)).status).toBe(200);
    expect(await released(asked.jobId)).toBe(1);

    // The buyer asks: then the request is the buyer's consent, and the seller's approval releases it.
    const offered = await paidOutRetainedProject(parties, '10', '400.00');
    expect(await request(await staleSession(parties.buyer), offered.jobId)).toMatchObject(STEP_UP_REQUIRED);
    expect(await eventsOf(['RetainageReleaseRequested'], 'jobId', offered.jobId)).toBe(0);
    expect((await request(parties.sessions.buyer, offered.jobId)).status).toBe(200);
    expect((await approve(await staleSession(parties.seller), offered.jobId)).status).toBe(200);
    expect(await released(offered.jobId)).toBe(1);
  }, 120_000);

  it('a stale cookie still opens and answers a dispute: statements move no money, an administrator decides with a step-up', async () => {
    const milestone = await proposeMilestone(parties, projectId, '300.00');
    await runMilestone(parties, milestone, 'funded');
    expect((await (await staleSession(parties.buyer)).post(`/api/milestone/${milestone}/dispute`, { statement: 'The stairs are missing.' })).status).toBe(201);
    expect((await (await staleSession(parties.seller)).post(`/api/milestone/${milestone}/dispute/respond`, { statement: 'They are on order.' })).status).toBe(
      200,
    );
  }, 60_000);
});
