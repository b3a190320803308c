// Appends on a busy shared machine: the `appends` part measures each store for 8 s one after the
// other, so a change of the machine's load between cells moves the ratio by tens of percent.
// This part alternates short cells of the raw INSERT ceiling and PostgresEventStore (ROUNDS
// pairs of 2 s each, 1 and 16 writers) and reports the median of the per-pair ratios, which the
// load moves far less. Only when named: `node bench/run-all.mjs appends-ab`.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { built, measure, startDatabase } from './lib/harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

export async function runInterleavedAppendsBenchmark() {
  const database = await startDatabase('bench_appends_ab');
  const pool = new pg.Pool({ connectionString: database.url, max: 20 });
  pool.on('error', () => undefined);
  const { PostgresEventStore } = built('backend/dist/event-store/postgres/postgres-event-store.js');
  const store = new PostgresEventStore({ pool });
  await pool.query('CREATE TABLE events_raw (LIKE events INCLUDING ALL)');
  const metadata = () => ({
    actorId: '42',
    actorRole: 'customer',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  });
  const payload = (writer, n) => ({ milestoneId: 1000 + writer, amount: '1250.00', note: `approval ${n}`, approvedBy: 42 });
  const hash = randomBytes(32);
  const revisions = new Map();
  const raw = async (writer, run) => {
    const stream = `raw-${run}-${writer}`;
    const revision = (revisions.get(stream) ?? -1) + 1;
    await pool.query(
      `INSERT INTO events_raw (stream_id, stream_revision, event_id, type, schema_version, data, metadata, content_hash, previous_hash, hash)
       VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7, $7)`,
      [stream, revision, randomUUID(), 'MilestoneVersionApproved', JSON.stringify(payload(writer, revision)), JSON.stringify(metadata()), hash],
    );
    revisions.set(stream, revision);
  };
  const ours = async (writer, run) => {
    const stream = `ours-${run}-${writer}`;
    const result = await store.append(stream, [{ type: 'MilestoneVersionApproved', data: payload(writer, 0), metadata: metadata() }], {
      expectedRevision: revisions.get(stream) ?? 'no_stream',
    });
    revisions.set(stream, result.nextExpectedRevision);
  };
  const results = [];
  try {
    for (const writers of [1, 16]) {
      const ratios = [];
      for (let i = 0; i < ROUNDS; i++) {
        const run = randomUUID().slice(0, 8);
        const a = await measure({ writers, seconds: 2, warmupSeconds: 0.3, operation: (w) => raw(w, run) });
        const b = await measure({ writers, seconds: 2, warmupSeconds: 0.3, operation: (w) => ours(w, run) });
        ratios.push(b.perSecond / a.perSecond);
      }
      ratios.sort((x, y) => x - y);
      const median = ratios[Math.floor(ratios.length / 2)];
      results.push({ writers, median, ratios });
      console.log(
        `${writers} writer(s): ours = ${(median * 100).toFixed(0)}% of raw (median of ${ROUNDS} pairs: ${ratios.map((r) => (r * 100).toFixed(0)).join(' ')})`,
      );
    }
  } finally {
    await store.close();
    await pool.end();
    await database.stop();
  }
  return results;
}
