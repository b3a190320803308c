import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EventStore, NewEvent } from '@escrow/domain';
import { type CliIo, type CopyEndpoint, copyEvents, runProjectionsCli } from '@escrow/projections';
import { Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { createMigratedTestDatabase } from '../../test/support/test-app';
import { loadConfig } from '../config/app-config';
import { eventIdFromKey } from '../event-store/event-ids';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { copyStoresOpener } from '../projections-cli';

function captureIo(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  // The copy stops on SIGINT/SIGTERM; here nobody asks it to.
  return { lines, errors, out: (t) => lines.push(t), err: (t) => errors.push(t), isTTY: false, untilStopped: () => new Promise<void>(() => undefined) };
}

function event(type: string, data: unknown, extra: Record<string, unknown> = {}, id?: string): NewEvent {
  return {
    ...(id ? { id } : {}),
    type,
    data,
    metadata: {
      actorId: '7',
      actorRole: 'buyer',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: '2026-11-20T10:00:00.000Z',
      schemaVersion: 1,
      ...extra,
    },
  };
}

/** A ledger of 1,500 events in 120 streams, interleaved, some appends of several events, some keyed ids. */
async function fillSource(store: EventStore): Promise<number> {
  let count = 0;
  const revisions = new Map<string, number>();
  for (let round = 0; round < 30; round++) {
    for (let s = 0; s < 40; s++) {
      if ((round + s) % 3 === 0) continue;
      const stream = s % 2 ? `milestone-${s}` : `job-${s}`;
      const size = 1 + ((round * 7 + s) % 3);
      const events = Array.from({ length: size }, (_, i) =>
        event(
          i % 2 ? 'MilestoneVersionApproved' : 'DepositRequested',
          { amount: `${round}${s}.0${i}`, nested: { z: 1, a: [round, s, i], text: 'ünïcödé ✓' } },
          (round + s) % 5 === 0 ? { idempotencyKey: `key-${round}-${s}` } : {},
          (round + s) % 5 === 0 ? eventIdFromKey(`7:${stream}`, `key-${round}-${s}`, i) : undefined,
        ),
      );
      const revision = revisions.get(stream);
      await store.append(stream, events, { expectedRevision: revision === undefined ? 'no_stream' : revision });
      revisions.set(stream, (revision ?? -1) + size);
      count += size;
    }
  }
  return count;
}

describe('copy-events between two PostgreSQL databases', () => {
  let source: TestDatabase;
  let sourcePool: Pool;
  let sourceStore: PostgresEventStore;
  let total: number;
  const dirs: string[] = [];
  const config = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'escrow-copy-'));
    dirs.push(dataDir);
    return { ...loadConfig({}), dataDir, databaseUrl: source.url };
  };
  const logLines: string[] = [];

  beforeAll(async () => {
    source = await createMigratedTestDatabase();
    sourcePool = new Pool({ connectionString: source.url, max: 4 });
    // An idle connection the server ends (a database dropped WITH (FORCE) nearby, a busy CI
    // cluster) must not fail the file as an unhandled 'error' event: queries still report theirs.
    sourcePool.on('error', () => undefined);
    sourceStore = new PostgresEventStore({ pool: sourcePool });
    total = await fillSource(sourceStore);
  }, 120_000);
  afterAll(async () => {
    await sourceStore.close();
    await sourcePool.end();
    await source.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function emptyTarget(): Promise<{ db: TestDatabase; pool: Pool; store: PostgresEventStore; close: () => Promise<void> }> {
    const db = await createMigratedTestDatabase();
    const pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    const store = new PostgresEventStore({ pool });
    return { db, pool, store, close: async () => (await store.close(), await pool.end(), await db.drop()) };
  }

  async function targetRows(pool: Pool) {
    const { rows } = await pool.query(`SELECT stream_id, stream_revision, event_id, type, data, metadata FROM events ORDER BY transaction_id, global_position`);
    return rows;
  }

  it('copies every stream in global order with the same ids, revisions, data and metadata, and verifies both sides', async () => {
    const target = await emptyTarget();
    try {
      const io = captureIo();
      const cfg = config();
      const code = await runProjectionsCli(
        ['copy-events', '--from', 'postgres', '--to', 'postgres', '--to-url', target.db.url, '--batch', '100'],
        async () => Promise.reject(new Error('unused')),
        io,
        copyStoresOpener(cfg, (l) => logLines.push(l)),
      );
      expect(io.errors).toEqual([]);
      expect(code).toBe(0);
      expect(io.lines.join('\n')).toContain(`copied ${total} events`);
      expect(io.lines.join('\n')).toContain(`verified: ${total} events in 40 streams on both sides, every stream's count and digest equal`);
      const { rows: expected } = await sourcePool.query(
        `SELECT stream_id, stream_revision, event_id, type, data, metadata FROM events ORDER BY transaction_id, global_position`,
      );
      expect(await targetRows(target.pool)).toEqual(expected);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('resumes after an interruption and after a crash between an append and the saved state, appending nothing twice', async () => {
    const target = await emptyTarget();
    const stateFile = join(config().dataDir, 'state.json');
    const endpoint = (store: EventStore, description: string): CopyEndpoint => ({ store, description });
    try {
      // Ctrl-C after the third page.
      const controller = new AbortController();
      let pages = 0;
      const first = await copyEvents(endpoint(sourceStore, 'source'), endpoint(target.store, 'target'), {
        stateFile,
        batchSize: 100,
        signal: controller.signal,
        onProgress: () => ++pages === 3 && controller.abort(),
      });
      expect(first).toMatchObject({ interrupted: true, copied: 300, verification: null });
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ copied: 300, finishedAt: null });

      // A crash right after an append went through, before the page's position was saved.
      let appends = 0;
      const crashing = Object.create(target.store) as EventStore;
      crashing.append = async (...args) => {
        const result = await target.store.append(...args);
        if (++appends === 55) throw new Error('killed after the append, before the state file was written');
        return result;
      };
      await expect(copyEvents(endpoint(sourceStore, 'source'), endpoint(crashing, 'target'), { stateFile, batchSize: 100 })).rejects.toThrow(
        'killed after the append',
      );
      const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
      const { rows: landed } = await target.pool.query('SELECT count(*)::int AS n FROM events');
      expect(landed[0].n).toBeGreaterThan(saved.copied); // the target is ahead of the state file

      const last = await copyEvents(endpoint(sourceStore, 'source'), endpoint(target.store, 'target'), { stateFile, batchSize: 100 });
      expect(last).toMatchObject({ interrupted: false, resumed: true, copied: total });
      expect(last.verification).toMatchObject({
        equal: true,
        source: { events: total, streams: 40 },
        target: { events: total, streams: 40 },
        differingStreams: 0,
      });
      const { rows: expected } = await sourcePool.query(
        `SELECT stream_id, stream_revision, event_id, type, data, metadata FROM events ORDER BY transaction_id, global_position`,
      );
      expect(await targetRows(target.pool)).toEqual(expected);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a target that already holds events, a state file of another copy, and a copy onto itself', async () => {
    const target = await emptyTarget();
    try {
      await target.store.append('job-elsewhere', [event('JobDraftCreated', { x: 1 })]);
      const cfg = config();
      const opener = copyStoresOpener(cfg, () => undefined);
      const refused = captureIo();
      expect(
        await runProjectionsCli(
          ['copy-events', '--from', 'postgres', '--to', 'postgres', '--to-url', target.db.url],
          async () => Promise.reject(new Error('unused')),
          refused,
          opener,
        ),
      ).toBe(2);
      expect(refused.errors.join('\n')).toMatch(
        /^The target \(postgres .*\) already holds events \((the newest at \d+\/\d+|1 not yet readable: a transaction on that server is still open)\)\. Copy into an empty store, or resume the copy that filled it with its --state file\.$/,
      );

      const otherState = join(cfg.dataDir, 'other-copy.json');
      writeFileSync(
        otherState,
        JSON.stringify({
          version: 1,
          source: 'postgres postgres://elsewhere/escrow',
          target: 'eventstoredb esdb://elsewhere:2113',
          after: null,
          copied: 0,
          startedAt: '',
          updatedAt: '',
          finishedAt: null,
        }),
      );
      const wrongState = captureIo();
      expect(
        await runProjectionsCli(
          ['copy-events', '--from', 'postgres', '--to', 'postgres', '--to-url', target.db.url, '--state', otherState],
          async () => Promise.reject(new Error('unused')),
          wrongState,
          opener,
        ),
      ).toBe(2);
      expect(wrongState.errors.join('\n')).toContain(
        `${otherState} belongs to a copy from postgres postgres://elsewhere/escrow to eventstoredb esdb://elsewhere:2113`,
      );

      const self = captureIo();
      expect(
        await runProjectionsCli(['copy-events', '--from', 'postgres', '--to', 'postgres'], async () => Promise.reject(new Error('unused')), self, opener),
      ).toBe(2);
      expect(self.errors.join('\n')).toContain('The source and the target are the same postgres store');

      const badKind = captureIo();
      expect(
        await runProjectionsCli(
          ['copy-events', '--from', 'mysql', '--to', 'postgres', '--to-url', target.db.url],
          async () => Promise.reject(new Error('unused')),
          badKind,
          opener,
        ),
      ).toBe(2);
      expect(badKind.errors.join('\n')).toContain('--from must be postgres or eventstoredb, not "mysql".');
    } finally {
      await target.close();
    }
  }, 60_000);

  it('verifies: a stream changed on one side is named with both counts and digests', async () => {
    const target = await emptyTarget();
    try {
      const cfg = config();
      const opener = copyStoresOpener(cfg, () => undefined);
      const args = ['copy-events', '--from', 'postgres', '--to', 'postgres', '--to-url', target.db.url];
      expect(await runProjectionsCli(args, async () => Promise.reject(new Error('unused')), captureIo(), opener)).toBe(0);
      await target.store.append('job-2', [event('Noted', { extra: true })]);
      const io = captureIo();
      expect(await runProjectionsCli([...args, '--verify-only'], async () => Promise.reject(new Error('unused')), io, opener)).toBe(5);
      expect(io.errors[0]).toBe(`DIFFERS: source ${total} events in 40 streams, target ${total + 1} events in 40 streams; 1 stream(s) differ:`);
      expect(io.errors[1]).toMatch(/^ {2}job-2: source \d+ events, digest [0-9a-f]{12}; target \d+ events, digest [0-9a-f]{12}$/);
    } finally {
      await target.close();
    }
  }, 120_000);
});
