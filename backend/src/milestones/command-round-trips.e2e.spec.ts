import { asOriginalId, asVersionId } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { createParties, createSignedProject, type EscrowParties, proposeMilestone, runMilestone } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { multipart, TINY_PDF } from '../../test/support/multipart';
import { countRoundTrips } from '../../test/support/round-trips';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp } from '../bootstrap';
import { DirectoryService } from '../directory';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { AuthorRoles, MilestoneReads } from '../read-models';

/**
 * What an approval costs in round trips to PostgreSQL (issue 29), and that sending the access
 * check with the stream's tail read changed nothing of what it answers: refusals first, the
 * right stream for an edit, the state read fresh when another process appended.
 */
describe('round trips of a milestone command', () => {
  let app: TestApp;
  let parties: EscrowParties;

  const quiet = async () => {
    const runner = app.http.get(ProjectionRunner);
    await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0),
    );
  };
  const project = async () => {
    const created = await parties.sessions.seller.post('/api/job/basic', {
      customer_id: parties.buyer.userId,
      service: 'General Contracting',
      primary_company_id: parties.seller.companyId,
      customerInitiated: false,
    });
    expect(created.status).toBe(201);
    return created.body.job_id as number;
  };
  const events = async (stream: string) =>
    (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [stream])).rows[0]!.n;

  beforeAll(async () => {
    app = await createTestApp();
    parties = await createParties(app);
  }, 60_000);
  afterAll(() => app.close());

  it('approves with the access check and the tail read in one round trip', async () => {
    const projectId = await project();
    const first = await proposeMilestone(parties, projectId, '100.00');
    const second = await proposeMilestone(parties, projectId, '200.00');
    await submitProject(parties.sessions.seller, projectId);
    await quiet();
    // The first approval warms what a process keeps (the session, the stream's folded state).
    expect((await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: first, approve: true })).status).toBe(200);
    await quiet();
    const { result, roundTrips, statements } = await countRoundTrips(() =>
      parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: second, approve: true }),
    );
    expect(result.status).toBe(200);
    expect(result.body.user_approval_status).toBe('approved');
    // Written down in docs/performance-history.md ("Commands: fewer round trips"); printed for the next change.
    console.log(`round trips of one approval: ${roundTrips}\n  ${statements.join('\n  ')}`);
    expect(statements.filter((s) => s === 'escrow_milestone_with_job_v5')).toHaveLength(1);
    expect(statements.filter((s) => s === 'escrow_read_stream')).toHaveLength(1);
    // The answer's author roles came with the access check; the card names no payout account.
    expect(statements).not.toContain('escrow_milestone_author_roles');
    expect(statements).not.toContain('escrow_company_payouts');
    expect(result.body.author_company_role).toBe('owner');
    expect(roundTrips).toBeLessThanOrEqual(statements.length - 1);
  });

  it("reads a version's author role once per process, and a version not projected yet each time", async () => {
    const projectId = await project();
    const milestoneId = await proposeMilestone(parties, projectId, '150.00');
    await quiet();
    // As a process that has not checked access to this milestone yet.
    const reads = new MilestoneReads(app.http.get(PG_POOL), app.http.get(DirectoryService), new AuthorRoles());
    const state = await reads.one(asOriginalId(milestoneId));
    const roleReads = async () => {
      const { result, statements } = await countRoundTrips(() => reads.namesFor([state]));
      return { role: result.authorRole?.(state.versions[0]!.versionId), reads: statements.filter((s) => s === 'escrow_milestone_author_roles').length };
    };
    expect(await roleReads()).toEqual({ role: 'owner', reads: 1 });
    expect(await roleReads()).toEqual({ role: 'owner', reads: 0 });
    // A version the read model has not reached: no role, and asked again next time.
    const unprojected = { ...state, versions: [{ ...state.versions[0]!, versionId: asVersionId(2_000_000_000) }] };
    for (let i = 0; i < 2; i++) {
      const { result, statements } = await countRoundTrips(() => reads.namesFor([unprojected]));
      expect(result.authorRole?.(2_000_000_000)).toBeNull();
      expect(statements.filter((s) => s === 'escrow_milestone_author_roles')).toHaveLength(1);
    }
  });

  it("checks the buyer's step-up for a completion with the caller's side in one round trip", async () => {
    const { jobId, firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'funded');
    await quiet();
    const { result, roundTrips, statements } = await countRoundTrips(() =>
      parties.sessions.buyer.put(`/api/milestone/${firstMilestone}/complete`, { complete: true }),
    );
    expect(result.status).toBe(200);
    // Written down in docs/security.md (step-up); printed for the next change.
    console.log(`round trips of the buyer's completion: ${roundTrips}\n  ${statements.join('\n  ')}`);
    // The guard's look-up of the caller's side and the handler's access check.
    expect(statements.filter((s) => s === 'escrow_milestone_with_job_v5')).toHaveLength(2);
    // Each rides with a second statement: the session's step-up, the stream's tail.
    expect(roundTrips).toBeLessThanOrEqual(statements.length - 2);
    // The card names no payout account, so its answer does not read them; it is the card the project's list shows.
    expect(statements).not.toContain('escrow_company_payouts');
    await quiet();
    const listed = await parties.sessions.buyer.get(`/api/job/${jobId}/milestones`);
    expect(result.body).toEqual((listed.body as { m_id: number }[]).find((m) => m.m_id === firstMilestone));
  });

  it("records the version an approval agrees on the project's stream", async () => {
    const projectId = await project();
    const milestone = await proposeMilestone(parties, projectId, '120.00');
    await submitProject(parties.sessions.seller, projectId);
    expect((await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: milestone, approve: true })).status).toBe(200);
    await quiet();
    const { result, roundTrips, statements, streamsRead } = await countRoundTrips(() =>
      parties.sessions.seller.post('/api/milestone/approval', { milestone_id: milestone, approve: true }),
    );
    expect(result.status).toBe(200);
    console.log(`round trips of the approval that agrees a version: ${roundTrips}\n  ${statements.join('\n  ')}`);
    expect(streamsRead).toEqual([`milestone-${milestone}`, `job-${projectId}`]);
    const recorded = await app.db.pool.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'ProjectMilestoneAgreed'`, [`job-${projectId}`]);
    expect(recorded.rows).toEqual([{ data: expect.objectContaining({ originalId: milestone, versionId: milestone, title: 'Milestone of 120.00' }) }]);
  });

  it("deposits reading only its own milestone's stream and its project's", async () => {
    const projectId = await project();
    const milestones = [await proposeMilestone(parties, projectId, '100.00'), await proposeMilestone(parties, projectId, '200.00')];
    milestones.push(await proposeMilestone(parties, projectId, '300.00'));
    await submitProject(parties.sessions.seller, projectId);
    for (const milestone of milestones) await runMilestone(parties, milestone, 'agreed');
    await signByBoth(parties.sessions, projectId, { buyer: parties.buyer.name, seller: parties.seller.name });
    await quiet();
    const { result, roundTrips, statements, streamsRead } = await countRoundTrips(() =>
      parties.sessions.buyer.post('/api/milestone/deposit', { milestone_id: milestones[1] }),
    );
    expect(result.status).toBe(201);
    console.log(`round trips of one deposit: ${roundTrips}\n  ${statements.join('\n  ')}`);
    // Where the agreement's signatures stand is the project's to say: the other milestones are not
    // read. (The buyer's bank accounts name the account the deposit is drawn from.)
    expect(streamsRead.sort()).toEqual([`bank-accounts-user-${parties.buyer.userId}`, `job-${projectId}`, `milestone-${milestones[1]}`]);
  });

  it("attaches a file reading its milestone's stream once", async () => {
    const projectId = await project();
    const milestone = await proposeMilestone(parties, projectId, '150.00');
    await submitProject(parties.sessions.seller, projectId);
    await quiet();
    const body = multipart(TINY_PDF, 'plan.pdf');
    const { result, roundTrips, statements, streamsRead } = await countRoundTrips(() =>
      parties.sessions.seller.request('POST', `/api/milestone/${milestone}/attachments?to=version`, body.payload, body.headers),
    );
    expect(result.status).toBe(201);
    console.log(`round trips of one upload: ${roundTrips}\n  ${statements.join('\n  ')}`);
    expect(streamsRead).toEqual([`milestone-${milestone}`]);
  });

  it('refuses an outsider with 403 and a draft with 404, as before, and appends nothing', async () => {
    const outsider = await createUser(app.db.pool, { firstName: 'Otto', lastName: 'Outsider' });
    const rival = await createSeller(app.db.pool, { name: 'Rival Builders' });
    const outsiderSession = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, outsider.userId));
    const rivalSession = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, rival.userId));
    const submitted = await project();
    const milestone = await proposeMilestone(parties, submitted, '300.00');
    await submitProject(parties.sessions.seller, submitted);
    const draft = await project();
    const drafted = await proposeMilestone(parties, draft, '400.00');
    await quiet();
    for (const session of [outsiderSession, rivalSession]) {
      const answer = await session.post('/api/milestone/approval', { milestone_id: milestone, approve: true });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('You are not a party to this project.');
    }
    // A draft the buyer did not start exists for nobody else: not even its buyer learns of it.
    const hidden = await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: drafted, approve: true });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('There is no such milestone.');
    const none = await outsiderSession.post('/api/milestone/approval', { milestone_id: 987_654_321, approve: true });
    expect(none.status).toBe(404);
    expect(await events(`milestone-${milestone}`)).toBe(1);
    expect(await events(`milestone-${drafted}`)).toBe(1);
    // The refused reads ahead left nothing behind: the party's approval is decided on the stream as it is.
    const approved = await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: milestone, approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body.user_approval_status).toBe('approved');
  });

  it('decides an edit on its own milestone, though the version names no stream', async () => {
    const projectId = await project();
    const original = await proposeMilestone(parties, projectId, '500.00');
    await submitProject(parties.sessions.seller, projectId);
    const edit = await parties.sessions.seller.post('/api/milestone', {
      job_id: projectId,
      original_id: original,
      title: 'Bigger',
      definition: 'Work done and inspected, twice.',
      payees: [{ jc_id: parties.seller.companyId, type: 'fixed', amount: '550.00' }],
    });
    expect(edit.status).toBe(201);
    const editId = edit.body.m_id as number;
    expect(editId).not.toBe(original);
    await quiet();
    const answer = await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: editId, approve: true });
    expect(answer.status).toBe(200);
    expect(await events(`milestone-${editId}`)).toBe(0);
    expect(await events(`milestone-${original}`)).toBe(3);
  });

  it('decides on what another process appended since this one last read the stream', async () => {
    const projectId = await project();
    const milestone = await proposeMilestone(parties, projectId, '600.00');
    await submitProject(parties.sessions.seller, projectId);
    await quiet();
    // This process caches the stream's state; a second app on the same database then appends to it.
    expect((await parties.sessions.seller.post('/api/milestone/approval', { milestone_id: milestone, approve: true })).status).toBe(200);
    const other = await createApp({ ...app.config, runProjections: false, runPayments: false }, { logger: false });
    try {
      const buyerThere = new HttpSession(other.app).setCookie('sid', parties.sessions.buyer.cookie('sid'));
      expect((await buyerThere.post('/api/milestone/approval', { milestone_id: milestone, approve: true })).status).toBe(200);
    } finally {
      await other.close();
    }
    const appended = await events(`milestone-${milestone}`);
    // Here, the buyer's approval is decided on the stream with the buyer's approval of over there.
    const again = await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: milestone, approve: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Both parties have already approved this version.');
    expect(await events(`milestone-${milestone}`)).toBe(appended);
  });

  it('rewrites only the read-model tables a command changed', async () => {
    const { firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'funded');
    await quiet();
    // xmin is the transaction that last wrote a row: a row written again gets a new one.
    const writers = async () => {
      const one = async (table: string) =>
        (
          await app.db.pool.query<{ x: string }>(`SELECT string_agg(xmin::text, ',' ORDER BY xmin::text) AS x FROM ${table} WHERE original_id = $1`, [
            firstMilestone,
          ])
        ).rows[0]!.x;
      return { milestone: await one('milestones'), deposits: await one('milestone_deposits'), payees: await one('milestone_payees') };
    };
    const before = await writers();
    expect(before.deposits).not.toBeNull();
    expect((await parties.sessions.seller.put(`/api/milestone/${firstMilestone}/complete`, { complete: true })).status).toBe(200);
    await quiet();
    const after = await writers();
    expect(after.milestone).not.toBe(before.milestone);
    expect(after.deposits).toBe(before.deposits);
    expect(after.payees).toBe(before.payees);
    const { rows } = await app.db.pool.query('SELECT company_completed FROM milestones WHERE original_id = $1', [firstMilestone]);
    expect(rows[0].company_completed).toBe(true);
  });
});
