import { signByBoth } from '../../../test/support/escrow-flows';
import { createParties, createSignedProject, type EscrowParties, runMilestone } from '../../../test/support/escrow-project';
import { HttpSession, startSession } from '../../../test/support/http-session';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createApp, type RunningApp } from '../../bootstrap';

/**
 * Issue 40: a client that gets no answer retries its deposit with the same Idempotency-Key, and
 * behind a proxy the retry may reach another API process while the first is still deciding. Every
 * copy must get the first request's answer (one deposit), never a new decision ("already funded").
 */
describe('a deposit retried across two API processes at once', () => {
  let first: TestApp;
  let second: RunningApp;
  let parties: EscrowParties;
  beforeAll(async () => {
    first = await createTestApp();
    // A second application on the same database, as a second API process behind the proxy would be.
    second = await createApp({ ...first.config, runProjections: false, runPayments: false }, { logger: false });
    parties = await createParties(first);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('answers every copy with the one deposit the first decided', async () => {
    const { jobId, firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'agreed');
    await signByBoth(parties.sessions, jobId, { buyer: parties.buyer.name, seller: parties.seller.name });
    // One browser's cookie, its requests spread over both processes.
    const sid = await startSession(first.db.pool, parties.buyer.userId);
    const via = [first.http, second.app].map((app) => new HttpSession(app).setCookie('sid', sid));
    const key = 'deposit-retry-across-processes-0001';
    const copies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => via[i % 2]!.post('/api/milestone/deposit', { milestone_id: firstMilestone }, { 'idempotency-key': key })),
    );
    for (const copy of copies) expect({ status: copy.status, message: copy.body?.message }).toEqual({ status: 201, message: undefined });
    const depositIds = new Set(copies.map((c) => c.body.md_id));
    expect(depositIds.size).toBe(1);
    // A later retry, on either process, is still that deposit.
    for (const session of via) {
      const later = await session.post('/api/milestone/deposit', { milestone_id: firstMilestone }, { 'idempotency-key': key });
      expect({ status: later.status, md_id: later.body.md_id }).toEqual({ status: 201, md_id: [...depositIds][0] });
    }
    const { rows } = await first
      .ownerPool()
      .query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'DepositRequested'`, [`milestone-${firstMilestone}`]);
    expect(rows[0].n).toBe(1);
  }, 120_000);
});
