// Generates a realistic ledger of N events: many projects at once, each driven through the
// domain's own deciders (so every event is one the rules would have produced), interleaved in
// time as real traffic is, and written to the events table with COPY (one transaction per
// chunk). Used by the rebuild and HTTP benchmarks.
import { randomUUID, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { built } from './harness.mjs';
import { makeHelpers, seededRandom, typicalProject, waitingForBuyerProject } from './project-scripts.mjs';

/** Projects in progress at any moment: how much the streams of the global order interleave. */
const ACTIVE_PROJECTS = 400;
const MILESTONES_PER_WAITING_PROJECT = 6;
const ROWS_PER_COPY = 50_000;
const SPAN_MS = 365 * 24 * 60 * 60 * 1000;
const FIRST_EVENT_AT = Date.parse('2025-06-01T08:00:00.000Z');
const SEQUENCES = {
  job: 'job_id_seq',
  version: 'milestone_version_id_seq',
  payee: 'milestone_payee_id_seq',
  deposit: 'deposit_id_seq',
  dispute: 'dispute_id_seq',
};
const SYNTHETIC_COMPANIES = 300;
const SYNTHETIC_BUYERS = 3000;

/** COPY text format: backslash, tab and line breaks are escaped; \N is NULL. */
function copyField(value) {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * The key the demo users' TOTP secrets are sealed with in the generated ledger: the API the HTTP
 * part starts gets it as SECOND_FACTOR_SECRETS_KEY, so it can check the buyer's codes.
 */
export const BENCH_SECOND_FACTOR_KEY = Buffer.alloc(32, 7).toString('hex');

/**
 * The demo logins (seeded the way `make start` seeds them, with secrets of this ledger's own:
 * `demoSecrets` of the answer) plus synthetic buyers and sellers.
 */
async function seedDirectory(pool) {
  const { seedDemoDirectory } = built('backend/dist/seed/demo-seed.js');
  const { DEMO_LOGINS } = built('backend/dist/seed/demo-directory.js');
  const { demoSecrets: makeDemoSecrets } = built('backend/dist/seed/demo-secrets.js');
  const { TotpSecrets } = built('backend/dist/identity/totp-secrets.js');
  const folder = mkdtempSync(join(tmpdir(), 'escrow-bench-demo-'));
  const { secrets: demoSecrets } = makeDemoSecrets(folder);
  rmSync(folder, { recursive: true, force: true });
  await seedDemoDirectory(pool, new TotpSecrets({ secondFactorSecretsKey: Buffer.from(BENCH_SECOND_FACTOR_KEY, 'hex'), dataDir: '' }), demoSecrets);
  const { rows: demoUsers } = await pool.query('SELECT user_id, email, company_id FROM users WHERE email = ANY($1)', [Object.values(DEMO_LOGINS)]);
  const byEmail = new Map(demoUsers.map((u) => [u.email, u]));
  const demo = {
    adminId: byEmail.get(DEMO_LOGINS.admin).user_id,
    buyerId: byEmail.get(DEMO_LOGINS.buyer).user_id,
    sellerId: byEmail.get(DEMO_LOGINS.seller).user_id,
    sellerCompanyId: byEmail.get(DEMO_LOGINS.seller).company_id,
  };
  const { rows: companies } = await pool.query(
    `INSERT INTO companies (name, city, state, kind)
     SELECT 'Bench Builders ' || g, 'Phoenix', (ARRAY['AZ','ID','NV','UT'])[1 + g % 4], 'subcontractor' FROM generate_series(1, $1) g
     RETURNING company_id`,
    [SYNTHETIC_COMPANIES],
  );
  const { rows: sellers } = await pool.query(
    `INSERT INTO users (first_name, last_name, email, display_name, company_id)
     SELECT 'Seller', 'No. ' || c.company_id, 'seller' || c.company_id || '@bench.escrowledger.test', 'Seller No. ' || c.company_id, c.company_id
       FROM unnest($1::int[]) AS c(company_id)
     RETURNING user_id, company_id`,
    [companies.map((c) => c.company_id)],
  );
  const { rows: buyers } = await pool.query(
    `INSERT INTO users (first_name, last_name, email, display_name)
     SELECT 'Buyer', 'No. ' || g, 'buyer' || g || '@bench.escrowledger.test', 'Buyer No. ' || g FROM generate_series(1, $1) g
     RETURNING user_id`,
    [SYNTHETIC_BUYERS],
  );
  const { rows: allCompanies } = await pool.query('SELECT company_id FROM companies');
  return {
    demo,
    demoSecrets,
    adminId: demo.adminId,
    buyers: buyers.map((b) => b.user_id),
    sellers: sellers.map((s) => ({ userId: s.user_id, companyId: s.company_id })),
    companies: allCompanies.map((c) => c.company_id),
  };
}

/** Ids come from the product's own sequences' ranges; the sequences are moved past them at the end. */
async function idAllocator(pool) {
  const next = {};
  for (const [name, sequence] of Object.entries(SEQUENCES)) {
    const { rows } = await pool.query('SELECT nextval($1::regclass) AS id', [sequence]);
    next[name] = Number(rows[0].id);
  }
  return {
    next: (name) => next[name]++,
    many: (name, count) => Array.from({ length: count }, () => next[name]++),
    async commit() {
      for (const [name, sequence] of Object.entries(SEQUENCES)) await pool.query('SELECT setval($1::regclass, $2)', [sequence, next[name]]);
    },
  };
}

/** Writes event rows with COPY, a new statement (and transaction) every ROWS_PER_COPY rows. */
function copyWriter(client) {
  let stream = null;
  let rowsInStream = 0;
  let buffer = '';
  const open = () => {
    stream = client.query(
      copyFrom(
        'COPY events (stream_id, stream_revision, event_id, type, schema_version, data, metadata, recorded_at, content_hash, previous_hash, hash) FROM STDIN',
      ),
    );
    rowsInStream = 0;
  };
  const flush = async () => {
    if (!buffer) return;
    if (!stream) open();
    const ok = stream.write(buffer);
    buffer = '';
    if (!ok) await once(stream, 'drain');
  };
  const close = async () => {
    await flush();
    if (!stream) return;
    const done = once(stream, 'finish');
    stream.end();
    await done;
    stream = null;
  };
  return {
    /** Buffers one row; returns a promise only when the caller must wait (flush or a new COPY). */
    row(fields) {
      buffer += fields.map(copyField).join('\t') + '\n';
      rowsInStream++;
      if (rowsInStream >= ROWS_PER_COPY) return close();
      if (buffer.length > 1024 * 1024) return flush();
      return null;
    },
    close,
  };
}

/**
 * Fills the database at `url` (migrated, empty) with about `events` events and leaves
 * `waiting.approve` milestones of the demo buyer waiting for the buyer's approval and
 * `waiting.deposit` agreed ones waiting for the deposit, spread through the history.
 */
export async function generateLedger({ url, events: target, waiting = { approve: 0, deposit: 0 }, seed = 2026, log = () => undefined }) {
  const domain = built('domain/dist/index.js');
  // Every event carries its place in its stream's hash chain, as the event store's append writes it.
  const { contentHash, chainHash, GENESIS_HASH } = built('projections/dist/index.js');
  const bytea = (hex) => `\\x${hex}`;
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const client = await pool.connect();
  try {
    const people = await seedDirectory(pool);
    const ids = await idAllocator(pool);
    const h = makeHelpers(seededRandom(seed));
    let emitted = 0;
    const stepMs = SPAN_MS / Math.max(target, 1);
    const now = () => new Date(FIRST_EVENT_AT + Math.floor(emitted * stepMs)).toISOString();
    const ctx = {
      h,
      ids,
      people,
      targets: { approve: [], deposit: [], jobs: [], depositJobs: [] },
      meta: (actorId, actorRole, actorCompanyId) => ({ now: now(), actorId, actorRole, actorCompanyId }),
      hex: (length) => randomBytes(length / 2).toString('hex'),
    };
    const writer = copyWriter(client);
    const states = new Map();
    const deciders = {
      project: { initial: domain.initialProjectState, decide: domain.decideProject, evolve: domain.evolveProject, streamId: domain.projectStreamId },
      milestone: { initial: domain.initialMilestoneState, decide: domain.decideMilestone, evolve: domain.evolveMilestone, streamId: domain.milestoneStreamId },
    };
    const counts = { projects: 0, milestones: 0, commands: 0 };

    // The demo buyer's waiting milestones, in projects of a few each, started evenly through the
    // history. A project waits either for approvals or for deposits, never both: an approval that
    // agrees a version changes the project's agreement, and the deposits of its other milestones
    // would then wait for both parties to sign again.
    const waitingProjects = [];
    for (const kind of ['approve', 'deposit'])
      for (let i = 0; i < waiting[kind]; i += MILESTONES_PER_WAITING_PROJECT)
        waitingProjects.push(Array(Math.min(MILESTONES_PER_WAITING_PROJECT, waiting[kind] - i)).fill(kind));
    for (let i = waitingProjects.length - 1; i > 0; i--) {
      const j = h.between(0, i);
      [waitingProjects[i], waitingProjects[j]] = [waitingProjects[j], waitingProjects[i]];
    }
    const waitingAt = (i) => Math.floor(((i + 0.5) * target * 0.95) / Math.max(waitingProjects.length, 1));
    let waitingStarted = 0;

    const active = [];
    const start = (script, mustFinish = false) => {
      const runner = { script, streams: new Set(), step: null, mustFinish };
      runner.step = script.next();
      active.push(runner);
      counts.projects++;
    };

    /** Decides one command on its stream and writes its events; answers them. */
    const decideAndWrite = async ({ stream, key, jobId, command }) => {
      const decider = deciders[stream];
      const streamId = decider.streamId(key);
      const entry = states.get(streamId) ?? { state: decider.initial, revision: -1, hash: GENESIS_HASH };
      let decided;
      if (stream === 'milestone' && command.metadata.actorRole !== 'system' && command.metadata.actorRole !== 'admin') {
        // What the API reads from the jobs read model: the project's status, parties and signatures.
        const project = states.get(domain.projectStreamId(jobId))?.state;
        command.project = {
          status: project.status,
          customerId: project.customerId,
          companyId: project.primaryCompanyId,
          signed: { customer: Boolean(project.signatures.customer), company: Boolean(project.signatures.company) },
        };
      }
      try {
        decided = decider.decide(command, entry.state);
      } catch (error) {
        throw new Error(`generator script asked for something the rules refuse: ${command.type} on ${streamId}: ${error.message}`);
      }
      if (command.type === 'ProposeMilestone') counts.milestones++;
      counts.commands++;
      const correlationId = randomUUID();
      const metadataObject = {
        jobId,
        actorId: String(command.metadata.actorId),
        actorRole: command.metadata.actorRole,
        // As the API records it (command-side/actor.ts): every generated seller is the first user
        // of its company, which the users table makes its owner, like the demo seller.
        ...(command.metadata.actorRole === 'company' ? { actorCompanyRole: 'owner' } : {}),
        correlationId,
        causationId: correlationId,
        occurredAt: command.metadata.now,
        schemaVersion: 1,
      };
      const metadata = JSON.stringify(metadataObject);
      for (const event of decided) {
        entry.state = decider.evolve(entry.state, event);
        entry.revision++;
        const id = randomUUID();
        const content = contentHash({ streamId, id, type: event.type, data: event.data, metadata: metadataObject });
        const previous = entry.hash;
        entry.hash = chainHash(previous, content);
        const wait = writer.row([
          streamId,
          entry.revision,
          id,
          event.type,
          1,
          JSON.stringify(event.data),
          metadata,
          command.metadata.now,
          bytea(content),
          bytea(previous),
          bytea(entry.hash),
        ]);
        if (wait) await wait;
        emitted++;
      }
      states.set(streamId, entry);
      if (emitted % 100_000 < decided.length) log(`generated ${emitted} events`);
      return { streamId, decided, state: entry.state };
    };

    const execute = async (runner) => {
      const step = runner.step.value;
      const { streamId, decided, state } = await decideAndWrite(step);
      runner.streams.add(streamId);
      // As the API does after a milestone's command (AgreementsService.recordAgreed): a version
      // both parties just agreed is recorded on the project's stream, which the agreement's text
      // and a deposit's check of the signatures read.
      if (step.stream === 'milestone' && decided.some((e) => e.type === 'MilestoneVersionAgreed')) {
        const [agreed] = domain.agreedVersions([state]);
        await decideAndWrite({
          stream: 'project',
          key: step.jobId,
          jobId: step.jobId,
          command: { type: 'RecordAgreedMilestone', data: { originalId: agreed.originalId, ...agreed.version }, metadata: step.command.metadata },
        });
      }
      runner.step = runner.script.next(decided);
    };

    const finish = (index) => {
      const runner = active[index];
      for (const streamId of runner.streams) states.delete(streamId);
      active[index] = active[active.length - 1];
      active.pop();
    };

    for (;;) {
      while (waitingStarted < waitingProjects.length && emitted >= waitingAt(waitingStarted))
        start(waitingForBuyerProject(ctx, waitingProjects[waitingStarted++]), true);
      if (emitted < target) while (active.length < ACTIVE_PROJECTS) start(typicalProject(ctx));
      if (active.length === 0) {
        if (waitingStarted < waitingProjects.length) continue;
        break;
      }
      if (emitted >= target && waitingStarted >= waitingProjects.length) {
        // Stop here; let the payment provider finish what it was doing so no payment is left in
        // flight, and the demo buyer's waiting projects reach their waiting state.
        for (let i = active.length - 1; i >= 0; i--) {
          const next = () => active[i].step;
          while (!next().done && (active[i].mustFinish || next().value.command.metadata.actorRole === 'system')) await execute(active[i]);
          finish(i);
        }
        break;
      }
      const index = h.between(0, active.length - 1);
      await execute(active[index]);
      if (active[index].step.done) finish(index);
    }
    await writer.close();
    await ids.commit();
    log(`generated ${emitted} events in ${((Date.now() - started) / 1000).toFixed(0)} s; vacuuming`);
    await client.query('VACUUM (ANALYZE) events');
    return { events: emitted, ...counts, waiting: ctx.targets, people, seconds: (Date.now() - started) / 1000 };
  } finally {
    client.release();
    await pool.end();
  }
}
