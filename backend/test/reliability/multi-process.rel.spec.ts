import { createProjectors, ProjectionRunner } from '@escrow/projections';

import { copyTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { DEFAULT_RATE_LIMITS } from '../../src/config/rate-limit-policy';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { createCompany, createSeller, createUser, TEST_PASSWORD } from '../support/http-session';
import { createMigratedTestDatabase } from '../support/test-app';
import { checkerPool } from './checker-pool';
import { type ChildRun, freePort } from './child-process';
import { type Actor, EscrowSimulation } from './escrow-simulation';
import { keepFailedRunLogs, reportFigure } from './figures';
import { ApiClient } from './http-client';
import { checkMoneyInvariants } from './money-invariants';
import { catchUpReadModels, readModelChecksums } from './read-model-checksums';
import { RetryingCommands } from './retrying-commands';
import { SeededRandom, seedFromEnvironment } from './seeded-random';
import { checkReminders, keysAppendedTwice, quiesce, streamLengths } from './simulation-checks';
import { startApi, startWorker } from './test-servers';

const ROUNDS = Number(process.env.REL_MULTI_ROUNDS ?? 30);
const API_PROCESSES = 3;

/**
 * Issue 16.3: several API processes and a separate projection worker on one PostgreSQL, as the
 * compose deployment runs them. The seeded simulation's requests go to the three API processes
 * in turn (cookies and Idempotency-Keys travel with the client, so any process may answer any
 * request); API processes and the worker are SIGKILLed at seeded moments and started again.
 * Afterwards: every money invariant, no key appended twice, nothing handed to the payment
 * provider twice, read models equal to a clean rebuild, and the login limit counted across the
 * processes (5 password checks per email in all).
 */
describe('three API processes and a separate worker, killed at random', () => {
  const seed = seedFromEnvironment();
  it(`keeps every money invariant and every limit (SEED=${seed})`, async () => {
    try {
      await run(seed);
    } catch (error) {
      (error as Error).message =
        `SEED=${seed} failed; replay it with SEED=${seed} npx jest -c jest.reliability.config.js backend/test/reliability/multi-process.rel.spec.ts\n${(error as Error).message}`;
      throw error;
    }
  }, 900_000);
});

async function run(seed: number): Promise<void> {
  const started = Date.now();
  const random = new SeededRandom(seed);
  const faults = random.fork('faults');
  const database: TestDatabase = await createMigratedTestDatabase();
  let rebuilt: TestDatabase | null = null;
  const ports = await Promise.all(Array.from({ length: API_PROCESSES }, () => freePort()));
  // A command waits for the worker's read models; the bound covers a worker restart (~2 s here).
  const env = (port: number) => ({
    PAYMENTS_SANDBOX_SETTLE_MS: '100',
    PAYMENTS_RETURN_WINDOW: '300ms',
    RESPONSE_DEADLINE_DAYS: '0',
    // Funds held a second with someone to act get a reminder: the clock runs throughout.
    HELD_FUNDS_REMINDER_AFTER: '1s',
    // A changed payout account holds payouts two seconds (as in the escrow simulation), not the
    // default three business days, which would leave a round's payouts waiting past quiescence.
    PAYOUT_CHANGE_HOLD: '2s',
    RUN_PROJECTIONS: 'false',
    READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    PORT: String(port),
  });
  // Every process started, killed ones included: their whole logs are kept when the run fails.
  const processes: { name: string; run: ChildRun }[] = [];
  const launch = <T extends ChildRun>(name: string, run: T): T => {
    processes.push({ name: `${String(processes.length).padStart(2, '0')}-${name}`, run });
    return run;
  };
  const apis: (ChildRun | null)[] = await Promise.all(ports.map(async (port, slot) => launch(`api-${slot}`, (await startApi(database.url, env(port))).run)));
  let worker: ChildRun | null = launch('worker', await startWorker(database.url));
  const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const pool = checkerPool(database.url, 4);
  const store = new PostgresEventStore({ pool });
  const figures = { rounds: 0, actions: 0, apiKills: 0, workerKills: 0, refusals: 0 };
  const output = () => [...apis.map((a, i) => `--- API ${i} ---\n${a?.tail() ?? '(down)'}`), `--- worker ---\n${worker?.tail() ?? '(down)'}`].join('\n');
  const commands = new RetryingCommands(200, 180_000);
  try {
    const actor = async (name: string, user: Awaited<ReturnType<typeof createUser>>, companyId: number | null): Promise<Actor> => {
      const client = new ApiClient(baseUrls);
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
    // Users of the subcontractors: they sign their own companies' lien waivers.
    const subUsers = await Promise.all(subCompanies.map(async (companyId, i) => actor(`payee ${i}`, await createUser(pool, { companyId }), companyId)));
    const simulation = new EscrowSimulation(random, { buyers, sellers, admins, outsider, subCompanies, subUsers }, commands, pool);

    const restarts: Promise<void>[] = [];
    const killApi = async (slot: number) => {
      const victim = apis[slot];
      if (!victim) return;
      apis[slot] = null;
      await victim.kill();
      figures.apiKills++;
      apis[slot] = launch(`api-${slot}`, (await startApi(database.url, env(ports[slot]!))).run);
    };
    const killWorker = async () => {
      const victim = worker;
      if (!victim) return;
      worker = null;
      await victim.kill();
      figures.workerKills++;
      worker = launch('worker', await startWorker(database.url));
    };

    for (let round = 0; round < ROUNDS; round++) {
      await simulation.refresh();
      const actions = simulation.planRound(6);
      const fault = faults.next();
      const delayMs = faults.int(0, 400);
      const slot = faults.int(0, API_PROCESSES - 1);
      const streamsBefore = await streamLengths(
        pool,
        actions.filter((a) => a.refusedWith).map((a) => a.stream),
      );
      const running = Promise.allSettled(actions.map((a) => a.run()));
      const sleep = () => new Promise((r) => setTimeout(r, delayMs));
      // Restarts run beside the round's requests: the other processes answer meanwhile.
      if (fault < 0.2) restarts.push(sleep().then(() => killApi(slot)));
      else if (fault < 0.3) restarts.push(sleep().then(() => Promise.all([killApi(slot), killApi((slot + 1) % API_PROCESSES)]).then(() => undefined)));
      else if (fault < 0.45) restarts.push(sleep().then(killWorker));
      else if (fault < 0.5) restarts.push(sleep().then(() => Promise.all([killApi(slot), killWorker()]).then(() => undefined)));
      const results = await running;
      await Promise.all(restarts.splice(0));
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`round ${round}, ${actions[i]!.label}: ${(r.reason as Error).message}`] : []));
      if (failed.length) throw new Error(`${failed.join('\n')}\n${output()}`);
      const streamsAfter = await streamLengths(pool, [...streamsBefore.keys()]);
      for (const [stream, before] of streamsBefore) {
        if (streamsAfter.get(stream) !== before)
          throw new Error(`round ${round}: a refused command changed ${stream} (${before} → ${streamsAfter.get(stream)} events)`);
      }
      figures.rounds++;
      figures.actions += actions.length;
      await quiesce(pool).catch((error: Error) => {
        throw new Error(`${error.message}\n${output()}`);
      });
    }
    figures.refusals = simulation.refusals.length;

    // The login limit holds across the processes: 30 guesses at once, spread over all three.
    const victim = await createUser(pool);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new ApiClient(baseUrls[i % API_PROCESSES]!).request('POST', '/api/auth/login', { email: victim.email, password: `guess-${i}` }),
      ),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    expect({ checked, refused: guesses.filter((g) => g.status === 429).length }).toEqual({
      checked: DEFAULT_RATE_LIMITS.loginChecksPerEmail.points,
      refused: 30 - DEFAULT_RATE_LIMITS.loginChecksPerEmail.points,
    });

    expect(await keysAppendedTwice(pool)).toEqual([]);
    const serverErrors = commands.answers.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 503);
    expect(serverErrors).toEqual([]);
    const money = await checkMoneyInvariants(pool);
    expect(money.violations).toEqual([]);
    const reminders = await checkReminders(pool);
    expect(reminders.violations).toEqual([]);
    const { rows: projectors } = await pool.query<{ name: string; state: string }>('SELECT name, state FROM projection_checkpoints ORDER BY name');
    expect(projectors.filter((p) => p.state !== 'running')).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0].n).toBe(0);
    const { rows: submissions } = await pool.query<{ n: number; distinct_refs: number; distinct_keys: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT provider_reference)::int AS distinct_refs, count(DISTINCT instruction_key)::int AS distinct_keys FROM payment_submissions',
    );
    expect(submissions[0]!.n).toBe(submissions[0]!.distinct_refs);
    expect(submissions[0]!.n).toBe(submissions[0]!.distinct_keys);

    // The read models equal a clean rebuild of the same events.
    await Promise.all(apis.map((a) => a?.stop()));
    await worker?.stop();
    apis.fill(null);
    worker = null;
    await store.close();
    await pool.end();
    await catchUpReadModels(database.url);
    rebuilt = await copyTestDatabase(database);
    const live = checkerPool(database.url, 2);
    const rebuiltPool = checkerPool(rebuilt.url, 4);
    const rebuiltStore = new PostgresEventStore({ pool: rebuiltPool });
    const runner = new ProjectionRunner({ pool: rebuiltPool, eventStore: rebuiltStore, projectors: createProjectors(), databaseUrl: rebuilt.url });
    try {
      await runner.rebuildMany(runner.projectors.map((p) => p.name));
      expect(await readModelChecksums(live)).toEqual(await readModelChecksums(rebuiltPool));
      const { rows: events } = await live.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      const { rows: served } = await live.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_submissions');
      reportFigure('multi-process', {
        seed,
        apiProcesses: API_PROCESSES,
        ...figures,
        requests: commands.answers.length,
        noAnswer: commands.answers.filter((a) => a.status === 'no answer').length,
        answered503: commands.answers.filter((a) => a.status === 503).length,
        projects: simulation.projects.length,
        milestones: simulation.milestones.length,
        events: events[0]!.n,
        paymentSubmissions: served[0]!.n,
        loginChecksOf30: checked,
        settled: money.settled,
        held: money.held,
        seconds: (Date.now() - started) / 1000,
      });
    } finally {
      await runner.stop();
      await rebuiltStore.close();
      await rebuiltPool.end();
      await live.end();
    }
  } catch (error) {
    const dir = keepFailedRunLogs(
      'multi-process',
      seed,
      processes.map(({ name, run }) => ({ name, lines: run.output })),
      commands.answers,
    );
    (error as Error).message += `\nEvery process's whole log and every answer: ${dir}`;
    throw error;
  } finally {
    await Promise.all(apis.map((a) => a?.kill()));
    await worker?.kill();
    await store.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await rebuilt?.drop();
    await database.drop();
  }
}
