import { Logger } from '@nestjs/common';
import { Client } from 'pg';

import { createTestDatabase, type TestDatabase } from '../../../../testing/test-database';
import { type SingleActiveWork, SingleActiveWorker } from './single-active-worker';

const quiet = new Logger('single-active-worker.spec');
quiet.warn = () => undefined;

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The loop shared by the payments dispatcher, the webhook deliverer and the held-funds clock. */
describe('SingleActiveWorker', () => {
  let database: TestDatabase;
  let lockName: string;
  const workers: SingleActiveWorker[] = [];
  const worker = (work: Partial<SingleActiveWork> & Pick<SingleActiveWork, 'pass'>): SingleActiveWorker => {
    const created = new SingleActiveWorker(database.url, quiet, {
      label: 'test worker',
      applicationName: 'escrow-test-worker',
      lockName,
      pollMs: 60_000,
      retryMs: 20,
      ...work,
    });
    workers.push(created);
    return created;
  };
  const holderPid = async (): Promise<number | null> => {
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND (classid::bigint << 32 | objid::bigint) = hashtextextended($1, 0)`,
        [lockName],
      );
      return rows[0]?.pid ?? null;
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase([]);
  });
  beforeEach(() => {
    lockName = `test-lock-${Math.random()}`;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await database.drop();
  });

  it('runs on one process at a time; the next takes over when the first stops', async () => {
    const passes = { a: 0, b: 0 };
    const a = worker({ pass: async () => void passes.a++ });
    const b = worker({ pass: async () => void passes.b++ });
    a.start();
    await until(() => a.active);
    b.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect({ a: a.active, b: b.active, passes }).toEqual({ a: true, b: false, passes: { a: 1, b: 0 } });

    await a.stop();
    await until(() => b.active);
    expect(passes.b).toBe(1);
  });

  it('runs one pass at a time: kicks during a pass give exactly one more pass after it', async () => {
    let inFlight = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => undefined;
    const w = worker({
      pass: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        passes++;
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
        inFlight--;
      },
    });
    w.start();
    await until(() => passes === 1);
    for (let i = 0; i < 5; i++) w.kick();
    release();
    await until(() => passes === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect({ passes, most }).toEqual({ passes: 2, most: 1 });
  });

  it('polls every pollMs when nobody kicks', async () => {
    const pollMs = 100;
    const starts: number[] = [];
    worker({ pollMs, pass: async () => void starts.push(performance.now()) }).start();
    await until(() => starts.length >= 6, 5_000);
    const gaps = starts.slice(1, 6).map((at, i) => at - starts[i]!);
    // Never sooner than pollMs (less the timer's millisecond rounding); a busy machine may make a
    // pass late, so the cadence is bounded from above by the median gap, not the largest.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(pollMs * 0.9);
    const median = [...gaps].sort((a, b) => a - b)[2]!;
    expect(median).toBeLessThan(pollMs * 1.5);
  });

  it('gives the lock back when resuming fails, and tries again', async () => {
    let attempts = 0;
    let released = 0;
    let passes = 0;
    const w = worker({
      taken: async () => {
        attempts++;
        if (attempts < 3) throw new Error('not yet');
      },
      released: () => void released++,
      pass: async () => void passes++,
    });
    w.start();
    await until(() => passes === 1);
    expect({ attempts, released, active: w.active }).toEqual({ attempts: 3, released: 2, active: true });
  });

  it('stops at once when its lock connection is cut, then takes the lock again and resumes', async () => {
    let taken = 0;
    let released = 0;
    const w = worker({ taken: async () => void taken++, released: () => void released++, pass: async () => undefined });
    w.start();
    await until(() => w.active);
    const first = await holderPid();
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1, 5000)', [first]);
    } finally {
      await admin.end();
    }
    await until(() => taken === 2 && w.active);
    expect(released).toBe(1);
    expect(await holderPid()).not.toBe(first);
  });

  it('lets the pass under way finish before stop gives the lock back', async () => {
    let finished = false;
    const w = worker({
      pass: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished = true;
      },
    });
    w.start();
    await until(() => w.active);
    await w.stop();
    expect(finished).toBe(true);
    expect(await holderPid()).toBeNull();
  });
});
