import { createProjectors, ProjectionRunner } from '@escrow/projections';

import { copyTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { createCompany, createSeller, createUser, TEST_PASSWORD } from '../support/http-session';
import { createMigratedTestDatabase } from '../support/test-app';
import { checkerPool } from './checker-pool';
import type { ChildRun } from './child-process';
import { freePort } from './child-process';
import { type Actor, EscrowSimulation } from './escrow-simulation';
import { reportFigure } from './figures';
import { ApiClient } from './http-client';
import { checkMoneyInvariants } from './money-invariants';
import { checkPayoutsWentToEligibleAccounts } from './payout-account-changes';
import { catchUpReadModels, readModelChecksums } from './read-model-checksums';
import { RetryingCommands } from './retrying-commands';
import { SeededRandom, seedFromEnvironment } from './seeded-random';
import { checkReminders, keysAppendedTwice, quiesce, streamLengths } from './simulation-checks';
import { startApi } from './test-servers';

const ROUNDS = Number(process.env.REL_SIM_ROUNDS ?? 50);
const SEEDS: number[] = process.env.SEED
  ? [seedFromEnvironment()]
  : Array.from({ length: Number(process.env.REL_SIM_SEEDS ?? 2) }, () => seedFromEnvironment());

/**
 * Issue 8, reliability 3: a seeded randomized simulation. Buyers, sellers and admins issue
 * concurrent commands over HTTP to the built API; between and during rounds the API process is
 * SIGKILLed and restarted, or its PostgreSQL connections are cut; clients retry with their
 * Idempotency-Keys, sometimes send a command twice at once, sometimes again after the answer.
 * Afterwards every money invariant must hold and the read models must equal a clean rebuild.
 * A failure names its seed; `SEED=<n>` replays the same plan.
 */
describe('seeded simulation of buyers, sellers and admins with crashes and retries', () => {
  for (const seed of SEEDS) {
    it(`keeps every money invariant (SEED=${seed})`, async () => {
      try {
        await simulate(seed);
      } catch (error) {
        (error as Error).message =
          `SEED=${seed} failed; replay it with SEED=${seed} npx jest backend/test/reliability/escrow-simulation.rel.spec.ts\n${(error as Error).message}`;
        throw error;
      }
    }, 900_000);
  }
});

async function simulate(seed: number): Promise<void> {
  const started = Date.now();
  const random = new SeededRandom(seed);
  const crashes = random.fork('crashes');
  const database: TestDatabase = await createMigratedTestDatabase();
  let rebuilt: TestDatabase | null = null;
  const port = await freePort();
  // Settled deposits clear 300 ms later: long enough for the sandbox's late returns to land inside the window.
  // Funds held a second with someone to act get a reminder: the clock runs throughout.
  const env = {
    PAYMENTS_SANDBOX_SETTLE_MS: '100',
    PAYMENTS_RETURN_WINDOW: '300ms',
    RESPONSE_DEADLINE_DAYS: '0',
    HELD_FUNDS_REMINDER_AFTER: '1s',
    // A changed payout account holds payouts two seconds, unless an admin confirms or the seller undoes it first.
    PAYOUT_CHANGE_HOLD: '2s',
    PORT: String(port),
  };
  let api: { run: ChildRun; baseUrl: string } | null = await startApi(database.url, env);
  const pool = checkerPool(database.url, 4);
  const store = new PostgresEventStore({ pool });
  const figures: Record<string, number> = { rounds: 0, actions: 0, apiKills: 0, connectionKills: 0, refusals: 0, returned: 0, drafts: 0 };
  try {
    const commands = new RetryingCommands(200, 180_000);
    const actor = async (name: string, user: Awaited<ReturnType<typeof createUser>>, companyId: number | null): Promise<Actor> => {
      const client = new ApiClient(api!.baseUrl);
      await client.login(user.email, TEST_PASSWORD);
      return { name, user, companyId, client };
    };
    const buyers = await Promise.all(Array.from({ length: 6 }, async (_, i) => actor(`buyer ${i}`, await createUser(pool), null)));
    const sellers = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const seller = await createSeller(pool, { services: ['General Contracting', 'Roofing', 'Electrical'] });
        return actor(`seller ${i}`, seller, seller.companyId);
      }),
    );
    const admins = await Promise.all(Array.from({ length: 2 }, async (_, i) => actor(`admin ${i}`, await createUser(pool, { role: 'admin' }), null)));
    const outsiderUser = await createSeller(pool);
    const outsider = await actor('outsider', outsiderUser, outsiderUser.companyId);
    const subCompanies = [await createCompany(pool, { name: 'Pine Framing' }), await createCompany(pool, { name: 'Volt Electric' })];
    // Buyers and sellers are sorted by plan, not by database id, so the plan depends on the seed only.
    // Users of the subcontractors: they sign their own companies' lien waivers.
    const subUsers = await Promise.all(subCompanies.map(async (companyId, i) => actor(`payee ${i}`, await createUser(pool, { companyId }), companyId)));
    const simulation = new EscrowSimulation(random, { buyers, sellers, admins, outsider, subCompanies, subUsers }, commands, pool);

    for (let round = 0; round < ROUNDS; round++) {
      await simulation.refresh();
      const actions = simulation.planRound(6);
      const crash = crashes.next();
      const crashDelayMs = crashes.int(0, 400);
      const streamsBefore = await streamLengths(
        pool,
        actions.filter((a) => a.refusedWith).map((a) => a.stream),
      );
      const running = Promise.allSettled(actions.map((a) => a.run()));
      if (crash < 0.12) {
        await new Promise((r) => setTimeout(r, crashDelayMs));
        await api!.run.kill();
        figures.apiKills++;
        api = await startApi(database.url, env);
      } else if (crash < 0.27) {
        await new Promise((r) => setTimeout(r, crashDelayMs));
        await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'escrow%'`);
        figures.connectionKills++;
      }
      const results = await running;
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`round ${round}, ${actions[i]!.label}: ${(r.reason as Error).message}`] : []));
      if (failed.length) throw new Error(`${failed.join('\n')}\n--- API output ---\n${api!.run.tail()}`);
      // A refused command changed nothing.
      const streamsAfter = await streamLengths(pool, [...streamsBefore.keys()]);
      for (const [stream, before] of streamsBefore) {
        if (streamsAfter.get(stream) !== before)
          throw new Error(`round ${round}: a refused command changed ${stream} (${before} → ${streamsAfter.get(stream)} events)`);
      }
      figures.rounds++;
      figures.actions += actions.length;
      await quiesce(pool);
    }
    figures.refusals = simulation.refusals.length;
    const digest = await simulation.outcomeDigest();

    // Every command a client saw succeed appended once; no copy of a key appended again.
    expect(await keysAppendedTwice(pool)).toEqual([]);
    const serverErrors = commands.answers.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 503);
    expect(serverErrors).toEqual([]);
    const money = await checkMoneyInvariants(pool);
    expect(money.violations).toEqual([]);
    const reminders = await checkReminders(pool);
    expect(reminders.violations).toEqual([]);
    // Every payout went to the account its claim named, eligible (verified, not held) when claimed.
    const payouts = await checkPayoutsWentToEligibleAccounts(pool);
    expect(payouts.violations).toEqual([]);
    Object.assign(figures, {
      payoutsNamed: payouts.paid,
      payoutAccountChanges: payouts.changes,
      changesConfirmed: payouts.confirmed,
      changesUndone: payouts.undone,
    });
    const { rows: projectors } = await pool.query<{ name: string; state: string; error: string | null }>(
      'SELECT name, state, error FROM projection_checkpoints ORDER BY name',
    );
    expect(projectors.filter((p) => p.state !== 'running')).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0].n).toBe(0);
    // Nothing was handed to the payment provider twice.
    const { rows: submissions } = await pool.query<{ n: number; distinct_refs: number }>(
      // count(DISTINCT) leaves NULLs out: a submission without its reference counts as a mismatch.
      'SELECT count(*)::int AS n, count(DISTINCT provider_reference)::int AS distinct_refs FROM payment_submissions',
    );
    expect(submissions[0]!.n).toBe(submissions[0]!.distinct_refs);
    // The provider's side: each instruction was handed over by exactly one submit call.
    const { rows: doubleSubmits } = await pool.query('SELECT instruction_key, submit_count FROM sandbox_ach_submissions WHERE submit_count <> 1');
    expect(doubleSubmits).toEqual([]);
    const { rows: outcomes } = await pool.query<{ returned: number; drafts: number }>(
      `SELECT (SELECT count(*) FROM events WHERE type = 'DepositReturned')::int AS returned, (SELECT count(*) FROM jobs WHERE is_draft)::int AS drafts,
              (SELECT count(*) FROM events WHERE type = 'ProjectTermsSet')::int AS terms_set,
              (SELECT count(*) FROM events WHERE type = 'LienWaiverSigned')::int AS waivers_signed,
              (SELECT count(*) FROM milestone_waivers WHERE status = 'missing')::int AS waivers_missing,
              (SELECT count(*) FROM events WHERE type = 'RetainageReleased')::int AS retainage_releases,
              (SELECT count(*) FROM events WHERE type = 'RetainageRefundRequested')::int AS retainage_refunds,
              (SELECT count(*) FROM events WHERE type = 'RetainageDisputeOpened')::int AS retainage_disputes`,
    );
    Object.assign(figures, outcomes[0], { reminders: reminders.reminders, reminderMails: reminders.mails });

    // The read models equal a clean rebuild of the same events.
    await api!.run.stop();
    api = null;
    await store.close();
    await pool.end();
    await catchUpReadModels(database.url);
    rebuilt = await copyTestDatabase(database);
    const live = checkerPool(database.url, 2);
    const rebuiltPool = checkerPool(rebuilt.url, 4);
    const rebuiltStore = new PostgresEventStore({ pool: rebuiltPool });
    const runner = new ProjectionRunner({ pool: rebuiltPool, eventStore: rebuiltStore, projectors: createProjectors(), databaseUrl: rebuilt.url });
    try {
      for (const p of runner.projectors) await runner.rebuild(p.name);
      expect(await readModelChecksums(live)).toEqual(await readModelChecksums(rebuiltPool));
      const { rows: events } = await live.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      reportFigure('escrow-simulation', {
        seed,
        ...figures,
        requests: commands.answers.length,
        answered503: commands.answers.filter((a) => a.status === 503).length,
        noAnswer: commands.answers.filter((a) => a.status === 'no answer').length,
        projects: simulation.projects.length,
        milestones: simulation.milestones.length,
        events: events[0]!.n,
        settled: money.settled,
        disbursed: money.disbursed,
        fees: money.fees,
        refunded: money.refunded,
        held: money.held,
        retainageWithheld: money.retainageWithheld,
        retainageHeld: money.retainageHeld,
        outcomeDigest: digest,
        seconds: (Date.now() - started) / 1000,
      });
    } finally {
      await runner.stop();
      await rebuiltStore.close();
      await rebuiltPool.end();
      await live.end();
    }
  } finally {
    await api?.run.kill();
    await store.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await rebuilt?.drop();
    await database.drop();
  }
}
