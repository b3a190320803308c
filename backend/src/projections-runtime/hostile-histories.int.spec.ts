import { randomUUID } from 'node:crypto';

import {
  agreedVersions,
  asOriginalId,
  asVersionId,
  type CommandMetadata,
  decideMilestone,
  decideProject,
  DomainError,
  evolveMilestone,
  evolveProject,
  firstVersionOf,
  initialMilestoneState,
  initialProjectState,
  type MilestoneCommand,
  type MilestoneState,
  milestoneStreamId,
  type NewEvent,
  type PayeeInput,
  type ProjectCommand,
  type ProjectFacts,
  type ProjectState,
  projectStreamId,
} from '@escrow/domain';
import { createProjectors, ProjectionRunner } from '@escrow/projections';
import fc from 'fast-check';

import { createEventStoreFixture, type EventStoreFixture, eventually } from '../../test/support/event-store-fixture';

/**
 * Issue 12, item 1: whatever the deciders accept, every projector and the rebuild can store.
 * Histories are made by the real deciders from hostile input (lone surrogates, NUL, 10,000
 * characters, right-to-left marks, emoji; amounts at the bound, a cent, odd cents); what they
 * accept is appended and projected. No stream may be parked, no event dead-lettered, and a
 * rebuild must end with the same tables.
 */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileText = fc.oneof(
  fc.constantFrom(
    '\ud800',
    'half \udfff of it',
    'a\u0000b',
    'x'.repeat(10_000),
    'y'.repeat(4_999),
    '\u202eright-to-left\u200f',
    '🏠👷‍♀️✓',
    '',
    '   ',
    "'; DROP TABLE events; --",
    '<script>alert(1)</script>',
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const boundaryAmount = fc.oneof(
  fc.constantFrom('0.01', '0.20', '10.00', '100.01', '977995110.01', '977995110.02', '999999999.99', '1000000000.00', '999999999999.99', '0', '-5', '12.345'),
  fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => (c / 100).toFixed(2)),
);
const payeesArb = fc.oneof(
  fc.array(fc.record({ type: fc.constant('fixed' as const), amount: boundaryAmount, includeFee: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.boolean()).map(([bp, includeFee]) => [
    { type: 'percent' as const, percentage: (bp / 100).toFixed(2), includeFee },
    { type: 'percent' as const, percentage: ((10_000 - bp) / 100).toFixed(2), includeFee: !includeFee },
  ]),
);
const historyArb = fc.record({
  service: hostileText,
  title: hostileText,
  definition: hostileText,
  reason: hostileText,
  signature: hostileText,
  statement: hostileText,
  note: hostileText,
  payees: payeesArb,
  milestoneAmount: boundaryAmount,
  refund: boundaryAmount,
  resolution: fc.constantFrom('release' as const, 'refund' as const, 'split' as const),
  edit: fc.boolean(),
});
type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

let nextId = 10_000;
let clock = Date.parse('2026-03-01T09:00:00.000Z');
const now = () => new Date((clock += 60_000)).toISOString();

/** Runs one hostile history through the deciders; returns the accepted events per stream, in order. */
function decideHistory(h: History): { streamId: string; events: NewEvent[] }[] {
  const projectId = nextId++;
  const [buyerId, sellerId, companyId, subId] = [nextId++, nextId++, nextId++, nextId++];
  const originalId = asOriginalId(nextId++);
  const firstVersion = firstVersionOf(originalId);
  const buyer = (): CommandMetadata => ({ now: now(), actorId: buyerId, actorRole: 'customer', actorCompanyId: null });
  // A project manager acts for the seller: the milestones read model keeps a proposal's author role (issue 37).
  const seller = (): CommandMetadata => ({
    now: now(),
    actorId: sellerId,
    actorRole: 'company',
    actorCompanyId: companyId,
    actorCompanyRole: 'project_manager',
  });
  const system = (): CommandMetadata => ({ now: now(), actorId: 0, actorRole: 'system', actorCompanyId: null });
  const admin = (): CommandMetadata => ({ now: now(), actorId: 1, actorRole: 'admin', actorCompanyId: null });
  const steps: { streamId: string; events: NewEvent[] }[] = [];
  let project: ProjectState = initialProjectState;
  let milestone: MilestoneState = initialMilestoneState;
  const facts = (): ProjectFacts => ({
    status: project.status === 'none' ? 'draft' : project.status,
    customerId: buyerId,
    companyId,
    retainagePercent: '0.00',
    siteState: null,
  });
  const envelope = (event: { type: string; data: unknown }, metadata: CommandMetadata): NewEvent => ({
    type: event.type,
    data: event.data,
    metadata: {
      jobId: projectId,
      actorId: String(metadata.actorId),
      actorRole: metadata.actorRole,
      ...(metadata.actorCompanyRole ? { actorCompanyRole: metadata.actorCompanyRole } : {}),
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: metadata.now,
      schemaVersion: 1,
    },
  });
  const onProject = (command: ProjectCommand) => {
    try {
      const events = decideProject(command, project);
      project = events.reduce(evolveProject, project);
      if (events.length) steps.push({ streamId: projectStreamId(projectId), events: events.map((e) => envelope(e, command.metadata)) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  };
  const onMilestone = (build: (project: ProjectFacts) => MilestoneCommand) => {
    const command = build(facts());
    try {
      const events = decideMilestone(command, milestone);
      milestone = events.reduce(evolveMilestone, milestone);
      if (events.length) steps.push({ streamId: milestoneStreamId(originalId), events: events.map((e) => envelope(e, command.metadata)) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // refusing is fine; crashing is not
    }
  };
  const payees: PayeeInput[] = (h.payees as Omit<PayeeInput, 'companyId'>[]).map((p, i) => ({ ...p, companyId: i === 0 ? companyId : subId + i }));
  const content = { title: h.title, definition: h.definition, position: 1, payees, amount: h.milestoneAmount, payeeIds: payees.map(() => nextId++) };

  onProject({
    type: 'CreateJobDraft',
    data: { jobId: projectId, customerId: buyerId, primaryCompanyId: companyId, service: h.service, customerInitiated: false },
    metadata: seller(),
  });
  if (project.status === 'none')
    onProject({
      type: 'CreateJobDraft',
      data: { jobId: projectId, customerId: buyerId, primaryCompanyId: companyId, service: 'Framing', customerInitiated: false },
      metadata: seller(),
    });
  onMilestone((p) => ({ type: 'ProposeMilestone', data: { ...content, originalId, jobId: projectId }, metadata: seller(), project: p }));
  if (milestone.status === 'none') {
    onMilestone((p) => ({
      type: 'ProposeMilestone',
      data: {
        ...content,
        title: 'Safe',
        definition: 'Safe.',
        payees: [{ companyId, type: 'fixed', amount: '1000.00', includeFee: false }],
        amount: null,
        payeeIds: [nextId++],
        originalId,
        jobId: projectId,
      },
      metadata: seller(),
      project: p,
    }));
  }
  onProject({ type: 'SubmitJob', data: { milestoneCount: 1 }, metadata: seller() });
  onProject({
    type: 'SignProjectAgreement',
    data: { party: 'customer', signedName: h.signature, legalName: h.signature, agreementHash: 'a'.repeat(64), contractName: `c-${projectId}` },
    metadata: buyer(),
  });
  onProject({
    type: 'SignProjectAgreement',
    data: { party: 'customer', signedName: 'Bea Buyer', legalName: 'Bea Buyer', agreementHash: 'a'.repeat(64), contractName: `c-${projectId}` },
    metadata: buyer(),
  });
  onProject({
    type: 'SignProjectAgreement',
    data: { party: 'company', signedName: 'Sam Seller', legalName: 'Sam Seller', agreementHash: 'a'.repeat(64), contractName: `c-${projectId}` },
    metadata: seller(),
  });
  onMilestone((p) => ({ type: 'RejectMilestoneVersion', data: { versionId: firstVersion, reason: h.reason }, metadata: buyer(), project: p }));
  if (h.edit) {
    const versionId = asVersionId(nextId++);
    onMilestone((p) => ({
      type: 'ProposeMilestoneEdit',
      data: { ...content, title: h.note, versionId, payeeIds: payees.map(() => nextId++) },
      metadata: seller(),
      project: p,
    }));
  }
  const head = () => (milestone.status === 'active' ? milestone.versions[milestone.versions.length - 1]!.versionId : firstVersion);
  onMilestone((p) => ({ type: 'ApproveMilestoneVersion', data: { versionId: head() }, metadata: seller(), project: p }));
  onMilestone((p) => ({ type: 'ApproveMilestoneVersion', data: { versionId: head() }, metadata: buyer(), project: p }));
  // The project's stream records the agreed version, hostile title and definition included (as the API does after the approval).
  for (const { originalId: agreedId, version } of agreedVersions(milestone.status === 'active' ? [milestone] : [])) {
    onProject({ type: 'RecordAgreedMilestone', data: { originalId: agreedId, ...version }, metadata: buyer() });
  }
  const depositId = nextId++;
  // The agreement both signed lists the version agreed now (the API draws it up from the streams).
  const signedBy = (party: 'customer' | 'company') => (project.status !== 'none' && project.signatures[party] ? 'signed' : 'unsigned');
  onMilestone((p) => ({
    type: 'RequestDeposit',
    data: { depositId, bankAccountLast4: '6789', agreement: { versionId: head(), customer: signedBy('customer'), company: signedBy('company') } },
    metadata: buyer(),
    project: p,
  }));
  const settling = system();
  onMilestone(() => ({
    type: 'SettleDeposit',
    data: { depositId, providerReference: `sbx_${depositId}`, responseDays: 30, clearsAt: settling.now },
    metadata: settling,
  }));
  onMilestone(() => ({ type: 'ClearDeposit', data: { depositId }, metadata: system() }));
  onMilestone((p) => ({ type: 'OpenDispute', data: { disputeId: nextId++, statement: h.statement }, metadata: buyer(), project: p }));
  onMilestone((p) => ({
    type: 'OpenDispute',
    data: { disputeId: nextId++, statement: h.statement.slice(0, 100) || 'Not done.' },
    metadata: buyer(),
    project: p,
  }));
  onMilestone((p) => ({ type: 'RespondToDispute', data: { statement: h.reason }, metadata: seller(), project: p }));
  onMilestone(() => ({ type: 'ResolveDispute', data: { resolution: h.resolution, refundAmount: h.refund, note: h.note }, metadata: admin() }));
  onMilestone(() => ({ type: 'ResolveDispute', data: { resolution: 'release', note: 'Released.' }, metadata: admin() }));
  if (milestone.status === 'active') {
    for (const d of milestone.disbursements)
      onMilestone(() => ({
        type: 'RecordDisbursementPaid',
        data: { disbursementId: d.disbursementId, providerReference: `p${d.disbursementId}` },
        metadata: system(),
      }));
    for (const r of milestone.refunds)
      onMilestone(() => ({ type: 'RecordRefundPaid', data: { refundId: r.refundId, providerReference: `r${r.refundId}` }, metadata: system() }));
  }
  return steps;
}

describe('hostile histories through every projector and the rebuild', () => {
  let fixture: EventStoreFixture;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    fixture = await createEventStoreFixture();
    runner = new ProjectionRunner({
      pool: fixture.pool,
      eventStore: fixture.store,
      projectors: createProjectors(),
      databaseUrl: fixture.database.url,
      retryMs: 100,
      batchSize: 200,
    });
    runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await fixture.close();
  });

  it('parks no stream, dead-letters no event, and rebuilds into the same tables', async () => {
    let appended = 0;
    let money = 0;
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        for (const step of decideHistory(history)) {
          const current = await fixture.store.readStream(step.streamId);
          await fixture.store.append(step.streamId, step.events, {
            expectedRevision: current.length === 0 ? 'no_stream' : current[current.length - 1]!.revision,
          });
          appended += step.events.length;
          if (step.events.some((e) => e.type === 'DepositSettled')) money++;
        }
      }),
      { numRuns: 150, seed: Number(process.env.PROPERTY_SEED ?? 20261123) },
    );
    // The generator must reach the money, or the property proves little.
    expect(money).toBeGreaterThan(20);
    expect(appended).toBeGreaterThan(1000);

    const statuses = await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0 || p.parkedStreams.length > 0 || p.state === 'stopped'),
      60_000,
    );
    for (const p of statuses) {
      expect({ projector: p.name, state: p.state, parked: p.parkedStreams, deadLetters: p.openDeadLetters }).toEqual({
        projector: p.name,
        state: 'running',
        parked: [],
        deadLetters: 0,
      });
    }
    const { rows } = await fixture.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_dead_letters');
    expect(rows[0]!.n).toBe(0);

    const results = await runner.rebuildMany(runner.projectors.map((p) => p.name));
    for (const result of results)
      expect({ projector: result.projector, comparison: result.comparison }).toMatchObject({
        projector: result.projector,
        comparison: { compared: true, equal: true },
      });
    // The seller's proposals name their author's role from the metadata, live and rebuilt alike.
    const roles = await fixture.pool.query<{ role: string | null; n: number }>(
      'SELECT author_company_role AS role, count(*)::int AS n FROM milestone_versions GROUP BY 1 ORDER BY 1',
    );
    expect(roles.rows.find((r) => r.role === 'project_manager')?.n).toBeGreaterThan(0);
  }, 240_000);

  it('rebuilds interleaved projects the same way when streams are written out and read back', async () => {
    // Many projects at once, their steps interleaved (each stream keeps its own order), as real
    // traffic is: a stream goes quiet while others speak, and speaks again later.
    const histories = fc.sample(historyArb, { numRuns: 40, seed: 20261124 }).map(decideHistory);
    for (let step = 0; histories.some((h) => h.length > step); step++) {
      for (const history of histories) {
        const next = history[step];
        if (!next) continue;
        const current = await fixture.store.readStream(next.streamId);
        await fixture.store.append(next.streamId, next.events, {
          expectedRevision: current.length === 0 ? 'no_stream' : current[current.length - 1]!.revision,
        });
      }
    }
    await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0),
      60_000,
    );
    // Streams written out after 5 quiet events (and read back when they speak again), then a
    // memory limit so low that the quieter half of the held states goes after every page.
    for (const tuning of [
      { quietEvents: 5, batchSize: 40 },
      { memoryMb: 1, batchSize: 40 },
    ]) {
      const results = await runner.rebuildMany(
        runner.projectors.map((p) => p.name),
        undefined,
        tuning,
      );
      for (const result of results)
        expect({ tuning, projector: result.projector, comparison: result.comparison }).toMatchObject({
          tuning,
          projector: result.projector,
          comparison: { compared: true, equal: true },
        });
    }
  }, 120_000);
});
