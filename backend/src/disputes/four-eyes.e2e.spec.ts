import {
  createParties,
  createSignedProject,
  type EscrowParties,
  paidOutRetainedProject,
  proposeMilestone,
  runMilestone,
} from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const PROPOSED = 'Proposed. A second administrator must approve this resolution before it takes effect.';

/** Four eyes on large resolutions (docs/administrators.md), over HTTP, with FOUR_EYES_ABOVE at $1,000.00. */
describe('four eyes on dispute and retainage resolutions', () => {
  let app: TestApp;
  let parties: EscrowParties;
  let projectId: number;
  let first: HttpSession;
  let second: HttpSession;
  let third: HttpSession;
  let support: HttpSession;

  const admin = async (adminRole: 'finance' | 'owner' | 'support') => {
    const user = await createUser(app.db.pool, { role: 'admin', adminRole });
    return new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId));
  };
  /** A funded milestone of `amount` whose buyer opened a dispute. */
  const disputed = async (amount: string) => {
    const milestone = await proposeMilestone(parties, projectId, amount);
    await runMilestone(parties, milestone, 'funded');
    const opened = await parties.sessions.buyer.post(`/api/milestone/${milestone}/dispute`, { statement: 'The work is not done.' });
    expect(opened.status).toBe(201);
    return milestone;
  };
  const eventsOf = async (milestone: number) => {
    const { rows } = await app.db.pool.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM events WHERE stream_id = 'milestone-' || $1 ORDER BY stream_revision`, // a first version's id is its original id
      [milestone],
    );
    return rows;
  };
  const resolve = (session: HttpSession, milestone: number) =>
    session.post(`/api/admin/milestones/${milestone}/dispute/resolve`, { resolution: 'refund', note: 'Refund it.' });
  const approve = (session: HttpSession, milestone: number, body: object = {}) =>
    session.post(`/api/admin/milestones/${milestone}/dispute/resolution/approve`, body);

  beforeAll(async () => {
    app = await createTestApp({ fourEyesAbove: '1000.00' });
    parties = await createParties(app);
    ({ jobId: projectId } = await createSignedProject(parties));
    [first, second, third, support] = [await admin('finance'), await admin('finance'), await admin('owner'), await admin('support')];
  }, 60_000);
  afterAll(() => app?.close());

  it('resolves at or below the threshold in one step, as before', async () => {
    const milestone = await disputed('500.00');
    const answer = await resolve(first, milestone);
    expect(answer.status).toBe(200);
    expect(answer.body.dispute).toMatchObject({ status: 'resolved', proposal: null });
  }, 30_000);

  it('above it: proposes, refuses the proposer as approver, shows the proposal to the parties, and the other approval moves the money once', async () => {
    const milestone = await disputed('2000.00');
    const proposed = await resolve(first, milestone);
    expect(proposed).toMatchObject({ status: 202, body: { message: PROPOSED, proposal: { proposal_id: 1, resolution: 'refund', stale: false } } });
    expect((await eventsOf(milestone)).map((e) => e.type)).not.toContain('RefundRequested');

    const same = await approve(first, milestone);
    expect(same).toMatchObject({ status: 403, body: { message: 'A different administrator must approve a resolution you proposed.' } });
    expect((await approve(support, milestone)).body).toMatchObject({ code: 'admin_role' });
    const seen = await eventually(
      () => parties.sessions.buyer.get(`/api/job/${projectId}/milestones`),
      (a) => JSON.stringify(a.body).includes('waiting for a second administrator'),
      5_000,
    );
    expect(JSON.stringify(seen.body)).toContain("Resolution proposed by an administrator, waiting for a second administrator's approval.");
    // The console's dispute list shows the proposal and the threshold its form states.
    const listed = await eventually(
      () => second.get('/api/admin/disputes?status=open'),
      (a) => Array.isArray(a.body) && a.body.some((d: { original_id: number; proposal: unknown }) => d.original_id === milestone && d.proposal),
      5_000,
    );
    const row = listed.body.find((d: { original_id: number }) => d.original_id === milestone);
    expect(row).toMatchObject({
      four_eyes_above: '1000.00',
      proposal: { proposal_id: 1, resolution: 'refund', release_amount: '0.00', refund_amount: row.held, stale: false, proposed_by_id: expect.any(Number) },
    });

    const approved = await approve(second, milestone, { proposal_id: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.dispute).toMatchObject({ status: 'resolved', proposal: null, resolution: { resolution: 'refund' } });
    const types = (await eventsOf(milestone)).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['ResolutionApproved', 'DisputeResolved', 'RefundRequested']);
    expect(types.filter((t) => t === 'RefundRequested')).toHaveLength(1);
    expect((await approve(third, milestone)).status).toBe(409);
  }, 30_000);

  it('lets two approvers at once take effect once', async () => {
    const milestone = await disputed('2000.00');
    expect((await resolve(first, milestone)).status).toBe(202);
    const answers = await Promise.all([approve(second, milestone), approve(third, milestone)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const types = (await eventsOf(milestone)).map((e) => e.type);
    expect(types.filter((t) => t === 'ResolutionApproved')).toHaveLength(1);
    expect(types.filter((t) => t === 'DisputeResolved')).toHaveLength(1);
  }, 30_000);

  it('keeps one proposal open; after a rejection another administrator proposes again', async () => {
    const milestone = await disputed('2000.00');
    expect((await resolve(first, milestone)).status).toBe(202);
    expect((await resolve(second, milestone)).status).toBe(409);
    const rejected = await second.post(`/api/admin/milestones/${milestone}/dispute/resolution/reject`, { note: 'Wait for the inspection.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.dispute).toMatchObject({ status: 'open', proposal: null });
    const again = await resolve(second, milestone);
    expect(again).toMatchObject({ status: 202, body: { proposal: { proposal_id: 2 } } });
    expect((await approve(first, milestone, { proposal_id: 1 })).status).toBe(409); // not the one now open
    expect((await approve(first, milestone, { proposal_id: 2 })).status).toBe(200);
  }, 30_000);

  it('needs a second administrator for a large retainage resolution too', async () => {
    const retained = await paidOutRetainedProject(parties, '10', '12000.00'); // $1,200.00 retainage held
    expect((await parties.sessions.buyer.post(`/api/job/${retained.jobId}/retainage/dispute`, { statement: 'Punch list open.' })).status).toBe(200);
    const proposed = await first.post(`/api/admin/job/${retained.jobId}/retainage/resolve`, { resolution: 'release', note: 'Done.' });
    expect(proposed).toMatchObject({ status: 202, body: { message: PROPOSED, proposal: { proposal_id: 1, amount: '1200.00', resolution: 'release' } } });
    expect((await first.post(`/api/admin/job/${retained.jobId}/retainage/resolution/approve`, {})).status).toBe(403);
    const listed = (await second.get('/api/admin/retainage-disputes')).body.find((r: { job_id: number }) => r.job_id === retained.jobId);
    expect(listed).toMatchObject({ four_eyes_above: '1000.00', proposal: { proposal_id: 1, amount: '1200.00', resolution: 'release' } });
    const approved = await second.post(`/api/admin/job/${retained.jobId}/retainage/resolution/approve`, { proposal_id: 1 });
    expect(approved.status).toBe(200);
    const { rows } = await app.db.pool.query(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision`, [`job-${retained.jobId}`]);
    expect(rows.map((r) => r.type).slice(-2)).toEqual(['RetainageResolutionApproved', 'RetainageDisputeResolved']);
  }, 60_000);
});
