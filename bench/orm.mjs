// TypeORM against hand-written SQL on the paths where the code chooses one of them
// (docs/architecture.md, "TypeORM for what it is for"): a plain read by primary key, the session
// lookup every authenticated request makes, and a projector's batch of 5,000 rows. Same fresh
// durable embedded PostgreSQL, same run, one caller at a time, so the ratios are what matter.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { built, machine, markdownTable, measure, startDatabase, writeSection } from './lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BATCH = 5000; // a rebuild's batch of events
const BATCHES = Number(process.env.BENCH_BATCHES ?? 6);

function ledgerBatch(offset) {
  const now = new Date();
  return Array.from({ length: BATCH }, (_, i) => ({
    eventId: randomUUID(),
    line: 0,
    position: `${offset + i}/${offset + i}`,
    commitPosition: String(offset + i),
    preparePosition: String(offset + i),
    jobId: 1000 + (i % 400),
    originalId: 5000 + (i % 2000),
    account: i % 2 ? 'escrow' : 'buyer_funds',
    companyId: i % 3 ? 100 : null,
    amount: `${(i % 9999) + 1}.25`,
    eventType: 'DepositSettled',
    occurredAt: now,
  }));
}

/** The projector's statement: one INSERT of every row, a parameter per column (LedgerProjector). */
async function unnestInsert(pool, rows) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const column = (pick) => rows.map(pick);
    await client.query(
      `INSERT INTO ledger_entries (event_id, line, position, commit_position, prepare_position, job_id, original_id, account, company_id, amount, event_type, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::int[], $8::text[], $9::int[],
          $10::numeric[], $11::text[], $12::timestamptz[])`,
      [
        column((r) => r.eventId),
        column((r) => r.line),
        column((r) => r.position),
        column((r) => r.commitPosition),
        column((r) => r.preparePosition),
        column((r) => r.jobId),
        column((r) => r.originalId),
        column((r) => r.account),
        column((r) => r.companyId),
        column((r) => r.amount),
        column((r) => r.eventType),
        column((r) => r.occurredAt),
      ],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const SESSION_SQL = `SELECT s.token_hash, s.last_seen_at, u.user_id, u.first_name, u.last_name, u.phone, u.email, u.display_name, u.role,
         u.company_id, c.name AS company_name, u.password_hash, u.created_at
    FROM sessions s JOIN users u ON u.user_id = s.user_id LEFT JOIN companies c ON c.company_id = u.company_id
   WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond' AND u.deleted_at IS NULL`;
const COMPANY_SQL =
  'SELECT company_id, name, company_img, street, city, state, zip_code, phone, contact_email, website_link, license, insurance, bio, kind FROM companies WHERE company_id = $1';

export async function runOrmBenchmark() {
  const { createDataSource } = built('backend/dist/infrastructure/database/database.js');
  const { allEntities, allMigrations } = built('backend/dist/schema.js');
  const { SessionEntity } = built('backend/dist/identity/infrastructure/index.js');
  const { CompanyEntity } = built('backend/dist/directory/infrastructure/index.js');
  const { LedgerEntryRow } = built('projections/dist/index.js');
  const loadAtStart = os.loadavg()[0];
  const db = await startDatabase('orm');
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const dataSource = createDataSource(db.url, allEntities, allMigrations);
  await dataSource.initialize();
  try {
    const { rows: company } = await pool.query(`INSERT INTO companies (name) VALUES ('Saguaro Build Co.') RETURNING company_id`);
    const companyId = company[0].company_id;
    const { rows: user } = await pool.query(
      `INSERT INTO users (first_name, last_name, email, display_name, company_id) VALUES ('Sam', 'Seller', 'sam@bench.test', 'Sam Seller', $1) RETURNING user_id`,
      [companyId],
    );
    const tokenHash = Buffer.alloc(32, 7);
    await pool.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [tokenHash, user[0].user_id]);
    const idle = 12 * 60 * 60 * 1000;

    const reads = [
      ['company by id', 'pg, hand-written SELECT', () => pool.query(COMPANY_SQL, [companyId])],
      ['company by id', 'TypeORM `findOneBy` (CompaniesRepository)', () => dataSource.getRepository(CompanyEntity).findOneBy({ companyId })],
      ['session lookup (every request)', 'pg, hand-written SELECT with two joins', () => pool.query(SESSION_SQL, [tokenHash, idle])],
      [
        'session lookup (every request)',
        'TypeORM query builder, same joins',
        () =>
          dataSource
            .getRepository(SessionEntity)
            .createQueryBuilder('s')
            .innerJoinAndSelect('s.user', 'u')
            .leftJoinAndSelect('u.company', 'c')
            .where('s.tokenHash = :tokenHash', { tokenHash })
            .andWhere('s.expiresAt > now()')
            .andWhere("s.lastSeenAt > now() - :idle * interval '1 millisecond'", { idle })
            .andWhere('u.deletedAt IS NULL')
            .getOne(),
      ],
    ];
    const readRows = [];
    const readFigures = new Map();
    for (const [what, how, operation] of reads) {
      const result = await measure({ writers: 1, seconds: SECONDS, operation });
      const first = readFigures.get(what);
      readFigures.set(what, first ?? result.p50);
      readRows.push([what, how, Math.round(result.perSecond), (result.p50 * 1000).toFixed(0), first ? `${(result.p50 / first).toFixed(1)}×` : '1×']);
      console.log(`${what}, ${how}: ${Math.round(result.perSecond)}/s, p50 ${(result.p50 * 1000).toFixed(0)} µs`);
    }

    let offset = 0;
    const writes = [
      ['pg, `INSERT … SELECT FROM unnest(…)` (the projectors)', (rows) => unnestInsert(pool, rows), BATCHES],
      ['TypeORM `manager.insert` (one multi-row VALUES)', (rows) => dataSource.transaction((m) => m.insert(LedgerEntryRow, rows)), BATCHES],
      [
        'TypeORM `manager.save` of entities',
        (rows) =>
          dataSource.transaction((m) =>
            m.save(
              LedgerEntryRow,
              rows.map((r) => Object.assign(new LedgerEntryRow(), r)),
              { reload: false },
            ),
          ),
        Math.max(1, Math.round(BATCHES / 3)),
      ],
    ];
    const writeRows = [];
    let ceiling = 0;
    for (const [how, write, batches] of writes) {
      await write(ledgerBatch((offset += BATCH))); // warm-up
      const started = process.hrtime.bigint();
      for (let i = 0; i < batches; i++) await write(ledgerBatch((offset += BATCH)));
      const perSecond = (batches * BATCH) / (Number(process.hrtime.bigint() - started) / 1e9);
      ceiling ||= perSecond;
      writeRows.push([how, batches, Math.round(perSecond), `${Math.round((perSecond / ceiling) * 100)}%`]);
      console.log(`${how}: ${Math.round(perSecond)} rows/s`);
    }

    writeSection(
      'orm',
      `## TypeORM or hand-written SQL

Command: \`node bench/run-all.mjs orm\` (not part of the default \`make bench\`). One fresh embedded PostgreSQL 18 with
durable defaults, one caller, all cells in the same run: reads ${SECONDS} s each after 1 s of warm-up; writes are
batches of ${BATCH} ledger rows (a rebuild's batch), each in its own transaction.
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average ${loadAtStart.toFixed(1)} at the start
(other engineers' tests share the cores: the ratios hold, the absolute figures move).

${markdownTable(['read', 'how', 'reads/s', 'p50 µs', 'p50 vs SQL'], readRows)}

${markdownTable(['5,000-row batch of ledger_entries', 'batches', 'rows/s', "of the projectors' SQL"], writeRows)}`,
    );
  } finally {
    await dataSource.destroy();
    await pool.end();
    await db.stop();
  }
}
