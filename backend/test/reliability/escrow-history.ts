import { randomUUID } from 'node:crypto';

import {
  asOriginalId,
  asVersionId,
  type BankAccountCommand,
  type CommandMetadata,
  companyBankAccountsStreamId,
  decideBankAccounts,
  decideMilestone,
  decideProject,
  type EventStore,
  evolveBankAccounts,
  evolveMilestone,
  evolveProject,
  headVersion,
  initialBankAccountsState,
  initialMilestoneState,
  initialProjectState,
  type MilestoneCommand,
  milestoneRetainageFacts,
  type MilestoneState,
  milestoneStreamId,
  type NewEvent,
  type PayeeInput,
  type ProjectCommand,
  type ProjectFacts,
  type ProjectState,
  projectStreamId,
  SANDBOX_MICRO_DEPOSITS,
  schemaVersionOf,
} from '@escrow/domain';

import { SeededRandom } from './seeded-random';

/** One command's events on one stream, in the order the project's parties issued them. */
interface HistoryStep {
  streamId: string;
  events: NewEvent[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Realistic escrow histories made by the domain's own deciders, the way the API makes them:
 * projects with milestones that are proposed, rejected and edited, approved, funded (some
 * deposits fail first), completed and paid out, disputed and resolved, or refunded after the
 * deadline; some are left half way. Every event is what `decide` returned for a valid command.
 */
class EscrowHistoryGenerator {
  private nextId = 1_000;
  private clock = Date.parse('2026-01-05T09:00:00.000Z');

  constructor(private readonly random: SeededRandom) {}

  /** Steps of one project, in its own order; projects are independent of each other. */
  project(): HistoryStep[] {
    const r = this.random;
    const projectId = this.id();
    const customerId = this.id();
    const companyId = this.id();
    const sellerUser = this.id();
    const buyer = (): CommandMetadata => ({ now: this.tick(), actorId: customerId, actorRole: 'customer', actorCompanyId: null });
    const seller = (): CommandMetadata => ({ now: this.tick(), actorId: sellerUser, actorRole: 'company', actorCompanyId: companyId });
    const subs = [this.id(), this.id()];
    const steps: HistoryStep[] = [];

    let project: ProjectState = initialProjectState;
    const onProject = (build: (m: CommandMetadata) => ProjectCommand, as: () => CommandMetadata) => {
      const metadata = as();
      const events = decideProject(build(metadata), project);
      project = events.reduce(evolveProject, project);
      if (events.length) steps.push({ streamId: projectStreamId(projectId), events: events.map((e) => envelope(e, metadata, projectId)) });
    };
    const customerInitiated = r.chance(0.4);
    const starter = customerInitiated ? buyer : seller;
    onProject(
      (metadata) => ({
        type: 'CreateJobDraft',
        data: {
          jobId: projectId,
          customerId,
          primaryCompanyId: companyId,
          service: r.pick(['General Contracting', 'Roofing', 'Electrical', 'Plumbing']),
          customerInitiated,
        },
        metadata,
      }),
      starter,
    );
    // Its first milestone is proposed on the draft (submitting needs one); both parties sign the
    // agreement before the first deposit.
    const facts: ProjectFacts = {
      status: 'draft',
      customerId,
      companyId,
      retainagePercent: '0.00',
      siteState: null,
    };
    // A third of the projects withhold retainage and name their job site (their payments exchange lien waivers).
    if (r.chance(0.3)) {
      const retainagePercent = r.pick(['5', '10', '2.5']);
      const siteState = r.pick(['AZ', 'ID', 'NV', 'UT', null] as const);
      onProject((metadata) => ({ type: 'SetProjectTerms', data: { retainagePercent, siteState }, metadata }), starter);
      if (project.status !== 'none') Object.assign(facts, { retainagePercent: project.terms.retainagePercent, siteState: project.terms.siteState });
    }
    // The seller company's payout account, as a company user links, verifies and chooses it.
    steps.push(this.payoutAccount(companyId, seller, projectId));
    const milestones = new Map<number, () => MilestoneState>();
    const lives = Array.from({ length: r.int(1, 5) }, (_, i) => this.milestoneLife(projectId, facts, subs, i + 1, buyer, seller, milestones));
    const first = lives[0]!.next();
    if (!first.done) steps.push(first.value);
    onProject((metadata) => ({ type: 'SubmitJob', data: { milestoneCount: 1 }, metadata }), starter);
    facts.status = 'submitted';
    for (const party of ['customer', 'company'] as const) {
      onProject(
        (metadata) => ({
          type: 'SignProjectAgreement',
          data: {
            party,
            signedName: party === 'customer' ? 'Olivia Owner' : 'Sam Seller',
            legalName: party === 'customer' ? 'Olivia Owner' : 'Sam Seller',
            agreementHash: 'a'.repeat(64),
            contractName: `escrow-agreement-${projectId}`,
          },
          metadata,
        }),
        party === 'customer' ? buyer : seller,
      );
    }

    // Milestones advance in turns so their events interleave, as on a real project.
    while (lives.length > 0) {
      const i = r.int(0, lives.length - 1);
      const next = lives[i]!.next();
      if (next.done) lives.splice(i, 1);
      else steps.push(next.value);
    }

    // Every milestone paid out and retainage held: one party asks for its release, the other approves.
    const states = [...milestones.values()].map((get) => get()).filter((m): m is Extract<MilestoneState, { status: 'active' }> => m.status === 'active');
    const facts2 = milestoneRetainageFacts(states);
    if (facts2.length > 0 && facts2.every((m) => m.closed) && facts2.some((m) => m.retainageHeld !== '0.00') && r.chance(0.8)) {
      const asker = r.chance(0.5) ? buyer : seller;
      onProject((metadata) => ({ type: 'RequestRetainageRelease', data: { milestones: facts2 }, metadata }), asker);
      onProject((metadata) => ({ type: 'ApproveRetainageRelease', data: { milestones: facts2 }, metadata }), asker === buyer ? seller : buyer);
      const active = project as Extract<ProjectState, { status: 'draft' | 'submitted' | 'discarded' }>;
      const decision = active.retainage.decisions.at(-1)!;
      for (const originalId of decision.milestoneIds) {
        const releases = this.release.get(originalId);
        if (releases) steps.push(...releases());
      }
    }
    this.release.clear();
    return steps;
  }

  /** Per milestone: its retainage released to the payees, each payee signing the conditional waiver, then paid. */
  private readonly release = new Map<number, () => HistoryStep[]>();

  private *milestoneLife(
    projectId: number,
    project: ProjectFacts,
    subs: number[],
    position: number,
    buyer: () => CommandMetadata,
    seller: () => CommandMetadata,
    registry: Map<number, () => MilestoneState>,
  ): Generator<HistoryStep> {
    const r = this.random;
    const originalId = asOriginalId(this.id());
    let current: MilestoneState = initialMilestoneState;
    registry.set(originalId, () => current);
    const system = (): CommandMetadata => ({ now: this.tick(), actorId: 0, actorRole: 'system', actorCompanyId: null });
    const admin = (): CommandMetadata => ({ now: this.tick(), actorId: 1, actorRole: 'admin', actorCompanyId: null });
    const state = (): MilestoneState => current;
    const decide = (build: (m: CommandMetadata) => Omit<MilestoneCommand, 'project'>, as: () => CommandMetadata): HistoryStep | null => {
      const metadata = as();
      // The project's facts as they are when the command is issued (a copy: they change later).
      const events = decideMilestone({ ...build(metadata), project: structuredClone(project) } as MilestoneCommand, current);
      current = events.reduce(evolveMilestone, current);
      return events.length ? { streamId: milestoneStreamId(originalId), events: events.map((e) => envelope(e, metadata, projectId)) } : null;
    };
    const content = () => {
      const payees = this.payees(project.companyId!, subs);
      return {
        title: r.chance(0.2) ? '' : `Milestone ${position}`,
        definition: 'Work done, inspected and accepted.',
        position,
        payees: payees.inputs,
        amount: payees.amount,
        payeeIds: payees.inputs.map(() => this.id()),
      };
    };
    const head = () => headVersion(state() as Extract<MilestoneState, { status: 'active' }>).versionId;
    const proposer = r.chance(0.7) ? seller : buyer;
    const other = proposer === seller ? buyer : seller;

    yield decide((metadata) => ({ type: 'ProposeMilestone', data: { ...content(), originalId, jobId: projectId }, metadata }), proposer)!;
    if (r.chance(0.05)) return; // left waiting for approval
    // Zero to two rounds of rejection and an edit.
    for (let round = r.int(0, 2); round > 0; round--) {
      yield decide((metadata) => ({ type: 'RejectMilestoneVersion', data: { versionId: head(), reason: 'Too high' }, metadata }), other)!;
      yield decide(
        (metadata) => ({ type: 'ProposeMilestoneEdit', data: { ...content(), versionId: asVersionId(this.id()), basedOnVersionId: head() }, metadata }),
        proposer,
      )!;
    }
    const agreed = head();
    yield decide((metadata) => ({ type: 'ApproveMilestoneVersion', data: { versionId: agreed }, metadata }), proposer)!;
    yield decide((metadata) => ({ type: 'ApproveMilestoneVersion', data: { versionId: agreed }, metadata }), other)!;
    if (r.chance(0.05)) return; // approved, never funded

    // Deposits: some fail (insufficient funds) or come back inside the return window before one clears.
    for (;;) {
      const depositId = this.id();
      // Both parties signed the agreement, which lists the version agreed now (the API draws it up so).
      const agreement = { versionId: agreed, customer: 'signed', company: 'signed' } as const;
      yield decide((metadata) => ({ type: 'RequestDeposit', data: { depositId, bankAccountLast4: '6789', agreement }, metadata }), buyer)!;
      if (r.chance(0.05)) return; // still pending at the bank
      if (r.chance(0.1)) {
        yield decide((metadata) => ({ type: 'FailDeposit', data: { depositId, reason: 'R01 Insufficient funds' }, metadata }), system)!;
        continue;
      }
      yield decide(
        (metadata) => ({
          type: 'SettleDeposit',
          data: { depositId, providerReference: `sbx_${depositId}`, responseDays: 30, clearsAt: new Date(Date.parse(metadata.now) + 2 * DAY_MS).toISOString() },
          metadata,
        }),
        system,
      )!;
      if (r.chance(0.05)) {
        yield decide((metadata) => ({ type: 'ReturnDeposit', data: { depositId, returnCode: 'R01', reason: 'Insufficient funds' }, metadata }), system)!;
        continue;
      }
      this.clock += 3 * DAY_MS;
      yield decide((metadata) => ({ type: 'ClearDeposit', data: { depositId }, metadata }), system)!;
      break;
    }

    const ending = r.next();
    if (ending < 0.65) {
      // Completed by both, sometimes after one side took its mark back.
      if (r.chance(0.15)) {
        yield decide((metadata) => ({ type: 'MarkMilestoneComplete', data: { complete: true }, metadata }), buyer)!;
        yield decide((metadata) => ({ type: 'MarkMilestoneComplete', data: { complete: false }, metadata }), buyer)!;
      }
      yield decide((metadata) => ({ type: 'MarkMilestoneComplete', data: { complete: true }, metadata }), seller)!;
      if (r.chance(0.05)) return; // waiting for the buyer
      yield decide((metadata) => ({ type: 'MarkMilestoneComplete', data: { complete: true }, metadata }), buyer)!;
    } else if (ending < 0.9) {
      const opener = r.chance(0.6) ? buyer : seller;
      yield decide((metadata) => ({ type: 'OpenDispute', data: { disputeId: this.id(), statement: 'The work is not what we agreed.' }, metadata }), opener)!;
      if (r.chance(0.7))
        yield decide(
          (metadata) => ({ type: 'RespondToDispute', data: { statement: 'It is; see the inspection report.' }, metadata }),
          opener === buyer ? seller : buyer,
        )!;
      if (r.chance(0.05)) return; // waiting for an administrator
      const resolution = r.pick(['release', 'refund', 'split'] as const);
      const held = (state() as Extract<MilestoneState, { status: 'active' }>).deposits.find((d) => d.status === 'settled')!.amount;
      const refundAmount = resolution === 'split' ? (Math.max(1, Math.floor(Number.parseInt(held, 10) * r.next())) || 1).toFixed(2) : null;
      yield decide((metadata) => ({ type: 'ResolveDispute', data: { resolution, refundAmount, note: 'Decided on the evidence.' }, metadata }), admin)!;
    } else {
      // The seller never completed: past the deadline the buyer claims the refund.
      this.clock += 31 * DAY_MS;
      yield decide((metadata) => ({ type: 'ClaimDeadlineRefund', data: {}, metadata }), buyer)!;
    }

    // The provider pays what was asked, one report at a time; a payment that exchanges lien
    // waivers waits for its payee's conditional waiver (a few never sign).
    const payee = (companyId: number) => (): CommandMetadata => ({ now: this.tick(), actorId: companyId + 1, actorRole: 'company', actorCompanyId: companyId });
    const sign = (payment: 'disbursement' | 'retainage', payeeId: number, companyId: number) =>
      decide(
        (metadata) => ({
          type: 'SignLienWaiver',
          data: {
            payment,
            payeeId,
            kind: 'conditional',
            signedName: 'Pat Payee',
            legalName: 'Pat Payee',
            waiverHash: 'c'.repeat(64),
            waiverName: `lien-waiver-${originalId}-${payment}-${payeeId}-conditional-cccccccccccc`,
          },
          metadata,
        }),
        payee(companyId),
      );
    const issued = (payment: string, payeeId: number) => ({
      waiverHash: 'd'.repeat(64),
      waiverName: `lien-waiver-${originalId}-${payment}-${payeeId}-unconditional-dddddddddddd`,
    });
    const s = state() as Extract<MilestoneState, { status: 'active' }>;
    for (const d of s.disbursements) {
      if (r.chance(0.03)) continue; // payout still on its way
      if (d.lienWaiverState) {
        if (r.chance(0.05)) continue; // the payee never signs
        yield sign('disbursement', d.payeeId, d.companyId)!;
      }
      yield decide(
        (metadata) => ({
          type: 'RecordDisbursementPaid',
          data: { disbursementId: d.disbursementId, providerReference: `sbx_p_${d.disbursementId}`, unconditionalWaiver: issued('disbursement', d.payeeId) },
          metadata,
        }),
        system,
      )!;
    }
    this.release.set(originalId, () => {
      const out: HistoryStep[] = [];
      const push = (step: HistoryStep | null) => step && out.push(step);
      push(decide((metadata) => ({ type: 'ReleaseRetainage', data: { resolution: 'release', cause: 'approval', refundId: 0 }, metadata }), system));
      for (const release of (state() as Extract<MilestoneState, { status: 'active' }>).retainageReleases) {
        if (release.lienWaiverState) push(sign('retainage', release.payeeId, release.companyId));
        push(
          decide(
            (metadata) => ({
              type: 'RecordRetainagePaid',
              data: { payeeId: release.payeeId, providerReference: `sbx_rt_${release.payeeId}`, unconditionalWaiver: issued('retainage', release.payeeId) },
              metadata,
            }),
            system,
          ),
        );
      }
      return out;
    });
    for (const refund of s.refunds) {
      yield decide(
        (metadata) => ({ type: 'RecordRefundPaid', data: { refundId: refund.refundId, providerReference: `sbx_r_${refund.refundId}` }, metadata }),
        system,
      )!;
    }
  }

  /** A verified payout account of the company (linked, micro-deposits confirmed, chosen): one step on its bank-accounts stream. */
  private payoutAccount(companyId: number, as: () => CommandMetadata, projectId: number): HistoryStep {
    const owner = { kind: 'company', id: companyId } as const;
    const origin = { originId: null, sessionId: null };
    const bankAccountId = this.id();
    const deposits: [string, string] = [...SANDBOX_MICRO_DEPOSITS];
    const commands: BankAccountCommand[] = [
      {
        type: 'LinkBankAccount',
        data: {
          owner,
          origin,
          bankAccountId,
          purpose: 'payout',
          jobId: null,
          bankName: 'Sandbox Bank',
          last4: String(bankAccountId % 10_000).padStart(4, '0'),
          providerToken: `sbx_ba_${bankAccountId}`,
          microDeposits: deposits,
        },
        metadata: as(),
      },
      { type: 'VerifyBankAccount', data: { owner, origin, bankAccountId, amounts: deposits }, metadata: as() },
      { type: 'ChoosePayoutAccount', data: { owner, origin, bankAccountId, hold: { seconds: 0 } }, metadata: as() },
    ];
    let state = initialBankAccountsState;
    const events: NewEvent[] = [];
    for (const command of commands) {
      const decided = decideBankAccounts(command, state);
      state = decided.reduce(evolveBankAccounts, state);
      events.push(...decided.map((e) => envelope(e, command.metadata, projectId)));
    }
    return { streamId: companyBankAccountsStreamId(companyId), events };
  }

  private payees(companyId: number, subs: number[]): { inputs: PayeeInput[]; amount: string } {
    const r = this.random;
    const amount = r.int(500, 250_000);
    const cents = r.chance(0.5) ? `.${String(r.int(0, 99)).padStart(2, '0')}` : '.00';
    const total = `${amount}${cents}`;
    switch (r.int(0, 2)) {
      case 0:
        return { amount: total, inputs: [{ companyId, type: 'fixed', amount: total, includeFee: r.chance(0.3) }] };
      case 1:
        return {
          amount: total,
          inputs: [
            { companyId, type: 'percent', percentage: String(r.int(10, 80)), includeFee: r.chance(0.3) },
            { companyId: subs[0]!, type: 'remainder', includeFee: r.chance(0.3) },
          ],
        };
      default: {
        const fixed = Math.max(1, Math.floor(amount / 3));
        return {
          amount: total,
          inputs: [
            { companyId, type: 'fixed', amount: `${fixed}.00`, includeFee: false },
            { companyId: subs[0]!, type: 'percent', percentage: '25', includeFee: true },
            { companyId: subs[1]!, type: 'remainder', includeFee: r.chance(0.5) },
          ],
        };
      }
    }
  }

  private id(): number {
    return this.nextId++;
  }

  private tick(): string {
    this.clock += this.random.int(1, 3600) * 1000;
    return new Date(this.clock).toISOString();
  }
}

function envelope(event: { type: string; data: unknown }, metadata: CommandMetadata, projectId: number): NewEvent {
  return {
    type: event.type,
    data: event.data,
    metadata: {
      jobId: projectId,
      actorId: String(metadata.actorId),
      actorRole: metadata.actorRole,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: metadata.now,
      schemaVersion: schemaVersionOf(event.type),
    },
  };
}

/**
 * Appends generated projects until at least `targetEvents` events are stored, `concurrency`
 * projects at a time (their events interleave in the global order), each command with the
 * stream's expected revision. Returns the number of events appended.
 */
export async function appendEscrowHistory(store: EventStore, options: { seed: number; targetEvents: number; concurrency?: number }): Promise<number> {
  const generator = new EscrowHistoryGenerator(new SeededRandom(options.seed));
  let appended = 0;
  let planned = 0;
  const worker = async (): Promise<void> => {
    while (planned < options.targetEvents) {
      const steps = generator.project();
      planned += steps.reduce((n, s) => n + s.events.length, 0);
      const revisions = new Map<string, number>();
      for (const step of steps) {
        const revision = revisions.get(step.streamId);
        const result = await store.append(step.streamId, step.events, { expectedRevision: revision === undefined ? 'no_stream' : revision });
        revisions.set(step.streamId, result.nextExpectedRevision);
        appended += step.events.length;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 16 }, worker));
  return appended;
}
