import type { RecordedEvent } from '@escrow/domain';
import { type ProjectionContext, ProjectionRunner, type Projector } from '@escrow/projections';

import { createEventStoreFixture, type EventStoreFixture, eventually, testEvent } from '../../test/support/event-store-fixture';

/**
 * A projector that records every application of an event in a table WITHOUT a unique key, so a
 * double application shows up as a duplicate row instead of being absorbed.
 */
class AppliedEventsProjector implements Projector {
  readonly tables = ['applied_events'];
  readonly handles = ['Counted', 'Poison'];
  failOn: ((event: RecordedEvent) => boolean) | null = null;
  crashOnce: ((event: RecordedEvent) => boolean) | null = null;
  transientOnce: ((event: RecordedEvent) => boolean) | null = null;

  constructor(
    readonly name = 'applied-events',
    readonly version = 1,
  ) {}

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    for (const event of events) {
      await context.query(`INSERT INTO ${context.table('applied_events')} (event_id, n) VALUES ($1, $2)`, [event.id, (event.data as { n?: number }).n ?? null]);
      if (this.crashOnce?.(event)) {
        this.crashOnce = null;
        // The read-model row is written; now the connection dies before the checkpoint commits.
        await context.query('SELECT pg_terminate_backend(pg_backend_pid())');
      }
      if (this.transientOnce?.(event)) {
        this.transientOnce = null;
        throw new Error('Client has encountered a connection error and is not queryable');
      }
      if (this.failOn?.(event)) throw new Error(`cannot apply ${event.type}`);
    }
  }
}

async function createAppliedEventsTable(fixture: EventStoreFixture): Promise<void> {
  await fixture.pool.query('CREATE TABLE applied_events (event_id uuid NOT NULL, n integer)');
}

async function appliedRows(fixture: EventStoreFixture): Promise<{ total: number; distinct: number }> {
  const { rows } = await fixture.pool.query<{ total: number; distinct: number }>(
    'SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct FROM applied_events',
  );
  return rows[0]!;
}

function runnerOptions(fixture: EventStoreFixture, projectors: Projector[]) {
  return { pool: fixture.pool, eventStore: fixture.store, projectors, databaseUrl: fixture.database.url, retryMs: 100, batchSize: 50 };
}

function runnerFor(fixture: EventStoreFixture, projectors: Projector[]): ProjectionRunner {
  return new ProjectionRunner(runnerOptions(fixture, projectors));
}

async function checkpointRow(fixture: EventStoreFixture): Promise<{ commit_position: string | null; prepare_position: string | null; events_applied: string }> {
  const { rows } = await fixture.pool.query('SELECT commit_position, prepare_position, events_applied::text FROM projection_checkpoints');
  return rows[0];
}

async function appendCounted(fixture: EventStoreFixture, count: number, stream = 'counter-1'): Promise<void> {
  for (let i = 0; i < count; i += 25) {
    const chunk = Array.from({ length: Math.min(25, count - i) }, (_, k) => testEvent('Counted', { n: i + k }));
    await fixture.store.append(stream, chunk);
  }
}

describe('ProjectionRunner', () => {
  let fixture: EventStoreFixture;
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    fixture = await createEventStoreFixture();
    await createAppliedEventsTable(fixture);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await fixture.close();
  });

  it('applies every event once and keeps the checkpoint with the read model', async () => {
    await appendCounted(fixture, 120);
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(runner);
    runner.start();
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 120,
    );
    const [status] = await eventually(
      () => runner.status(),
      (s) => s[0]!.lagEvents === 0,
    );
    expect(status).toMatchObject({ name: 'applied-events', state: 'running', eventsApplied: 120, lagEvents: 0 });
    expect(await appliedRows(fixture)).toEqual({ total: 120, distinct: 120 });
  });

  it('recovers from a crash between the read-model write and the checkpoint without doubling', async () => {
    await appendCounted(fixture, 60);
    const projector = new AppliedEventsProjector();
    projector.crashOnce = (event) => (event.data as { n: number }).n === 30;
    const runner = runnerFor(fixture, [projector]);
    runners.push(runner);
    runner.start();
    await eventually(
      () => runner.status(),
      (s) => s[0]!.lagEvents === 0 && s[0]!.eventsApplied === 60,
    );
    expect(projector.crashOnce).toBeNull(); // the crash did happen
    expect(await appliedRows(fixture)).toEqual({ total: 60, distinct: 60 });
  });

  it('lets only one of two runners work a projector; the other takes over when it stops', async () => {
    const first = runnerFor(fixture, [new AppliedEventsProjector()]);
    const second = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(first, second);
    first.start();
    await eventually(
      () => first.status(),
      (s) => s[0]!.state === 'running',
    );
    second.start();
    await eventually(
      () => second.status(),
      (s) => s[0]!.state === 'standby',
    );

    await appendCounted(fixture, 50);
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 50,
    );
    await first.stop();
    await appendCounted(fixture, 50, 'counter-2');
    await eventually(
      () => second.status(),
      (s) => s[0]!.state === 'running' && s[0]!.lagEvents === 0,
    );
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 100,
    );
    expect(await appliedRows(fixture)).toEqual({ total: 100, distinct: 100 });
  });

  it('parks the stream of an event it cannot apply: its later events wait, 50 other streams stay fresh, resume applies the rest', async () => {
    const failing = new AppliedEventsProjector('failing');
    failing.failOn = (event) => event.type === 'Poison';
    const healthy = new AppliedEventsProjector('healthy');
    await fixture.pool.query('CREATE TABLE applied_events_healthy (LIKE applied_events)');
    (healthy as { tables: string[] }).tables = ['applied_events_healthy'];
    healthy.apply = async (events, context) => {
      for (const e of events) await context.query(`INSERT INTO ${context.table('applied_events_healthy')} (event_id) VALUES ($1)`, [e.id]);
    };

    await appendCounted(fixture, 10);
    const poison = await fixture.store.append('counter-1', [testEvent('Poison', { n: 999 })]);
    // The poisoned stream goes on: these wait behind its failed event.
    await fixture.store.append('counter-1', [testEvent('Counted', { n: 1001 }), testEvent('Counted', { n: 1002 })], {
      expectedRevision: poison.nextExpectedRevision,
    });
    const logged: { line: string; fields?: Record<string, unknown> }[] = [];
    const runner = new ProjectionRunner({ ...runnerOptions(fixture, [failing, healthy]), log: (line, fields) => void logged.push({ line, fields }) });
    runners.push(runner);
    runner.start();

    // (status reads its tables side by side, after the worker states: wait until both tables
    // show the parking and the state was read after the worker had started)
    const parked = await eventually(
      () => runner.status(),
      (s) => {
        const failingStatus = s.find((p) => p.name === 'failing')!;
        return failingStatus.parkedStreams.length === 1 && failingStatus.openDeadLetters === 1 && failingStatus.state !== 'starting';
      },
    );
    const status = parked.find((p) => p.name === 'failing')!;
    expect(status.state).toBe('running'); // not stopped: only the one stream waits
    // The log line names the event's correlation id: the request that appended it can be found.
    const poisoned = (await fixture.store.readStream('counter-1')).find((e) => e.type === 'Poison')!;
    expect(poisoned.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.find((l) => l.line.includes('PARKED stream counter-1'))?.fields).toEqual({
      correlationId: poisoned.metadata.correlationId,
      eventId: poisoned.id,
      streamId: 'counter-1',
    });
    expect(status.parkedStreams[0]).toMatchObject({
      streamId: 'counter-1',
      type: 'Poison',
      position: `${poison.position.commit}/${poison.position.prepare}`,
      error: expect.stringContaining('cannot apply Poison'),
    });
    expect(status.openDeadLetters).toBe(1);

    // 50 other projects keep being read fresh: every append is applied and waited for (read your writes).
    let last = poison.position;
    for (let i = 0; i < 50; i++) {
      const appended = await fixture.store.append(`project-${i}`, [testEvent('Counted', { n: 2000 + i })]);
      expect(await runner.waitFor(appended.position, { projectors: ['failing'], timeoutMs: 5000 })).toBe(true);
      last = appended.position;
    }
    // The healthy projector runs on its own: count its rows once it has passed the last append too.
    expect(await runner.waitFor(last, { projectors: ['healthy'], timeoutMs: 5000 })).toBe(true);
    const { rows: fresh } = await fixture.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM applied_events WHERE n >= 2000');
    expect(fresh[0]!.n).toBe(50);
    // Nothing of the parked stream after its poison was applied, and nothing half applied.
    const { rows: waiting } = await fixture.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM applied_events WHERE n IN (999, 1001, 1002)');
    expect(waiting[0]!.n).toBe(0);
    const { rows: healthyRows } = await fixture.pool.query('SELECT count(*)::int AS n FROM applied_events_healthy');
    expect(healthyRows[0].n).toBe(63);

    // Resuming without a fix keeps it parked, with the new error.
    expect(await runner.resume('failing')).toBe(false);
    expect((await runner.parkedStreams('failing'))[0]).toMatchObject({ streamId: 'counter-1', retriedAt: expect.any(String) });

    // After a fix, resume applies the waiting events of the stream, in order, exactly once.
    failing.failOn = null;
    expect(await runner.resume('failing')).toBe(true);
    expect(await runner.parkedStreams('failing')).toEqual([]);
    const { rows: resumed } = await fixture.pool.query<{ n: number }>('SELECT n FROM applied_events WHERE n IN (999, 1001, 1002) ORDER BY n');
    expect(resumed.map((r) => r.n)).toEqual([999, 1001, 1002]);
    expect(await appliedRows(fixture)).toEqual({ total: 63, distinct: 63 });
    expect((await runner.status()).find((p) => p.name === 'failing')!.openDeadLetters).toBe(0);
    // Later events of the stream flow as usual again.
    const later = await fixture.store.append('counter-1', [testEvent('Counted', { n: 1003 })]);
    expect(await runner.waitFor(later.position, { projectors: ['failing'], timeoutMs: 5000 })).toBe(true);
    expect(await appliedRows(fixture)).toEqual({ total: 64, distinct: 64 });
  });

  it('passes events it does not handle without writing its checkpoint row for each', async () => {
    const runner = new ProjectionRunner({ ...runnerOptions(fixture, [new AppliedEventsProjector()]), idleCheckpointMs: 60_000 });
    runners.push(runner);
    runner.start();
    await eventually(
      () => runner.status(),
      (s) => s[0]!.state === 'running',
    );
    const before = await checkpointRow(fixture);
    const ignored = await fixture.store.append('other-1', [testEvent('SomethingElse')]);
    // Read your writes holds at once: nothing of this projector changes with that event.
    expect(await runner.waitFor(ignored.position, { timeoutMs: 5000 })).toBe(true);
    expect(await checkpointRow(fixture)).toEqual(before);
    // The next event it applies carries the checkpoint past both.
    const counted = await fixture.store.append('counter-1', [testEvent('Counted', { n: 1 })]);
    expect(await runner.waitFor(counted.position, { timeoutMs: 5000 })).toBe(true);
    expect(await checkpointRow(fixture)).toEqual({
      commit_position: String(counted.position.commit),
      prepare_position: String(counted.position.prepare),
      events_applied: '1',
    });
  });

  it('moves its checkpoint row past ignored events within the idle time when nothing else comes', async () => {
    const runner = new ProjectionRunner({ ...runnerOptions(fixture, [new AppliedEventsProjector()]), idleCheckpointMs: 200 });
    runners.push(runner);
    runner.start();
    await eventually(
      () => runner.status(),
      (s) => s[0]!.state === 'running',
    );
    const ignored = await fixture.store.append('other-1', [testEvent('SomethingElse')]);
    const row = await eventually(
      () => checkpointRow(fixture),
      (r) => r.prepare_position === String(ignored.position.prepare),
      5000,
    );
    expect(row).toEqual({ commit_position: String(ignored.position.commit), prepare_position: String(ignored.position.prepare), events_applied: '0' });
    const [status] = await runner.status();
    expect(status!.lagEvents).toBe(0);
  });

  it('saves the position of ignored events when it stops', async () => {
    const runner = new ProjectionRunner({ ...runnerOptions(fixture, [new AppliedEventsProjector()]), idleCheckpointMs: 60_000 });
    runner.start();
    await eventually(
      () => runner.status(),
      (s) => s[0]!.state === 'running',
    );
    await appendCounted(fixture, 1);
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 1,
    );
    const ignored = await fixture.store.append('other-1', [testEvent('SomethingElse')]);
    expect(await runner.waitFor(ignored.position, { timeoutMs: 5000 })).toBe(true);
    await runner.stop();
    expect((await checkpointRow(fixture)).prepare_position).toBe(String(ignored.position.prepare));
  });

  it('waits for read models to pass a position (read your writes)', async () => {
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(runner);
    runner.start();
    const result = await fixture.store.append('counter-1', [testEvent('Counted', { n: 1 })]);
    expect(await runner.waitFor(result.position, { timeoutMs: 5000 })).toBe(true);
    expect((await appliedRows(fixture)).total).toBe(1);
  });

  it('retries soon after a cut connection, so read your writes survives it', async () => {
    const projector = new AppliedEventsProjector();
    const runner = new ProjectionRunner({ ...runnerOptions(fixture, [projector]), retryMs: 2000 });
    runners.push(runner);
    runner.start();
    const first = await fixture.store.append('counter-1', [testEvent('Counted', { n: 1 })]);
    expect(await runner.waitFor(first.position, { timeoutMs: 5000 })).toBe(true);

    // The session went away between two statements of the batch (a terminated backend).
    projector.transientOnce = (event) => (event.data as { n: number }).n === 2;
    const second = await fixture.store.append('counter-1', [testEvent('Counted', { n: 2 })]);
    expect(await runner.waitFor(second.position, { timeoutMs: 1500 })).toBe(true);
    expect(projector.transientOnce).toBeNull(); // the failure did happen
    expect(await appliedRows(fixture)).toEqual({ total: 2, distinct: 2 });
  });

  it('gives up waiting when the projectors are not running', async () => {
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    const result = await fixture.store.append('counter-1', [testEvent('Counted', { n: 1 })]);
    const started = Date.now();
    expect(await runner.waitFor(result.position, { timeoutMs: 200 })).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('rebuilds several projectors in one pass over the events', async () => {
    await appendCounted(fixture, 120);
    // The events are read once no older transaction is open on the server (the read horizon,
    // held a moment by other tests' databases under make test's load); the rebuild is then measured.
    await eventually(
      async () => (await fixture.store.readAll({ after: null, limit: 1000 })).events.length,
      (n) => n === 120,
      10_000,
    );
    await fixture.pool.query('CREATE TABLE applied_events_other (LIKE applied_events)');
    const other = new AppliedEventsProjector('other');
    (other as { tables: string[] }).tables = ['applied_events_other'];
    other.apply = async (events, context) => {
      for (const e of events) await context.query(`INSERT INTO ${context.table('applied_events_other')} (event_id) VALUES ($1)`, [e.id]);
    };
    const runner = runnerFor(fixture, [new AppliedEventsProjector(), other]);
    const reads = jest.spyOn(fixture.store, 'readAll');
    const results = await runner.rebuildMany(['applied-events', 'other']);
    expect(results.map((r) => [r.projector, r.events, r.applied])).toEqual([
      ['applied-events', 120, 120],
      ['other', 120, 120],
    ]);
    // One page of events, the read that finds nothing more, the catch-up after the index build,
    // the check before the swap: for both projectors together.
    expect(reads).toHaveBeenCalledTimes(4);
    expect(await appliedRows(fixture)).toEqual({ total: 120, distinct: 120 });
    const { rows } = await fixture.pool.query('SELECT count(*)::int AS n FROM applied_events_other');
    expect(rows[0].n).toBe(120);
    const statuses = await runner.status();
    expect(statuses.map((s) => [s.name, s.lagEvents, s.eventsApplied, s.lastRebuild?.state])).toEqual([
      ['applied-events', 0, 120, 'finished'],
      ['other', 0, 120, 'finished'],
    ]);
  });

  it('rebuilds past pages that hold none of our events but move on (EventStoreDB passing system events)', async () => {
    await appendCounted(fixture, 30, 'counter-a');
    for (let i = 0; i < 4; i++)
      await fixture.store.append(
        '$$metadata-like',
        Array.from({ length: 150 }, () => testEvent('Noise')),
      );
    await appendCounted(fixture, 30, 'counter-b');
    // Readers of the global order see an event once no older transaction is open anywhere on the
    // server (the read horizon); a busy run holds it for a moment in other tests' databases.
    await eventually(
      async () => (await fixture.store.readAll({ after: null, limit: 1000 })).events.length,
      (n) => n === 660,
      10_000,
    );
    // The store as an EventStoreDB reader sees it: `$` streams filtered out, the cursor still
    // past them, pages of 100 events read (so most pages return none of ours).
    const read = fixture.store.readAll.bind(fixture.store);
    jest.spyOn(fixture.store, 'readAll').mockImplementation(async (options) => {
      const page = await read({ ...options, limit: Math.min(options.limit, 100) });
      return { ...page, events: page.events.filter((e) => !e.streamId.startsWith('$')) };
    });
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    const [result] = await runner.rebuildMany(['applied-events']);
    expect(result).toMatchObject({ events: 60, applied: 60 });
    expect(await appliedRows(fixture)).toEqual({ total: 60, distinct: 60 });
  });

  it('follows the global order past pages that hold none of our events', async () => {
    await appendCounted(fixture, 10, 'counter-a');
    await fixture.store.append(
      '$$metadata-like',
      Array.from({ length: 200 }, () => testEvent('Noise')),
    );
    await appendCounted(fixture, 10, 'counter-b');
    const read = fixture.store.readAll.bind(fixture.store);
    jest.spyOn(fixture.store, 'readAll').mockImplementation(async (options) => {
      const page = await read(options);
      return { ...page, events: page.events.filter((e) => !e.streamId.startsWith('$')) };
    });
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(runner);
    runner.start();
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 20,
    );
    expect(await appliedRows(fixture)).toEqual({ total: 20, distinct: 20 });
  });

  it('rebuilds into fresh tables while running and ends with the same rows', async () => {
    await appendCounted(fixture, 200);
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(runner);
    runner.start();
    await eventually(
      () => appliedRows(fixture),
      (r) => r.total === 200,
    );
    await fixture.pool.query('CREATE INDEX applied_events_n_idx ON applied_events (n)');

    const writing = appendCounted(fixture, 100, 'counter-2'); // live traffic during the rebuild
    const progress: number[] = [];
    const result = await runner.rebuild('applied-events', (p) => progress.push(p.done));
    await writing;
    expect(result.events).toBeGreaterThanOrEqual(200);
    expect(progress.length).toBeGreaterThan(0);
    await eventually(
      () => runner.status(),
      (s) => s[0]!.lagEvents === 0 && s[0]!.state === 'running',
    );
    expect(await appliedRows(fixture)).toEqual({ total: 300, distinct: 300 });
    const { rows: indexes } = await fixture.pool.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'applied_events' ORDER BY 1`);
    expect(indexes.map((r) => r.indexname)).toEqual(['applied_events_n_idx']);
    const { rows: tables } = await fixture.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'applied_events%' ORDER BY 1`);
    expect(tables.map((r) => r.tablename)).toEqual(['applied_events']);
    const [status] = await runner.status();
    expect(status!.lastRebuild).toMatchObject({ state: 'finished' });
  });

  it('compares the rebuilt tables with live ones at the same position and reports a difference', async () => {
    await appendCounted(fixture, 120);
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]);
    runners.push(runner);
    runner.start();
    await eventually(
      () => runner.status(),
      (s) => s[0]!.lagEvents === 0 && s[0]!.eventsApplied === 120,
    );

    const same = await runner.rebuild('applied-events');
    expect(same.comparison).toMatchObject({ compared: true, equal: true, tables: [{ table: 'applied_events', liveRows: 120, rebuiltRows: 120, equal: true }] });

    // Damage the live read model behind the projector's back: the next rebuild must say so.
    await fixture.pool.query('DELETE FROM applied_events WHERE n < 3');
    const repaired = await runner.rebuild('applied-events');
    expect(repaired.comparison).toMatchObject({
      compared: true,
      equal: false,
      tables: [{ table: 'applied_events', liveRows: 117, rebuiltRows: 120, equal: false }],
    });
    expect(await appliedRows(fixture)).toEqual({ total: 120, distinct: 120 });
    const [status] = await runner.status();
    expect(status!.lastRebuild!.comparison).toEqual(repaired.comparison);
  });

  it('does not compare with live tables that stand at another position', async () => {
    await appendCounted(fixture, 30);
    // The rebuild targets the store's head, which waits for every older transaction in the
    // cluster (other test files' too): wait until it covers the 30 events, or both sides stand at 0/0.
    await eventually(
      async () => fixture.store.countAfter((await fixture.store.headPosition())?.position ?? null),
      (after) => after === 0,
    );
    const runner = runnerFor(fixture, [new AppliedEventsProjector()]); // not started: the live tables stay empty
    const result = await runner.rebuild('applied-events');
    expect(result.comparison).toEqual({ compared: false, reason: expect.stringContaining('the live projector stood at the start') });
  });
});
