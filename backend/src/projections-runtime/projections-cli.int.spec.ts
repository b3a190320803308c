import { type CliIo, createProjectors, ProjectionRunner, runProjectionsCli } from '@escrow/projections';

import { createEventStoreFixture, type EventStoreFixture, readEverything, testEvent } from '../../test/support/event-store-fixture';

function captureIo(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (t) => lines.push(t), err: (t) => errors.push(t), isTTY: false, untilStopped: () => Promise.resolve() };
}

describe('projections CLI', () => {
  let fixture: EventStoreFixture;
  const open = async () => {
    const runner = new ProjectionRunner({ pool: fixture.pool, eventStore: fixture.store, databaseUrl: fixture.database.url, projectors: createProjectors() });
    return { runner, close: () => runner.stop() };
  };

  beforeAll(async () => {
    fixture = await createEventStoreFixture();
    await fixture.store.append('job-1', [
      testEvent('JobDraftCreated', {
        jobId: 1,
        customerId: 2,
        primaryCompanyId: 3,
        service: 'Roofing',
        customerInitiated: false,
        createdBy: 4,
        createdAt: '2026-11-01T00:00:00.000Z',
      }),
    ]);
    // Readers of the global order only see events below the oldest transaction still running in
    // the whole PostgreSQL cluster, which other test files share: wait until ours is below it, or
    // a rebuild started now may rightly find nothing yet.
    await readEverything(fixture.store, 1, 10);
  });
  afterAll(() => fixture.close());

  it('prints each projector with its lag before anything ran', async () => {
    const io = captureIo();
    expect(await runProjectionsCli(['status'], open, io)).toBe(0);
    expect(io.lines.join('\n')).toMatch(/^jobs\s+4\s+never run\s+-\s+1\s/m);
  });

  it('rebuilds every projector and then reports no lag', async () => {
    const io = captureIo();
    expect(await runProjectionsCli(['rebuild', '--all'], open, io)).toBe(0);
    expect(io.lines.join('\n')).toContain('jobs: rebuilt from 1 events (1 applied)');
    const { rows } = await fixture.pool.query('SELECT job_id, service FROM jobs');
    expect(rows).toEqual([{ job_id: 1, service: 'Roofing' }]);
    const status = captureIo();
    await runProjectionsCli(['status', '--json'], open, status);
    const statuses = JSON.parse(status.lines.join('\n'));
    expect(statuses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'jobs', lagEvents: 0, eventsApplied: 1 }),
        expect.objectContaining({ name: 'milestones', eventsApplied: 0 }),
      ]),
    );
    expect(statuses.every((s: { lagEvents: number }) => s.lagEvents === 0)).toBe(true);
  });

  it('explains a rebuild without a name and an unknown projector', async () => {
    const io = captureIo();
    expect(await runProjectionsCli(['rebuild'], open, io)).toBe(2);
    expect(io.errors.join('\n')).toContain('Name a projector or pass --all. Known projectors: jobs, milestones, ledger, payment-instructions');
    const unknown = captureIo();
    expect(await runProjectionsCli(['rebuild', 'nope'], open, unknown)).toBe(1);
    expect(unknown.errors.join('\n')).toContain('No projector is named "nope"');
  });
});
