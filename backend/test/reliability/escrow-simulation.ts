import { createHash } from 'node:crypto';

import {
  type ActiveMilestone,
  type ActiveProject,
  awaitingConditionalWaivers,
  currentVersion,
  evolveMilestone,
  evolveProject,
  formatAmount,
  held,
  initialMilestoneState,
  initialProjectState,
  isFunded,
  isLocked,
  isPaidOut,
  isSettledOut,
  type MilestoneEvent,
  type MilestoneState,
  money,
  openDispute,
  type Party,
  pendingDeposit,
  type ProjectEvent,
  type ProjectState,
  retainageHeld,
  sum,
  waiversOf,
} from '@escrow/domain';
import type { Pool } from 'pg';

import type { CreatedUser } from '../support/http-session';
import type { ApiClient } from './http-client';
import { newKey } from './http-client';
import { PayoutAccountChanges } from './payout-account-changes';
import { RefusedAnswer, type RetryingCommands } from './retrying-commands';
import type { SeededRandom } from './seeded-random';

export interface Actor {
  name: string;
  user: CreatedUser;
  companyId: number | null;
  client: ApiClient;
}

interface Project {
  handle: number;
  jobId: number;
  buyer: Actor;
  seller: Actor;
  starter: Actor;
  /** Still a draft: only its starter sees it, and nothing may be approved or funded. */
  draft: boolean;
  /**
   * The buyer's bank account for this project: `failing` debits fail like ACH return R01,
   * `lateReturn` ones settle and come back inside the return window; both until replaced.
   */
  account: 'good' | 'failing' | 'lateReturn';
  /** Retainage and the job site's state set before the first milestone (null: none, no waivers). */
  terms: { retainage_percent: string; site_state: string | null } | null;
}

interface Milestone {
  handle: number;
  project: Project;
  originalId: number;
}

/** One thing a user does this round. `stream` keeps two actions of a round off one stream. */
export interface Action {
  label: string;
  stream: string;
  /** Other streams it may append to (a deposit's signatures on the project's stream): no other action of the round touches them either. */
  alsoTouches?: string[];
  /**
   * Other streams it may append to that commute with the round's other actions (an approval that
   * agrees a version records it on the project's stream): only a refused action, whose stream
   * must not change, is kept off them.
   */
  mayAppendTo?: string[];
  /** A command that must be refused: the answer's status, and the stream must not change. */
  refusedWith?: number;
  run(): Promise<void>;
}

const SERVICES = ['General Contracting', 'Roofing', 'Electrical'];
const ROUTING = '011000015';
/** The sandbox's test accounts: …0002 fails, …0003 settles and is returned late (sandbox-ach.provider.ts). */
const ACCOUNT_NUMBERS = { good: '000123456789', failing: '000000000002', lateReturn: '000000000003' } as const;

/**
 * Buyers, sellers and admins using the escrow the way people do, planned by a seeded PRNG. Every
 * round starts from the state folded from the event store (with the domain's own evolve), so
 * the plan of a round depends only on the seed and on what earlier rounds did, never on timing:
 * concurrent actions of a round touch different streams, or commute (both parties approving one
 * version, both marking complete), and every command is retried with its Idempotency-Key until
 * it has a definite answer, whatever crashed in between.
 */
export class EscrowSimulation {
  readonly projects: Project[] = [];
  readonly milestones: Milestone[] = [];
  readonly refusals: { label: string; status: number }[] = [];
  private states = new Map<number, MilestoneState>();
  private projectStates = new Map<number, ProjectState>();
  /** Payees who never sign a given waiver (decided when it is first seen): funds wait for them for ever. */
  private readonly neverSigns = new Map<string, boolean>();
  private nextHandle = 0;
  /** Keys this run used, with who used them: a later request reusing one must answer 422. */
  private readonly usedKeys: { actor: Actor; key: string }[] = [];
  /** Sellers changing their payout accounts, and admins confirming or sellers undoing the changes (issue 25). */
  private readonly payoutAccounts: PayoutAccountChanges;

  constructor(
    private readonly random: SeededRandom,
    private readonly actors: { buyers: Actor[]; sellers: Actor[]; admins: Actor[]; outsider: Actor; subCompanies: number[]; subUsers: Actor[] },
    private readonly commands: RetryingCommands,
    private readonly pool: Pool,
  ) {
    this.payoutAccounts = new PayoutAccountChanges(random, actors.sellers, actors.admins, commands);
  }

  /** Folds every milestone stream again from the store: the truth the next round plans on. */
  async refresh(): Promise<void> {
    const ids = this.milestones.map((m) => `milestone-${m.originalId}`);
    const { rows } = await this.pool.query<{ stream_id: string; type: string; data: MilestoneEvent['data'] }>(
      'SELECT stream_id, type, data FROM events WHERE stream_id = ANY($1) ORDER BY stream_id, stream_revision',
      [ids],
    );
    const states = new Map<number, MilestoneState>();
    for (const row of rows) {
      const originalId = Number(row.stream_id.slice('milestone-'.length));
      states.set(originalId, evolveMilestone(states.get(originalId) ?? initialMilestoneState, { type: row.type, data: row.data } as MilestoneEvent));
    }
    this.states = states;
    const { rows: projectRows } = await this.pool.query<{ stream_id: string; type: string; data: ProjectEvent['data'] }>(
      'SELECT stream_id, type, data FROM events WHERE stream_id = ANY($1) ORDER BY stream_id, stream_revision',
      [this.projects.map((p) => `job-${p.jobId}`)],
    );
    const projectStates = new Map<number, ProjectState>();
    for (const row of projectRows) {
      const projectId = Number(row.stream_id.slice('job-'.length));
      projectStates.set(projectId, evolveProject(projectStates.get(projectId) ?? initialProjectState, { type: row.type, data: row.data } as ProjectEvent));
    }
    this.projectStates = projectStates;
  }

  /** The actions of one round: up to `max`, at most one per stream. */
  planRound(max: number): Action[] {
    const r = this.random;
    const candidates = this.candidates();
    const chosen: Action[] = [];
    const streams = new Set<string>();
    const appendedTo = new Set<string>();
    const refused = new Set<string>();
    const wanted = r.int(1, max);
    while (chosen.length < wanted && candidates.length > 0) {
      const [action] = candidates.splice(r.int(0, candidates.length - 1), 1);
      const touched = [action!.stream, ...(action!.alsoTouches ?? [])];
      if (touched.some((stream) => streams.has(stream))) continue;
      if (action!.refusedWith !== undefined && appendedTo.has(action!.stream)) continue;
      if ((action!.mayAppendTo ?? []).some((stream) => refused.has(stream))) continue;
      for (const stream of touched) streams.add(stream);
      for (const stream of action!.mayAppendTo ?? []) appendedTo.add(stream);
      if (action!.refusedWith !== undefined) refused.add(action!.stream);
      chosen.push(action!);
    }
    return chosen;
  }

  /** What the outcome was, without ids or times: equal for two runs of one seed. */
  async outcomeDigest(): Promise<string> {
    await this.refresh();
    const lines = this.milestones.map((m) => {
      const s = this.states.get(m.originalId);
      if (!s || s.status !== 'active') return `${m.handle}:none`;
      return [
        m.handle,
        m.project.handle,
        s.versions.map((v) => `${v.status}/${v.approvals.customer}/${v.approvals.company}/${v.terms.depositTotal}`).join(','),
        s.deposits.map((d) => `${d.status}:${d.amount}`).join(','),
        s.disbursements
          .map((d) => `${d.status}:${d.amount}+${d.fee}`)
          .sort()
          .join(','),
        s.refunds.map((x) => `${x.status}:${x.amount}`).join(','),
        s.disputes.map((d) => `${d.status}:${d.resolution?.resolution ?? '-'}`).join(','),
        `${s.completion.customer}/${s.completion.company}/${s.completedByBoth}`,
        formatAmount(held(s)),
        s.retainageReleases
          .map((x) => `${x.status}:${x.amount}`)
          .sort()
          .join(','),
        s.retainageRefunds.map((x) => x.amount).join(','),
        s.waivers
          .map((w) => `${w.kind}:${w.payment}:${w.amount}:${w.signedBy === null ? 'issued' : 'signed'}`)
          .sort()
          .join(','),
      ].join('|');
    });
    return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  }

  private candidates(): Action[] {
    const r = this.random;
    const list: Action[] = [];
    list.push(this.newProject());
    if (this.projects.length < 3) list.push(this.newProject());
    for (const project of this.projects) {
      // A project whose retainage is being released takes no new milestone meanwhile (its release needs every milestone paid out).
      if (this.milestones.filter((m) => m.project === project).length < 4 && !this.inRelease(project)) list.push(this.newMilestone(project));
      list.push(...this.retainageActions(project));
    }
    for (const m of this.milestones) {
      const s = this.states.get(m.originalId);
      if (!s || s.status !== 'active') continue;
      list.push(...this.milestoneActions(m, s));
    }
    for (const project of this.projects.filter((p) => p.draft)) list.push(this.submitDraft(project));
    list.push(...this.payoutAccounts.candidates());
    // A few commands that must be refused and change nothing.
    const someMilestone = this.milestones.length ? r.pick(this.milestones) : null;
    if (someMilestone && this.states.get(someMilestone.originalId)?.status === 'active') {
      const s = this.states.get(someMilestone.originalId) as ActiveMilestone;
      const { project } = someMilestone;
      const head = s.versions.at(-1)!.versionId;
      if (project.draft) {
        // On the project's stream, so no submission of this draft runs in the same round.
        const onJob = `job-${project.jobId}`;
        list.push(
          this.refused(
            someMilestone,
            'an outsider reaches into a draft',
            this.actors.outsider,
            'POST',
            '/api/milestone/approval',
            { milestone_id: head, approve: true },
            404,
            onJob,
          ),
        );
        list.push(
          this.refused(
            someMilestone,
            'an approval on a draft',
            project.starter,
            'POST',
            '/api/milestone/approval',
            { milestone_id: head, approve: true },
            409,
            onJob,
          ),
        );
        const other = project.starter === project.buyer ? project.seller : project.buyer;
        list.push(
          this.refused(
            someMilestone,
            'the other party reaches into a draft',
            other,
            'POST',
            '/api/milestone/deposit',
            { milestone_id: someMilestone.originalId },
            404,
            onJob,
          ),
        );
        return list;
      }
      list.push(
        this.refused(
          someMilestone,
          'an outsider approves',
          this.actors.outsider,
          'POST',
          '/api/milestone/approval',
          { milestone_id: head, approve: true },
          403,
        ),
      );
      list.push(
        this.refused(someMilestone, 'the seller deposits', project.seller, 'POST', '/api/milestone/deposit', { milestone_id: someMilestone.originalId }, 403),
      );
      if (!isFunded(s) && !s.completedByBoth && !isSettledOut(s)) {
        list.push(
          this.refused(
            someMilestone,
            'completion before funding',
            project.seller,
            'PUT',
            `/api/milestone/${someMilestone.originalId}/complete`,
            { complete: true },
            409,
          ),
        );
      }
      // Parties are frozen once submitted: neither side can push the other out.
      const stranger = r.pick(this.actors.buyers.filter((b) => b !== project.buyer));
      const moveBody =
        project.starter === project.seller
          ? { state: { job_id: project.jobId, customer_id: stranger.user.userId, service: 'Roofing', customerInitiated: false } }
          : {
              state: { job_id: project.jobId, customer_id: project.buyer.user.userId, service: 'Roofing', customerInitiated: true },
              primary: { company_id: r.pick(this.actors.sellers.filter((x) => x !== project.seller)).companyId },
            };
      list.push(
        this.refused(
          someMilestone,
          'the starter moves a submitted project to other parties',
          project.starter,
          'PUT',
          '/api/job/basic',
          moveBody,
          409,
          `job-${project.jobId}`,
        ),
      );
      // Hostile input: refused at the edge or by the rules, with a message, storing nothing.
      list.push(
        this.refused(
          someMilestone,
          'a title with a lone surrogate',
          project.seller,
          'POST',
          '/api/milestone',
          { ...this.milestoneBody(project), title: 'Roof \ud800' },
          400,
          `job-${project.jobId}`,
        ),
      );
      list.push(
        this.refused(
          someMilestone,
          'an amount beyond the bound',
          project.seller,
          'POST',
          '/api/milestone',
          { job_id: project.jobId, definition: 'All of it.', payees: [{ jc_id: project.seller.companyId, type: 'fixed', amount: '999999999999.99' }] },
          422,
          `job-${project.jobId}`,
        ),
      );
      list.push(
        this.refused(
          someMilestone,
          'a statement with a NUL',
          project.buyer,
          'POST',
          `/api/milestone/${someMilestone.originalId}/dispute`,
          { statement: 'bad \u0000 work' },
          400,
        ),
      );
      // Retainage beyond its bound, and a lien waiver signed by someone the payment is not for.
      list.push(
        this.refused(
          someMilestone,
          'retainage above 10%',
          project.seller,
          'PUT',
          `/api/job/${project.jobId}/terms`,
          { retainage_percent: '12.5', site_state: null },
          400,
          `job-${project.jobId}`,
        ),
      );
      list.push(
        this.refused(
          someMilestone,
          'an outsider signs a lien waiver',
          this.actors.outsider,
          'POST',
          `/api/milestone/${someMilestone.originalId}/waivers/sign`,
          { payment: 'disbursement', mp_id: 1, kind: 'conditional', signed_name: this.actors.outsider.user.name, waiver_hash: 'a'.repeat(64) },
          403,
        ),
      );
      // A key used before, sent again with another request.
      const earlier = this.usedKeys.filter((k) => k.actor === project.buyer);
      if (earlier.length > 0) {
        const { key } = r.pick(earlier);
        list.push(
          this.refused(
            someMilestone,
            'a key reused for another request',
            project.buyer,
            'POST',
            '/api/milestone/approval',
            { milestone_id: head, reject: true, reason: `Reused key ${r.int(1, 1e6)}` },
            422,
            undefined,
            key,
          ),
        );
      }
    }
    return list;
  }

  private milestoneActions(m: Milestone, s: ActiveMilestone): Action[] {
    const r = this.random;
    const { buyer, seller } = m.project;
    const actorOf = (party: Party) => (party === 'customer' ? buyer : seller);
    const out: Action[] = [];
    if (m.project.draft) return out; // nothing moves on a draft (its refusals are planned in candidates)
    const stream = `milestone-${m.originalId}`;
    const act = (label: string, run: () => Promise<unknown>): Action => ({
      label: `${label} (milestone ${m.handle})`,
      stream,
      run: async () => void (await run()),
    });
    // Every draw of the PRNG happens now, while planning, never inside an action: actions run
    // concurrently and finish in any order.
    const send = (actor: Actor, method: 'POST' | 'PUT', path: string, body: unknown) => {
      const delivery = this.delivery();
      return () => this.send(actor, method, path, body, delivery);
    };

    // The approval that agrees a version records it on the project's stream (the agreement lists it).
    const agreeing = { mayAppendTo: [`job-${m.project.jobId}`] };
    if (!isLocked(s)) {
      for (const v of s.versions.filter((x) => x.status === 'proposed')) {
        for (const party of ['customer', 'company'] as Party[]) {
          if (v.approvals[party] !== 'approved')
            out.push({
              ...act(`${party} approves version`, send(actorOf(party), 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true })),
              ...(v.approvals[party === 'customer' ? 'company' : 'customer'] === 'approved' ? agreeing : {}),
            });
          if (v.approvals[party] === 'pending' && r.chance(0.3))
            out.push(
              act(
                `${party} rejects version`,
                send(actorOf(party), 'POST', '/api/milestone/approval', { milestone_id: v.versionId, reject: true, reason: 'Please change it.' }),
              ),
            );
        }
        if (v.approvals.customer !== 'approved' && v.approvals.company !== 'approved') {
          // Both at once: the two approvals race on one stream and must both land.
          const both = [
            send(buyer, 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true }),
            send(seller, 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true }),
          ];
          out.push({ ...act('both approve at once', async () => void (await Promise.all(both.map((run) => run())))), ...agreeing });
        }
      }
      if (!isSettledOut(s) && s.versions.some((v) => v.status === 'proposed' && (v.approvals.customer === 'rejected' || v.approvals.company === 'rejected'))) {
        const proposer = r.chance(0.5) ? buyer : seller;
        out.push(act('edit proposed', send(proposer, 'POST', '/api/milestone', { ...this.milestoneBody(m.project), original_id: m.originalId })));
      }
    }
    if (currentVersion(s) && !pendingDeposit(s) && !isFunded(s) && !isSettledOut(s) && s.refunds.length === 0) {
      const replaceAccount = m.project.account !== 'good' && s.deposits.some((d) => d.status === 'failed' || d.status === 'returned');
      const link = send(buyer, 'POST', '/api/bank-accounts', {
        purpose: 'deposit',
        job_id: m.project.jobId,
        holder_name: buyer.user.name,
        routing_number: ROUTING,
        account_number: ACCOUNT_NUMBERS.good,
      });
      const deposit = send(buyer, 'POST', '/api/milestone/deposit', { milestone_id: m.originalId });
      out.push({
        ...act('buyer deposits', async () => {
          if (replaceAccount) {
            // After a failed or returned ACH debit the buyer links another account for the project.
            await link();
            m.project.account = 'good';
          }
          // Both sign the agreement as it reads now (a milestone agreed since changed it), then
          // the buyer deposits. A milestone of the project agreed in the same round may change
          // the text between the two: the deposit is then refused (nothing recorded) and both sign again.
          for (let attempt = 1; ; attempt++) {
            await this.signAgreementAsItReadsNow(m.project);
            try {
              await deposit();
              return;
            } catch (error) {
              if (attempt >= 10 || !/escrow agreement/.test((error as Error).message)) throw error;
            }
          }
        }),
        alsoTouches: [`job-${m.project.jobId}`],
      });
    }
    const dispute = openDispute(s);
    if (isFunded(s) && !s.completedByBoth && !dispute && !isSettledOut(s)) {
      for (const party of ['customer', 'company'] as Party[]) {
        if (!s.completion[party])
          out.push(act(`${party} marks complete`, send(actorOf(party), 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: true })));
        else if (r.chance(0.3))
          out.push(act(`${party} takes completion back`, send(actorOf(party), 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: false })));
      }
      if (!s.completion.customer && !s.completion.company) {
        const both = [
          send(buyer, 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: true }),
          send(seller, 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: true }),
        ];
        out.push(act('both mark complete at once', async () => void (await Promise.all(both.map((run) => run())))));
      }
    }
    if (held(s).gt(0) && !dispute && !s.completedByBoth && r.chance(0.5)) {
      const party: Party = r.chance(0.6) ? 'customer' : 'company';
      out.push(
        act(
          `${party} opens a dispute`,
          send(actorOf(party), 'POST', `/api/milestone/${m.originalId}/dispute`, { statement: 'The work does not meet the criteria.' }),
        ),
      );
    }
    if (dispute && !dispute.response) {
      const responder = dispute.openedByParty === 'customer' ? seller : buyer;
      out.push(act('dispute answered', send(responder, 'POST', `/api/milestone/${m.originalId}/dispute/respond`, { statement: 'It does; see the photos.' })));
    }
    const proposal = dispute?.status === 'open' ? dispute.proposal : null;
    if (proposal) {
      // Four eyes: a resolution above FOUR_EYES_ABOVE waits for a different administrator, who
      // approves it (or rejects it, and the next round proposes again).
      const other = this.actors.admins.find((a) => a.user.userId !== proposal.by) ?? r.pick(this.actors.admins);
      const verdict = proposal.stale || r.chance(0.2) ? 'reject' : 'approve';
      out.push(
        act(
          `another admin ${verdict}s the proposed ${proposal.resolution}`,
          send(other, 'POST', `/api/admin/milestones/${m.originalId}/dispute/resolution/${verdict}`, { proposal_id: proposal.proposalId }),
        ),
      );
    } else if (dispute) {
      const resolution = r.pick(['release', 'refund', 'split'] as const);
      const inEscrow = held(s);
      const cents = inEscrow.times(100).toNumber();
      const refundAmount = resolution === 'split' && cents >= 2 ? formatAmount(money(r.int(1, cents - 1)).dividedBy(100)) : null;
      if (resolution !== 'split' || refundAmount) {
        const admin = r.pick(this.actors.admins);
        out.push(
          act(
            `admin resolves by ${resolution}`,
            send(admin, 'POST', `/api/admin/milestones/${m.originalId}/dispute/resolve`, {
              resolution,
              refund_amount: refundAmount,
              note: 'Decided on the evidence.',
            }),
          ),
        );
      }
    }
    // The response deadline is 0 days in the simulation: once funded, the buyer may claim it back.
    if (held(s).gt(0) && !dispute && !s.completion.company && s.responseDeadline && r.chance(0.3)) {
      out.push(act('buyer claims the deadline refund', send(buyer, 'POST', `/api/milestone/${m.originalId}/refund-claim`, {})));
    }
    // Lien waivers: payees sign late (some rounds pass first) or never; the payment waits for them.
    for (const w of awaitingConditionalWaivers(s)) {
      const id = `${m.originalId}/${w.payment}/${w.payeeId}`;
      if (!this.neverSigns.has(id)) this.neverSigns.set(id, r.chance(0.1));
      if (this.neverSigns.get(id) || !r.chance(0.7)) continue;
      out.push(act(`payee signs the conditional waiver of a ${w.payment}`, this.signWaiver(m, w.companyId, w.payment, w.payeeId, 'conditional')));
    }
    for (const w of waiversOf(s).filter((x) => x.kind === 'unconditional' && x.waiver?.signedBy == null)) {
      if (r.chance(0.15))
        out.push(act(`payee signs the unconditional waiver of a ${w.payment}`, this.signWaiver(m, w.companyId, w.payment, w.payeeId, 'unconditional')));
    }
    return out;
  }

  /** The user of the payee company reads its waiver's text (its hash names what it signs) and signs it with its own name. */
  private signWaiver(m: Milestone, companyId: number, payment: 'disbursement' | 'retainage', payeeId: number, kind: 'conditional' | 'unconditional') {
    const signer = [m.project.seller, ...this.actors.subUsers].find((a) => a.companyId === companyId);
    if (!signer) throw new Error(`no user of company ${companyId} to sign its waiver`);
    const delivery = this.delivery();
    return async () => {
      const waivers = await this.commands.read<{ payment: string; mp_id: number; kind: string; can_sign: boolean; waiver_hash: string | null }[]>(
        signer.client,
        `/api/milestone/${m.originalId}/waivers`,
      );
      const waiver = waivers.find((w) => w.payment === payment && w.mp_id === payeeId && w.kind === kind);
      if (!waiver?.can_sign || !waiver.waiver_hash) throw new Error(`the ${kind} waiver of ${payment} ${payeeId} cannot be signed by ${signer.name}`);
      await this.send(
        signer,
        'POST',
        `/api/milestone/${m.originalId}/waivers/sign`,
        { payment, mp_id: payeeId, kind, signed_name: signer.user.name, waiver_hash: waiver.waiver_hash },
        delivery,
      );
    };
  }

  /** Retainage held by a submitted project's milestones that are all paid out: its release is under way. */
  private inRelease(project: Project): boolean {
    const states = this.milestones.filter((m) => m.project === project).map((m) => this.states.get(m.originalId));
    if (project.draft || states.length === 0 || states.some((x) => !x || x.status !== 'active')) return false;
    const active = states as ActiveMilestone[];
    return sum(active.map(retainageHeld)).gt(0) && active.every(isPaidOut);
  }

  /**
   * The project's retainage release: asked for by one party once every milestone is paid out,
   * approved or disputed by the other; a dispute resolved by an admin (release or refund).
   */
  private retainageActions(project: Project): Action[] {
    const r = this.random;
    const state = this.projectStates.get(project.jobId);
    if (project.draft || !state || state.status !== 'submitted') return [];
    const states = this.milestones
      .filter((m) => m.project === project)
      .map((m) => this.states.get(m.originalId))
      .filter((x): x is ActiveMilestone => x?.status === 'active');
    if (!sum(states.map(retainageHeld)).gt(0)) return [];
    const { request, dispute } = (state as ActiveProject).retainage;
    const stream = `job-${project.jobId}`;
    const actorOf = (party: Party) => (party === 'customer' ? project.buyer : project.seller);
    const act = (label: string, actor: Actor, path: string, body: unknown): Action => {
      const delivery = this.delivery();
      return { label: `${label} (project ${project.handle})`, stream, run: async () => void (await this.send(actor, 'POST', path, body, delivery)) };
    };
    const out: Action[] = [];
    if (dispute?.proposal) {
      const proposal = dispute.proposal;
      const other = this.actors.admins.find((a) => a.user.userId !== proposal.by) ?? r.pick(this.actors.admins);
      // Retainage withheld since the proposal (a later payout) makes it stale: the rules refuse its
      // approval (409), and the admin rejects it, as the refusal asks.
      const holding = states.filter((s) => retainageHeld(s).gt(0));
      const ids = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
      const stale = !sum(holding.map(retainageHeld)).eq(money(proposal.amount)) || ids(holding.map((s) => s.originalId)) !== ids(proposal.milestoneIds);
      const verdict = stale || r.chance(0.2) ? 'reject' : 'approve';
      out.push(
        act(
          `another admin ${verdict}s the proposed retainage ${proposal.resolution}`,
          other,
          `/api/admin/job/${project.jobId}/retainage/resolution/${verdict}`,
          {
            proposal_id: proposal.proposalId,
          },
        ),
      );
      return out;
    }
    if (dispute) {
      const resolution = r.pick(['release', 'refund'] as const);
      out.push(
        act(`admin resolves the retainage dispute by ${resolution}`, r.pick(this.actors.admins), `/api/admin/job/${project.jobId}/retainage/resolve`, {
          resolution,
        }),
      );
      return out;
    }
    const disputer: Party = r.chance(0.5) ? 'customer' : 'company';
    if (r.chance(0.1))
      out.push(act('retainage disputed', actorOf(disputer), `/api/job/${project.jobId}/retainage/dispute`, { statement: 'The punch list is open.' }));
    if (!this.inRelease(project)) return out;
    if (request) {
      const other: Party = request.party === 'customer' ? 'company' : 'customer';
      if (r.chance(0.8)) out.push(act('retainage release approved', actorOf(other), `/api/job/${project.jobId}/retainage/approve`, {}));
    } else if (r.chance(0.8)) {
      out.push(act('retainage release asked for', actorOf(r.chance(0.5) ? 'customer' : 'company'), `/api/job/${project.jobId}/retainage/request`, {}));
    }
    return out;
  }

  /**
   * A project as people start one: a draft with its first milestone, then (most of the time)
   * submitted and signed by both parties; some buyers' accounts fail or come back late.
   */
  private newProject(): Action {
    const r = this.random;
    const handle = this.nextHandle++;
    const milestoneHandle = this.nextHandle++;
    const deliveries = Array.from({ length: 6 }, () => this.delivery());
    const buyer = r.pick(this.actors.buyers);
    const seller = r.pick(this.actors.sellers);
    const customerInitiated = r.chance(0.4);
    const roll = r.next();
    const account: Project['account'] = roll < 0.15 ? 'failing' : roll < 0.3 ? 'lateReturn' : 'good';
    const staysDraft = r.chance(0.15);
    const service = r.pick(SERVICES);
    const starter = customerInitiated ? buyer : seller;
    // Six projects in ten set retainage and most name their job site's state (their payments exchange lien waivers).
    const terms = r.chance(0.6)
      ? { retainage_percent: r.pick(['5', '10', '2.5', '7.25', '0']), site_state: r.pick(['AZ', 'ID', 'NV', 'UT', 'AZ', null] as (string | null)[]) }
      : null;
    const termsDelivery = this.delivery();
    const project: Project = { handle, jobId: 0, buyer, seller, starter, draft: true, account, terms };
    const first = this.milestoneBody(project);
    return {
      label: `new project (${customerInitiated ? 'buyer' : 'seller'} starts it${staysDraft ? ', kept a draft' : ''})`,
      stream: `new-project-${handle}`,
      run: async () => {
        const created = await this.send(
          starter,
          'POST',
          '/api/job/basic',
          { customer_id: buyer.user.userId, service, primary_company_id: seller.companyId, customerInitiated },
          deliveries[0]!,
        );
        project.jobId = created.job_id as number;
        if (terms) await this.send(starter, 'PUT', `/api/job/${project.jobId}/terms`, terms, termsDelivery);
        const milestone = await this.send(starter, 'POST', '/api/milestone', { ...first, job_id: project.jobId }, deliveries[1]!);
        if (!staysDraft) await this.submitAndSign(project, deliveries.slice(2));
        this.projects.push(project);
        this.projects.sort((a, b) => a.handle - b.handle);
        this.milestones.push({ handle: milestoneHandle, project, originalId: milestone.original_id as number });
        this.milestones.sort((a, b) => a.handle - b.handle);
      },
    };
  }

  private submitDraft(project: Project): Action {
    const deliveries = Array.from({ length: 4 }, () => this.delivery());
    return { label: `draft ${project.handle} submitted`, stream: `job-${project.jobId}`, run: () => this.submitAndSign(project, deliveries) };
  }

  /** Submits the project, both parties sign its agreement, the buyer links the project's account. */
  private async submitAndSign(project: Project, deliveries: { copies: number; resendAfter: boolean }[]): Promise<void> {
    await this.send(project.starter, 'PUT', `/api/job/${project.jobId}/draft`, { isDraft: false }, deliveries[0]!);
    for (const [party, actor, delivery] of [
      ['customer', project.buyer, deliveries[1]!],
      ['company', project.seller, deliveries[2]!],
    ] as const) {
      // The party that did not start the project may be asked through a process whose read
      // models have not seen it yet: a 404 there means "not yet".
      const agreement = await this.commands.read<{ agreement_hash: string }>(
        actor.client,
        `/api/job/${project.jobId}/agreement`,
        () => true,
        actor === project.starter ? [] : [404],
      );
      await this.send(
        actor,
        'POST',
        `/api/job/${project.jobId}/agreement/sign`,
        { signer_type: party, signed_name: actor.user.name, agreement_hash: agreement.agreement_hash },
        delivery,
      );
    }
    if (project.account !== 'good') {
      await this.send(
        project.buyer,
        'POST',
        '/api/bank-accounts',
        {
          purpose: 'deposit',
          job_id: project.jobId,
          holder_name: project.buyer.user.name,
          routing_number: ROUTING,
          account_number: ACCOUNT_NUMBERS[project.account],
        },
        deliveries[3]!,
      );
    }
    project.draft = false;
  }

  /**
   * Each party that has not signed the project's agreement as it reads now signs it. Another
   * action may sign the same text at the same moment (409: already signed) or change it (400:
   * changed since read): both leave the caller to check what the deposit says.
   */
  private async signAgreementAsItReadsNow(project: Project): Promise<void> {
    for (const [party, actor, answerKey] of [
      ['customer', project.buyer, 'buyer'],
      ['company', project.seller, 'seller'],
    ] as const) {
      const agreement = await this.commands.read<{ agreement_hash: string; signatures: Record<'buyer' | 'seller', unknown> }>(
        actor.client,
        `/api/job/${project.jobId}/agreement`,
      );
      if (agreement.signatures[answerKey]) continue;
      await this.commands.send(
        actor.client,
        'POST',
        `/api/job/${project.jobId}/agreement/sign`,
        { signer_type: party, signed_name: actor.user.name, agreement_hash: agreement.agreement_hash },
        { accept: [400, 409] },
      );
    }
  }

  private newMilestone(project: Project): Action {
    // A draft exists only for its starter.
    const proposer = project.draft ? project.starter : this.random.chance(0.7) ? project.seller : project.buyer;
    const body = this.milestoneBody(project);
    const handle = this.nextHandle++;
    const delivery = this.delivery();
    return {
      label: `new milestone on project ${project.handle}`,
      stream: `new-milestone-${project.handle}`,
      // The project's stream lists each milestone added to it (ProjectMilestoneAdded).
      mayAppendTo: [`job-${project.jobId}`],
      run: async () => {
        const created = await this.send(proposer, 'POST', '/api/milestone', body, delivery);
        this.milestones.push({ handle, project, originalId: created.original_id as number });
        this.milestones.sort((a, b) => a.handle - b.handle);
      },
    };
  }

  private milestoneBody(project: Project) {
    const r = this.random;
    const amount = `${r.int(100, 90_000)}.${String(r.int(0, 99)).padStart(2, '0')}`;
    const seller = project.seller.companyId!;
    const [subA, subB] = this.actors.subCompanies;
    const shapes = [
      [{ jc_id: seller, type: 'fixed', amount, includeFee: r.chance(0.3) }],
      [
        { jc_id: seller, type: 'percent', percentage: String(r.int(10, 80)), includeFee: r.chance(0.3) },
        { jc_id: subA, type: 'remainder', includeFee: r.chance(0.3) },
      ],
      [
        { jc_id: seller, type: 'fixed', amount: formatAmount(money(amount).dividedBy(3).floor()), includeFee: false },
        { jc_id: subA, type: 'percent', percentage: '25', includeFee: true },
        { jc_id: subB, type: 'remainder', includeFee: r.chance(0.5) },
      ],
      // Boundary amounts: the largest milestone the rules accept, and cents whose fee is one cent in all.
      [{ jc_id: seller, type: 'fixed', amount: '977995110.01', includeFee: false }],
      [
        { jc_id: seller, type: 'fixed', amount: '0.20', includeFee: false },
        { jc_id: subA, type: 'fixed', amount: '0.20', includeFee: false },
        { jc_id: subB, type: 'fixed', amount: '0.20', includeFee: true },
      ],
      [
        { jc_id: seller, type: 'percent', percentage: '33.33', includeFee: false },
        { jc_id: subA, type: 'percent', percentage: '33.33', includeFee: true },
        { jc_id: subB, type: 'percent', percentage: '33.34', includeFee: false },
      ],
    ];
    const shape = r.pick(shapes);
    const title = r.pick(['', 'Phase', 'Roof 🏠 \u200fمرحلة', "O'Brien; DROP TABLE jobs"]);
    return {
      job_id: project.jobId,
      title,
      definition: 'Done, inspected and accepted.',
      amount: shape === shapes[3] || shape === shapes[4] ? undefined : amount,
      payees: shape,
    };
  }

  private refused(
    m: Milestone,
    what: string,
    actor: Actor,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    status: number,
    stream = `milestone-${m.originalId}`,
    key?: string,
  ): Action {
    return {
      label: `${what} (milestone ${m.handle}), refused with ${status}`,
      stream,
      refusedWith: status,
      run: async () => {
        const answer = await this.commands.send(actor.client, method, path, body, { accept: [status], key });
        if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
        if (typeof (answer.body as { message?: unknown })?.message !== 'string') throw new Error(`${what}: the ${status} carries no message`);
        this.refusals.push({ label: what, status });
      },
    };
  }

  /**
   * A command with a fresh key. Sometimes the client sends it twice at once (a double click, a
   * retry racing a slow answer) and sometimes again after its answer (the answer was lost):
   * every copy must answer like the first and append nothing more.
   */
  private delivery(): { copies: number; resendAfter: boolean } {
    return { copies: this.random.chance(0.1) ? 2 : 1, resendAfter: this.random.chance(0.1) };
  }

  private async send(
    actor: Actor,
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    { copies, resendAfter }: { copies: number; resendAfter: boolean },
  ): Promise<any> {
    const key = newKey();
    this.usedKeys.push({ actor, key });
    // Every copy is waited for: one refused while another went through is itself the failure to
    // report (a first rejection alone would pass for a plain refusal, and the action would be
    // tried again with a new key against a milestone that copy had changed).
    const settled = await Promise.allSettled(Array.from({ length: copies }, () => this.commands.send(actor.client, method, path, body, { key })));
    if (resendAfter) settled.push(...(await Promise.allSettled([this.commands.send(actor.client, method, path, body, { key })])));
    const outcomes = new Set(
      settled.map((r) =>
        r.status === 'fulfilled'
          ? String(r.value.status)
          : r.reason instanceof RefusedAnswer
            ? `${r.reason.status} ${r.reason.refusal}`
            : (r.reason as Error).message,
      ),
    );
    if (outcomes.size > 1) throw new Error(`${method} ${path}: copies with key ${key} answered differently: ${[...outcomes].join(' | ')}`);
    const first = settled[0]!;
    if (first.status === 'rejected') throw first.reason;
    return first.value.body;
  }
}
