import { eventually } from '../../test/support/event-store-fixture';
import { createSeller, createUser } from '../../test/support/http-session';
import { countRoundTrips } from '../../test/support/round-trips';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp, type RunningApp } from '../bootstrap';
import { SessionCache } from '../identity';
import { DirectoryService } from './directory.service';

/**
 * Names are kept in each API process (issue 29): a rename or an erasure, by the API or by an
 * operator's SQL, must show at once in every process, through the announcement the database
 * sends when it commits.
 */
describe('names kept in every process', () => {
  let app: TestApp;
  let other: RunningApp;
  let here: DirectoryService;
  let there: DirectoryService;

  beforeAll(async () => {
    app = await createTestApp();
    other = await createApp({ ...app.config, runProjections: false, runPayments: false }, { logger: false });
    here = app.http.get(DirectoryService);
    there = other.app.get(DirectoryService);
    await listening(true);
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await app.close();
  });

  const listening = (state: boolean) =>
    eventually(
      async () => [app.http, other.app].map((a) => a.get(SessionCache).listeningForRevocations),
      (both) => both.every((l) => l === state),
    );
  const nameOf = async (directory: DirectoryService, userId: number, companyId: number) => {
    const { people, companies } = await directory.names([userId], [companyId]);
    return { person: people.get(userId)?.displayName ?? null, company: companies.get(companyId) ?? null };
  };

  it('answers known names without asking the database', async () => {
    const person = await createUser(app.db.pool, { firstName: 'Kept', lastName: 'Person' });
    const company = await createSeller(app.db.pool, { name: 'Kept Company' });
    expect(await nameOf(there, person.userId, company.companyId)).toEqual({ person: 'Kept Person', company: 'Kept Company' });
    // Creating the seller enrolled a second factor, which revokes its sessions ({ userId }) and so
    // drops its names too when that arrives; from then on, the names are answered from memory.
    const again = await eventually(
      () => countRoundTrips(() => nameOf(there, person.userId, company.companyId)),
      (answer) => answer.roundTrips === 0,
      2_000,
    );
    expect(again.result).toEqual({ person: 'Kept Person', company: 'Kept Company' });
  });

  it('shows a rename and an erasure made by SQL in both processes', async () => {
    const person = await createUser(app.db.pool, { firstName: 'Old', lastName: 'Name' });
    const company = await createSeller(app.db.pool, { name: 'Old Company' });
    for (const directory of [here, there])
      expect(await nameOf(directory, person.userId, company.companyId)).toEqual({ person: 'Old Name', company: 'Old Company' });

    await app.db.pool.query(`UPDATE users SET first_name = 'New', display_name = 'New Name' WHERE user_id = $1`, [person.userId]);
    await app.db.pool.query(`UPDATE companies SET name = 'New Company' WHERE company_id = $1`, [company.companyId]);
    // The announcement comes with the commit: each process has it within its listener's latency.
    for (const directory of [here, there]) {
      await eventually(
        () => nameOf(directory, person.userId, company.companyId),
        (names) => names.person === 'New Name' && names.company === 'New Company',
        2_000,
      );
    }

    // An erasure, as an operator does it: the person's names replaced, the row marked deleted.
    await app.db.pool.query(`UPDATE users SET first_name = 'Erased', last_name = 'User', display_name = 'Erased User', deleted_at = now() WHERE user_id = $1`, [
      person.userId,
    ]);
    for (const directory of [here, there]) {
      await eventually(
        () => nameOf(directory, person.userId, company.companyId),
        (names) => names.person === 'Erased User',
        2_000,
      );
    }
  });

  it('keeps nothing it read across a change announced meanwhile, and nothing while it does not listen', async () => {
    const person = await createUser(app.db.pool, { firstName: 'Racing', lastName: 'Reader' });
    const company = await createSeller(app.db.pool, { name: 'Racing Company' });
    // The look-up reads the old name; the rename commits and is announced before its answer is kept.
    const reading = nameOf(there, person.userId, company.companyId);
    await app.db.pool.query(`UPDATE users SET display_name = 'Renamed Reader' WHERE user_id = $1`, [person.userId]);
    await reading;
    await eventually(
      () => nameOf(there, person.userId, company.companyId),
      (names) => names.person === 'Renamed Reader',
      2_000,
    );

    // Cut the listening connections: until they are back, every look-up asks the database.
    await app.db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'escrow-sessions' AND datname = current_database()`,
    );
    await listening(false);
    await app.db.pool.query(`UPDATE users SET display_name = 'Renamed While Deaf' WHERE user_id = $1`, [person.userId]);
    for (const directory of [here, there]) expect((await nameOf(directory, person.userId, company.companyId)).person).toBe('Renamed While Deaf');
  });
});
