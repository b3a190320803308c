// Projection rebuild of the generated ledger: `projections rebuild --all` (the operator's
// command, every read model) against the raw ceiling of plain SQL doing the same reads and
// writing the same rows, in the same run on the same database.
import pg from 'pg';
import { ledgerFixture, runRebuildCli } from './lib/ledger-fixture.mjs';
import { machine, markdownTable, writeSection } from './lib/harness.mjs';

const PAGE = 5000;
const TARGET_EVENTS_PER_SECOND = 25_000;

/** Which key of each read-model table a page of events touches (see rawCeiling). */
const TABLE_KEYS = {
  jobs: 'job_id',
  milestones: 'original_id',
  milestone_versions: 'original_id',
  milestone_payees: 'original_id',
  milestone_deposits: 'original_id',
  milestone_disbursements: 'original_id',
  milestone_refunds: 'original_id',
  milestone_disputes: 'original_id',
  payment_instructions: 'original_id',
  ledger_entries: 'event_id',
};

async function primaryKeyOf(pool, table) {
  const { rows } = await pool.query(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [table],
  );
  return rows.map((r) => r.attname);
}

async function columnsOf(pool, table) {
  const { rows } = await pool.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/**
 * The raw ceiling: the same keyset read of the events table (pages of 5,000, the next page read
 * while the current one is written, rows decoded in Node), and per page, in one transaction,
 * one plain `INSERT … SELECT … ON CONFLICT DO UPDATE` per read-model table that copies the final
 * rows of the keys the page touches into an empty copy of the table. It writes the rows our
 * projectors write, as often as a batch touches them, without computing them: what PostgreSQL
 * and the driver can do, with no domain fold and no runner bookkeeping.
 */
async function rawCeiling(url) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const tables = Object.keys(TABLE_KEYS);
  const statements = [];
  for (const table of tables) {
    const key = TABLE_KEYS[table];
    const pk = await primaryKeyOf(pool, table);
    const columns = await columnsOf(pool, table);
    await pool.query(`DROP TABLE IF EXISTS ${table}__ceiling`);
    await pool.query(`CREATE TABLE ${table}__ceiling (LIKE ${table} INCLUDING ALL)`);
    // The source side must not be what limits the ceiling: index every key it selects by.
    await pool.query(`CREATE INDEX IF NOT EXISTS ${table}__ceiling_src ON ${table} (${key})`);
    const updates = columns.filter((c) => !pk.includes(c)).map((c) => `${c} = excluded.${c}`);
    statements.push({
      key,
      text: `INSERT INTO ${table}__ceiling SELECT * FROM ${table} WHERE ${key} = ANY($1)
             ON CONFLICT (${pk.join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    });
  }
  await pool.query('ANALYZE');
  const read = (after) =>
    pool.query({
      text: `SELECT global_position, transaction_id::text AS transaction_text, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
               FROM events
              WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
              ORDER BY transaction_id, global_position LIMIT $3`,
      values: [after.commit, after.position, PAGE],
    });
  const writer = await pool.connect();
  const started = Date.now();
  let events = 0;
  let after = { commit: '0', position: '0' };
  let page = read(after);
  for (;;) {
    const { rows } = await page;
    if (rows.length === 0) break;
    const last = rows[rows.length - 1];
    after = { commit: last.transaction_text, position: String(last.global_position) };
    page = read(after);
    const keys = {
      job_id: [...new Set(rows.filter((r) => r.stream_id.startsWith('job-')).map((r) => r.data.jobId))],
      original_id: [...new Set(rows.filter((r) => r.stream_id.startsWith('milestone-')).map((r) => r.data.originalId))],
      event_id: rows.map((r) => r.event_id),
    };
    await writer.query('BEGIN');
    for (const { key, text } of statements) await writer.query(text, [keys[key]]);
    await writer.query('COMMIT');
    events += rows.length;
    if (rows.length < PAGE) break;
  }
  await page.catch(() => undefined);
  const seconds = (Date.now() - started) / 1000;
  writer.release();
  for (const table of tables) {
    await pool.query(`DROP TABLE ${table}__ceiling`);
    await pool.query(`DROP INDEX ${table}__ceiling_src`);
  }
  await pool.end();
  return { events, seconds };
}

/**
 * The second ceiling: the same keyset read of every event (pages of 5,000, rows decoded in Node,
 * the next page read while the current one is decoded), writing nothing. No rebuild can beat it.
 */
async function readCeiling(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const read = (after) =>
    pool.query({
      name: 'bench_read_ceiling',
      text: `SELECT global_position, transaction_id::text AS transaction_text, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
               FROM events
              WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()) AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
              ORDER BY transaction_id, global_position LIMIT $3`,
      values: [after.commit, after.position, PAGE],
    });
  const started = Date.now();
  let events = 0;
  let after = { commit: '0', position: '0' };
  let page = read(after);
  for (;;) {
    const { rows } = await page;
    if (rows.length === 0) break;
    const last = rows[rows.length - 1];
    after = { commit: last.transaction_text, position: String(last.global_position) };
    page = read(after);
    events += rows.length;
    if (rows.length < PAGE) break;
  }
  await page.catch(() => undefined);
  const seconds = (Date.now() - started) / 1000;
  await pool.end();
  return { events, seconds };
}

export async function runRebuildBenchmark() {
  const ledger = await ledgerFixture();
  const { generated, database } = ledger;

  console.log('projections rebuild --all (ours)…');
  const ours = await runRebuildCli(database.url);
  ledger.rebuilt = true;
  console.log('raw ceiling (plain SQL, same reads, same rows)…');
  const ceiling = await rawCeiling(database.url);
  console.log('read ceiling (the keyset read alone)…');
  const reading = await readCeiling(database.url);

  const rate = (events, seconds) => Math.round(events / seconds);
  const oursRate = rate(generated.events, ours.seconds);
  const ceilingRate = rate(ceiling.events, ceiling.seconds);
  const readRate = rate(reading.events, reading.seconds);
  const rows = [
    ['read ceiling: the keyset read of every event alone', reading.seconds.toFixed(1), String(readRate), '', ''],
    ['raw ceiling: keyset read + plain SQL upserts of the same rows', ceiling.seconds.toFixed(1), String(ceilingRate), '', ''],
    [
      '`projections rebuild --all` (every read model)',
      ours.seconds.toFixed(1),
      String(oursRate),
      ours.peakRssMb === null ? '?' : `${Math.round(ours.peakRssMb)} MB`,
      `${Math.round((oursRate / ceilingRate) * 100)}% of the raw ceiling, ${Math.round((oursRate / readRate) * 100)}% of the read ceiling`,
    ],
  ];
  const table = markdownTable(['rebuild', 'seconds', 'events/s', 'peak RSS', 'ratio'], rows);
  const applied = ours.projectors.map((p) => `${p.name} ${p.applied}`).join(', ');
  const rss = ours.peakRssMb === null ? null : Math.round(ours.peakRssMb);
  const verdict = `${generated.events} events rebuilt at ${oursRate} events/s (target ≥ ${TARGET_EVENTS_PER_SECOND}: ${oursRate >= TARGET_EVENTS_PER_SECOND ? 'met' : 'missed'}), peak RSS ${rss ?? '?'} MB (target ≤ 1024: ${rss !== null && rss <= 1024 ? 'met' : 'missed'}); ${Math.round((oursRate / ceilingRate) * 100)}% of the raw ceiling of ${ceilingRate} events/s, ${Math.round((oursRate / readRate) * 100)}% of the read ceiling of ${readRate} events/s`;
  console.log(`\n${table}\n\n${verdict}`);
  writeSection(
    'rebuild',
    `## Projection rebuild

Command: \`make bench\` (part \`rebuild\`; \`node bench/run-all.mjs rebuild\`, \`BENCH_EVENTS=100000\` for a quick run).
${generated.events} events of ${generated.projects} generated projects (${generated.milestones} milestones, made by the domain's
deciders: negotiations with edits, failed and settled deposits, completions, payouts, disputes resolved by release,
refund or split), 400 projects in progress at any time, written with COPY into one fresh embedded PostgreSQL 18 with
durable defaults, then \`VACUUM ANALYZE\`. Ours is \`npm run projections -- rebuild --all\` as an operator runs it
(wall clock of the whole command, peak RSS of its process).
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}

- ${verdict}
- events each read model applied (one pass over the events feeds them all): ${applied}
- where the time went (\`rebuild --all\` prints it): ${ours.phases ?? '?'}`,
  );
  return { ours, ceiling, reading, events: generated.events };
}
