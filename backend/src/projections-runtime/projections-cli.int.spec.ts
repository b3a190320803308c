import { type CliIo, createProjectors, ProjectionRunner, runProjectionsCli } from '@escrow/projections';

import { createEventStoreFixture, type EventStoreFixture, eventually, readEverything, testEvent } from '../../test/support/event-store-fixture';
import { serveWorkerMetrics } from '../observability/metrics';

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

  it('serves the worker’s metrics on its port while it runs: its batches and every projector’s position', async () => {
    const runner = new ProjectionRunner({ pool: fixture.pool, eventStore: fixture.store, databaseUrl: fixture.database.url, projectors: createProjectors() });
    const metrics = await serveWorkerMetrics(runner, fixture.pool, 0, '127.0.0.1');
    try {
      runner.start();
      await fixture.store.append('job-2', [
        testEvent('JobDraftCreated', {
          jobId: 2,
          customerId: 2,
          primaryCompanyId: 3,
          service: 'Framing',
          customerInitiated: false,
          createdBy: 4,
          createdAt: '2026-11-02T00:00:00.000Z',
        }),
      ]);
      // One line per series: its name, its labels sorted, its value.
      const sample = (text: string, name: string, labels: string) =>
        text
          .split('\n')
          .map((line) => /^(\w+)\{([^}]*)\} (\S+)$/.exec(line))
          .filter((m) => m?.[1] === name && m[2]!.split(',').sort().join(',') === labels)
          .map((m) => Number(m![3]))[0];
      const text = await eventually(
        async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text(),
        (t) => (sample(t, 'escrow_projector_events_applied_total', 'process="worker",projector="jobs"') ?? 0) >= 1,
        30_000,
      );
      expect(sample(text, 'escrow_projector_batch_duration_seconds_count', 'process="worker",projector="jobs"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'escrow_projector_position', 'process="worker",projector="jobs"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'escrow_projector_state', 'process="worker",projector="jobs",state="running"')).toBe(1);
      expect(sample(text, 'escrow_db_pool_connections', 'pool="main",process="worker"')).toBeGreaterThanOrEqual(1);
      // The worker serves no HTTP API and runs no commands.
      expect(text).not.toContain('escrow_http_request_duration_seconds');
      expect(text).not.toContain('escrow_commands_total');
    } finally {
      await metrics.stop();
      await runner.stop();
    }
  });
});
