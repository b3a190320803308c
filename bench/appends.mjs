// Appends, one event per command, at 1, 16 and 64 concurrent writers: our PostgresEventStore vs raw
// single-row INSERT transactions of the same row into an identical table (the ceiling: the three
// 32-byte hashes given as parameters, nothing computed or looked up) vs Emmett's PostgreSQL event
// store. One run, one fresh durable embedded PostgreSQL, side by side.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { built, machine, markdownTable, measure, startDatabase, writeSection } from './lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WRITER_COUNTS = [1, 16, 64];
/** Every writer has its own connection: a pool smaller than the writers would measure the pool. */
const CONNECTIONS = Math.max(...WRITER_COUNTS);

function payload(writer, n) {
  return { milestoneId: 1000 + writer, amount: '1250.00', note: `approval ${n}`, approvedBy: 42 };
}

function metadata() {
  return { actorId: '42', actorRole: 'customer', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 };
}

async function oursRunner(url) {
  const { PostgresEventStore } = built('backend/dist/event-store/postgres/postgres-event-store.js');
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore({ pool });
  const revisions = new Map();
  return {
    name: 'PostgresEventStore (ours)',
    async op(writer, run) {
      const stream = `ours-${run}-${writer}`;
      const expected = revisions.get(stream) ?? 'no_stream';
      const result = await store.append(stream, [{ type: 'MilestoneVersionApproved', data: payload(writer, 0), metadata: metadata() }], {
        expectedRevision: expected,
      });
      revisions.set(stream, result.nextExpectedRevision);
    },
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
}

async function rawRunner(url) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on('error', () => undefined);
  await pool.query('CREATE TABLE IF NOT EXISTS events_raw (LIKE events INCLUDING ALL)');
  const revisions = new Map();
  const hash = randomBytes(32);
  return {
    name: 'raw INSERT (ceiling)',
    async op(writer, run) {
      const stream = `raw-${run}-${writer}`;
      const revision = (revisions.get(stream) ?? -1) + 1;
      await pool.query(
        `INSERT INTO events_raw (stream_id, stream_revision, event_id, type, schema_version, data, metadata, content_hash, previous_hash, hash)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7, $7)`,
        [stream, revision, randomUUID(), 'MilestoneVersionApproved', JSON.stringify(payload(writer, revision)), JSON.stringify(metadata()), hash],
      );
      revisions.set(stream, revision);
    },
    close: () => pool.end(),
  };
}

async function emmettRunner(url) {
  const { getPostgreSQLEventStore } = await import('@event-driven-io/emmett-postgresql');
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  const versions = new Map();
  return {
    name: "Emmett's PostgreSQL store",
    async op(writer, run) {
      const stream = `emmett-${run}-${writer}`;
      const expected = versions.get(stream);
      const result = await store.appendToStream(
        stream,
        [{ type: 'MilestoneVersionApproved', data: payload(writer, 0) }],
        expected === undefined ? {} : { expectedStreamVersion: expected },
      );
      versions.set(stream, result.nextExpectedStreamVersion);
    },
    close: () => store.close(),
  };
}

export async function runAppendsBenchmark() {
  const database = await startDatabase('bench_appends');
  const results = [];
  try {
    for (const make of [rawRunner, oursRunner, emmettRunner]) {
      const runner = await make(database.url);
      try {
        for (const writers of WRITER_COUNTS) {
          const run = randomUUID().slice(0, 8);
          const r = await measure({ writers, seconds: SECONDS, operation: (w) => runner.op(w, run) });
          results.push({ store: runner.name, writers, ...r });
          console.log(
            `${runner.name.padEnd(28)} ${String(writers).padStart(2)} writers: ${Math.round(r.perSecond)} events/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
          );
        }
      } finally {
        await runner.close();
      }
    }
  } finally {
    await database.stop();
  }

  const find = (store, writers) => results.find((r) => r.store.startsWith(store) && r.writers === writers);
  const rows = [];
  const verdicts = [];
  for (const writers of WRITER_COUNTS) {
    const raw = find('raw', writers);
    const ours = find('PostgresEventStore', writers);
    const emmett = find('Emmett', writers);
    for (const r of [raw, ours, emmett]) {
      rows.push([
        r.store,
        String(writers),
        String(Math.round(r.perSecond)),
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        r === ours ? `${((ours.perSecond / raw.perSecond) * 100).toFixed(0)}% of raw, ${(ours.perSecond / emmett.perSecond).toFixed(1)}× Emmett` : '',
      ]);
    }
    verdicts.push(
      `${writers} writer(s): ours = ${((ours.perSecond / raw.perSecond) * 100).toFixed(0)}% of raw (target ≥ 85%), ${(ours.perSecond / emmett.perSecond).toFixed(1)}× Emmett (target ≥ 2×)`,
    );
  }
  const table = markdownTable(['store', 'writers', 'events/s', 'p50 ms', 'p99 ms', 'ratio'], rows);
  console.log(`\n${table}\n\n${verdicts.join('\n')}`);
  writeSection(
    'appends',
    `## Appends (one event per command)

Command: \`make bench\` (part \`appends\`; \`node bench/run-all.mjs appends\`). ${SECONDS} s per cell after 1 s of warm-up,
one fresh embedded PostgreSQL 18 with durable defaults (fsync on), all three stores in the same run.
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}

${verdicts.map((v) => `- ${v}`).join('\n')}`,
  );
  return results;
}
