import { ProjectionRunner } from '@escrow/projections';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { type CreatedUser, createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 15, item 2: commands answer from the state their decider produced, not by waiting for
 * projectors; each answer says where it appended, and a read that cannot catch up with that in
 * time says so instead of answering silently stale.
 */
describe('commands answer from the write side; reads wait for the writes they know of', () => {
  let app: TestApp;
  let buyer: HttpSession;
  let seller: HttpSession;
  let people: { buyer: CreatedUser; seller: CreatedUser & { companyId: number } };
  let runner: ProjectionRunner;

  beforeAll(async () => {
    app = await createTestApp({ readYourWritesTimeoutMs: 2000 });
    runner = app.http.get(ProjectionRunner);
    people = {
      buyer: await createUser(app.db.pool, { firstName: 'Rita', lastName: 'Reads' }),
      seller: await createSeller(app.db.pool, { name: 'Write Side Builders' }),
    };
    buyer = new HttpSession(app.http);
    seller = new HttpSession(app.http);
    await buyer.login(people.buyer.email, TEST_PASSWORD);
    await seller.login(people.seller.email, TEST_PASSWORD);
  }, 60_000);
  afterAll(() => app.close());

  const payees = (amount: string) => [{ jc_id: people.seller.companyId, type: 'fixed', amount, includeFee: false }];
  const ready = async () => {
    const projectId = (await seller.post('/api/job/basic', { customer_id: people.buyer.userId, service: 'Framing', customerInitiated: false })).body
      .job_id as number;
    const m = await seller.post('/api/milestone', { job_id: projectId, title: 'Frame', definition: 'Framed.', payees: payees('100.00') });
    await submitProject(seller, projectId);
    await signByBoth({ buyer, seller }, projectId, { buyer: people.buyer.name, seller: people.seller.name });
    return { jobId: projectId, id: m.body.m_id as number };
  };

  /**
   * Makes a change (`before`) and sends a command while no projector runs, then lets them run: a
   * refusal the command meets for what the read models did not show yet is decided once more.
   */
  const whileBehind = async <B, T>(before: () => Promise<B>, command: (made: B) => Promise<T>): Promise<T> => {
    await runner.stop();
    let sent: Promise<T> | null = null;
    try {
      sent = command(await before());
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      runner.start();
    }
    return sent;
  };

  it('answers an approval from the decided state with its position while no projector runs, and a read then says it is behind', async () => {
    const { jobId: projectId, id } = await ready();
    await runner.stop();
    try {
      const approved = await buyer.post('/api/milestone/approval', { milestone_id: id, approve: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ m_id: id, user_approval_status: 'approved' });
      const position = approved.headers['x-escrow-position'] as string;
      expect(position).toMatch(/^\d+\/\d+$/);
      expect(String(approved.headers['set-cookie'])).toContain(`escrow_read_after=${encodeURIComponent(position)}`);
      expect(approved.headers['x-escrow-stale']).toBeUndefined();

      // The read model has not seen the approval: the read waits its bound, then says so.
      const stale = await buyer.get(`/api/job/${projectId}/milestones`);
      expect(stale.status).toBe(200);
      expect(stale.headers['x-escrow-stale']).toBe('true');
      expect(stale.body[0].user_approval_status).toBe('pending');
    } finally {
      runner.start();
    }
    const fresh = await buyer.get(`/api/job/${projectId}/milestones`);
    expect(fresh.headers['x-escrow-stale']).toBeUndefined();
    expect(fresh.body[0].user_approval_status).toBe('approved');
  });

  it("shows the other party's change made a moment ago through the same process", async () => {
    const { jobId: projectId, id } = await ready();
    for (let i = 0; i < 20; i++) {
      const versions = await seller.post('/api/milestone', {
        job_id: projectId,
        original_id: id,
        title: 'Frame',
        definition: `Edit ${i}.`,
        payees: payees(`${100 + i}.00`),
      });
      expect(versions.status).toBe(201);
      // The buyer never made this write: the read still shows it at once.
      const seen = (await buyer.get(`/api/milestone/${id}/edits`)).body as { m_id: number }[];
      expect({ i, seen: seen.some((v) => v.m_id === versions.body.m_id) }).toEqual({ i, seen: true });
    }
  });

  it("decides a command refused only because the read models had not caught up with the other party's change once more, after they have", async () => {
    const { jobId: projectId } = await ready();
    const approved = await whileBehind(
      async () => {
        const proposed = await seller.post('/api/milestone', { job_id: projectId, title: 'Roof', definition: 'Roofed.', payees: payees('300.00') });
        expect(proposed.status).toBe(201);
        return proposed.body.m_id as number;
      },
      // The buyer never saw it: the milestone is not in the read model yet, so the access check
      // cannot find it; the command waits for the read models and is decided on them.
      (milestoneId) => buyer.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }),
    );
    expect({ status: approved.status, approval: approved.body.user_approval_status }).toEqual({ status: 200, approval: 'approved' });
    // A refusal that stands is answered as it was.
    expect((await buyer.post('/api/milestone/approval', { milestone_id: 987654, approve: true })).status).toBe(404);
  });

  it('answers 503 with Retry-After, not 404, for what the client created while the read models are still behind it', async () => {
    await runner.stop();
    let projectId: number;
    try {
      const created = await seller.post('/api/job/basic', { customer_id: people.buyer.userId, service: 'Framing', customerInitiated: false });
      expect(created.status).toBe(201);
      projectId = created.body.job_id as number;
      const early = await seller.get(`/api/job/${projectId}/agreement`);
      expect({ status: early.status, retryAfter: early.headers['retry-after'], message: early.body.message }).toEqual({
        status: 503,
        retryAfter: '1',
        message: 'This was changed a moment ago and is still being updated. Try again in a moment.',
      });
      // A position no event has reached is not the client's change: a refusal stands as it is.
      const bogus = await seller.get('/api/job/987654/agreement', { 'x-escrow-read-after': '999999999999/1' });
      expect(bogus.status).toBe(404);
    } finally {
      runner.start();
    }
    expect((await seller.get(`/api/job/${projectId!}/agreement`)).status).toBe(200);
  });

  it('waits for the position a client sends, from another process, and ignores one that is not a position', async () => {
    const { jobId: projectId } = await ready();
    const far = await buyer.get(`/api/job/${projectId}/milestones`, { 'x-escrow-read-after': '999999999999/1' });
    expect(far.headers['x-escrow-stale']).toBe('true');
    const junk = await buyer.get(`/api/job/${projectId}/milestones`, { 'x-escrow-read-after': 'not a position' });
    expect(junk.status).toBe(200);
    expect(junk.headers['x-escrow-stale']).toBeUndefined();
  });

  describe("a project's milestones, counted on its own stream", () => {
    // A draft exists only for the person who started it: the other way in at the same instant is
    // their second session (another device, a script), which carries no position of the first's.
    let otherDevice: HttpSession;
    beforeAll(async () => {
      otherDevice = new HttpSession(app.http);
      await otherDevice.login(people.seller.email, TEST_PASSWORD);
    });
    /** A draft of the seller's the read models already show. */
    const draft = async () => {
      const projectId = (await seller.post('/api/job/basic', { customer_id: people.buyer.userId, service: 'Framing', customerInitiated: false })).body
        .job_id as number;
      expect((await seller.get(`/api/job/${projectId}/agreement`)).status).toBe(200);
      return projectId;
    };

    it('submits a project on a milestone added a moment ago, before any projector applied it', async () => {
      const projectId = await draft();
      await runner.stop();
      try {
        expect((await seller.post('/api/milestone', { job_id: projectId, title: 'Frame', definition: 'Framed.', payees: payees('100.00') })).status).toBe(201);
        const submitted = await seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId });
        expect({ status: submitted.status, code: submitted.body.code }).toEqual({ status: 200, code: undefined });
      } finally {
        runner.start();
      }
    });

    it('refuses progress billing chosen on one device right after a milestone was added on another', async () => {
      const projectId = await draft();
      const chosen = await whileBehind(
        async () =>
          expect((await seller.post('/api/milestone', { job_id: projectId, title: 'Frame', definition: 'Framed.', payees: payees('100.00') })).status).toBe(
            201,
          ),
        () => otherDevice.put(`/api/job/${projectId}/billing`, { method: 'progress' }),
      );
      expect({ status: chosen.status, code: chosen.body.code }).toEqual({ status: 409, code: 'milestones_exist' });
      expect((await seller.get(`/api/job/${projectId}/milestones`)).body).toHaveLength(1);
    });

    it('refuses a milestone added on one device right after progress billing was chosen on another', async () => {
      const projectId = await draft();
      const proposed = await whileBehind(
        async () => expect((await seller.put(`/api/job/${projectId}/billing`, { method: 'progress' })).status).toBe(200),
        () => otherDevice.post('/api/milestone', { job_id: projectId, title: 'Frame', definition: 'Framed.', payees: payees('100.00') }),
      );
      expect({ status: proposed.status, code: proposed.body.code }).toEqual({ status: 409, code: 'progress_billed' });
      expect((await seller.get(`/api/job/${projectId}/milestones`)).body).toHaveLength(0);
    });
  });
});
