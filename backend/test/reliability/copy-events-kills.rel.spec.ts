import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { createMigratedTestDatabase } from '../support/test-app';
import { checkerPool } from './checker-pool';
import { builtEntry, ChildRun } from './child-process';
import { reportFigure } from './figures';
import { SeededRandom, seedFromEnvironment } from './seeded-random';

const EVENTS = Number(process.env.REL_COPY_EVENTS ?? 20_000);
const KILLS = Number(process.env.REL_COPY_KILLS ?? 4);

/**
 * Issue 16.2: `copy-events` as an operator runs it, killed with SIGKILL at seeded moments (no
 * handler runs, the state file may be behind what the target holds), then run again until it
 * finishes. The target must end equal to the source row for row, nothing appended twice, and
 * the tool's own verification must say so.
 */
describe('copy-events killed and resumed', () => {
  it(`copies ${EVENTS} events between two PostgreSQL databases through ${KILLS} SIGKILLs`, async () => {
    const seed = seedFromEnvironment();
    const random = new SeededRandom(seed);
    const started = Date.now();
    const source: TestDatabase = await createMigratedTestDatabase();
    const target: TestDatabase = await createMigratedTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'escrow-rel-copy-'));
    const stateFile = join(dataDir, 'copy-state.json');
    const sourcePool = checkerPool(source.url, 8);
    const targetPool = checkerPool(target.url, 2);
    const store = new PostgresEventStore({ pool: sourcePool });
    try {
      // Interleaved streams, appends of one to four events, as a busy ledger looks.
      const revisions = new Map<string, number>();
      let written = 0;
      while (written < EVENTS) {
        const batch = Array.from({ length: 16 }, (_, w) => `${w % 2 ? 'milestone' : 'job'}-${random.int(1, 400)}`);
        await Promise.all(
          [...new Set(batch)].map(async (stream) => {
            const size = random.int(1, 4);
            const revision = revisions.get(stream);
            revisions.set(stream, (revision ?? -1) + size);
            written += size;
            const events = Array.from({ length: size }, (_, i) => ({
              type: i % 2 ? 'MilestoneVersionApproved' : 'DepositRequested',
              data: { amount: `${random.int(1, 99999)}.${String(random.int(0, 99)).padStart(2, '0')}`, i },
              metadata: {
                actorId: '1',
                actorRole: 'buyer',
                correlationId: randomUUID(),
                causationId: null,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            }));
            await store.append(stream, events, { expectedRevision: revision === undefined ? 'no_stream' : revision });
          }),
        );
      }

      const run = () =>
        new ChildRun(
          builtEntry('projections-cli.js'),
          ['copy-events', '--from', 'postgres', '--to', 'postgres', '--from-url', source.url, '--to-url', target.url, '--state', stateFile, '--batch', '250'],
          { DATA_DIR: dataDir },
          null,
        );
      const copiedSoFar = () => (existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { copied: number }).copied : 0);
      const killedAt: number[] = [];
      for (let k = 0; k < KILLS; k++) {
        const child = run();
        const goal = Math.round(((k + random.next()) / (KILLS + 1)) * written);
        while (child.running && copiedSoFar() < goal) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, random.int(0, 50)));
        if (!child.running) throw new Error(`the copy ended before kill ${k + 1}:\n${child.tail()}`);
        await child.kill();
        killedAt.push(copiedSoFar());
      }
      const last = run();
      const exit = await last.exited;
      expect({ exit: exit.code, output: last.tail() }).toEqual({ exit: 0, output: expect.stringContaining(`verified: ${written} events in`) });

      const rows = (pool: Pool) =>
        pool
          .query(`SELECT stream_id, stream_revision, event_id, type, data, metadata FROM events ORDER BY transaction_id, global_position`)
          .then((r) => r.rows);
      const [expected, copied] = await Promise.all([rows(sourcePool), rows(targetPool)]);
      expect(copied.length).toBe(expected.length);
      expect(copied).toEqual(expected);
      reportFigure('copy-events-kills', { seed, events: written, kills: KILLS, stateAtKills: killedAt, seconds: (Date.now() - started) / 1000 });
    } finally {
      await store.close();
      await sourcePool.end();
      await targetPool.end();
      await source.drop();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
