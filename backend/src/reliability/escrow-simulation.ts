import {
  currentVersion,
  evolveMilestone,
  formatAmount,
  held,
  initialMilestoneState,
  isFunded,
  isLocked,
  isSettledOut,
  money,
  openDispute,
  pendingDeposit,
  type ActiveMilestone,
  type MilestoneEvent,
  type MilestoneState,
  type Party,
} from '@escrow/domain';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { CreatedUser } from '../test-support/http-session';
import type { ApiClient } from './http-client';
import { newKey } from './http-client';
import type { RetryingCommands } from './retrying-commands';
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
  /** The buyer's bank account for this project fails like ACH return R01 until replaced. */
  failingAccount: boolean;
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
  /** A command that must be refused: the answer's status, and the stream must not change. */
  refusedWith?: number;
  run(): Promise<void>;
}

const SERVICES = ['General Contracting', 'Roofing', 'Electrical'];
const ROUTING = '011000015';

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
  private nextHandle = 0;

  constructor(
    private readonly random: SeededRandom,
    private readonly actors: { buyers: Actor[]; sellers: Actor[]; admins: Actor[]; outsider: Actor; subCompanies: number[] },
    private readonly commands: RetryingCommands,
    private readonly pool: Pool,
  ) {}

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
  }

  /** The actions of one round: up to `max`, at most one per stream. */
  planRound(max: number): Action[] {
    const r = this.random;
    const candidates = this.candidates();
    const chosen: Action[] = [];
    const streams = new Set<string>();
    const wanted = r.int(1, max);
    while (chosen.length < wanted && candidates.length > 0) {
      const [action] = candidates.splice(r.int(0, candidates.length - 1), 1);
      if (streams.has(action!.stream)) continue;
      streams.add(action!.stream);
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
        s.disbursements.map((d) => `${d.status}:${d.amount}+${d.fee}`).sort().join(','),
        s.refunds.map((x) => `${x.status}:${x.amount}`).join(','),
        s.disputes.map((d) => `${d.status}:${d.resolution?.resolution ?? '-'}`).join(','),
        `${s.completion.customer}/${s.completion.company}/${s.completedByBoth}`,
        formatAmount(held(s)),
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
      if (this.milestones.filter((m) => m.project === project).length < 4) list.push(this.newMilestone(project));
    }
    for (const m of this.milestones) {
      const s = this.states.get(m.originalId);
      if (!s || s.status !== 'active') continue;
      list.push(...this.milestoneActions(m, s));
    }
    // A few commands that must be refused and change nothing.
    const someMilestone = this.milestones.length ? r.pick(this.milestones) : null;
    if (someMilestone && this.states.get(someMilestone.originalId)?.status === 'active') {
      const s = this.states.get(someMilestone.originalId) as ActiveMilestone;
      list.push(this.refused(someMilestone, 'an outsider approves', this.actors.outsider, 'POST', '/api/milestone/approval', { milestone_id: s.versions.at(-1)!.versionId, approve: true }, 403));
      list.push(this.refused(someMilestone, 'the seller deposits', someMilestone.project.seller, 'POST', '/api/milestone/deposit', { milestone_id: someMilestone.originalId }, 403));
      if (!isFunded(s) && !s.completedByBoth && !isSettledOut(s)) {
        list.push(this.refused(someMilestone, 'completion before funding', someMilestone.project.seller, 'PUT', `/api/milestone/${someMilestone.originalId}/complete`, { complete: true }, 409));
      }
    }
    return list;
  }

  private milestoneActions(m: Milestone, s: ActiveMilestone): Action[] {
    const r = this.random;
    const { buyer, seller } = m.project;
    const actorOf = (party: Party) => (party === 'customer' ? buyer : seller);
    const out: Action[] = [];
    const stream = `milestone-${m.originalId}`;
    const act = (label: string, run: () => Promise<unknown>): Action => ({ label: `${label} (milestone ${m.handle})`, stream, run: async () => void (await run()) });
    // Every draw of the PRNG happens now, while planning, never inside an action: actions run
    // concurrently and finish in any order.
    const send = (actor: Actor, method: 'POST' | 'PUT', path: string, body: unknown) => {
      const delivery = this.delivery();
      return () => this.send(actor, method, path, body, delivery);
    };

    if (!isLocked(s)) {
      for (const v of s.versions.filter((x) => x.status === 'proposed')) {
        for (const party of ['customer', 'company'] as Party[]) {
          if (v.approvals[party] !== 'approved') out.push(act(`${party} approves version`, send(actorOf(party), 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true })));
          if (v.approvals[party] === 'pending' && r.chance(0.3)) out.push(act(`${party} rejects version`, send(actorOf(party), 'POST', '/api/milestone/approval', { milestone_id: v.versionId, reject: true, reason: 'Please change it.' })));
        }
        if (v.approvals.customer !== 'approved' && v.approvals.company !== 'approved') {
          // Both at once: the two approvals race on one stream and must both land.
          const both = [
            send(buyer, 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true }),
            send(seller, 'POST', '/api/milestone/approval', { milestone_id: v.versionId, approve: true }),
          ];
          out.push(act('both approve at once', async () => void (await Promise.all(both.map((run) => run())))));
        }
      }
      if (!isSettledOut(s) && s.versions.some((v) => v.status === 'proposed' && (v.approvals.customer === 'rejected' || v.approvals.company === 'rejected'))) {
        const proposer = r.chance(0.5) ? buyer : seller;
        out.push(act('edit proposed', send(proposer, 'POST', '/api/milestone', { ...this.milestoneBody(m.project), original_id: m.originalId })));
      }
    }
    if (currentVersion(s) && !pendingDeposit(s) && !isFunded(s) && !isSettledOut(s) && s.refunds.length === 0) {
      const replaceAccount = m.project.failingAccount && s.deposits.some((d) => d.status === 'failed');
      const link = send(buyer, 'POST', '/api/bank-accounts', { purpose: 'deposit', job_id: m.project.jobId, holder_name: 'Olivia Owner', routing_number: ROUTING, account_number: '000123456789' });
      const deposit = send(buyer, 'POST', '/api/milestone/deposit', { milestone_id: m.originalId });
      out.push(act('buyer deposits', async () => {
        if (replaceAccount) {
          // After a returned ACH debit the buyer links another account for the project.
          await link();
          m.project.failingAccount = false;
        }
        await deposit();
      }));
    }
    const dispute = openDispute(s);
    if (isFunded(s) && !s.completedByBoth && !dispute && !isSettledOut(s)) {
      for (const party of ['customer', 'company'] as Party[]) {
        if (!s.completion[party]) out.push(act(`${party} marks complete`, send(actorOf(party), 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: true })));
        else if (r.chance(0.3)) out.push(act(`${party} takes completion back`, send(actorOf(party), 'PUT', `/api/milestone/${m.originalId}/complete`, { complete: false })));
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
      out.push(act(`${party} opens a dispute`, send(actorOf(party), 'POST', `/api/milestone/${m.originalId}/dispute`, { statement: 'The work does not meet the criteria.' })));
    }
    if (dispute && !dispute.response) {
      const responder = dispute.openedByParty === 'customer' ? seller : buyer;
      out.push(act('dispute answered', send(responder, 'POST', `/api/milestone/${m.originalId}/dispute/respond`, { statement: 'It does; see the photos.' })));
    }
    if (dispute) {
      const resolution = r.pick(['release', 'refund', 'split'] as const);
      const inEscrow = held(s);
      const cents = inEscrow.times(100).toNumber();
      const refundAmount = resolution === 'split' && cents >= 2 ? formatAmount(money(r.int(1, cents - 1)).dividedBy(100)) : null;
      if (resolution !== 'split' || refundAmount) {
        const admin = r.pick(this.actors.admins);
        out.push(act(`admin resolves by ${resolution}`, send(admin, 'POST', `/api/admin/milestones/${m.originalId}/dispute/resolve`, { resolution, refund_amount: refundAmount, note: 'Decided on the evidence.' })));
      }
    }
    // The response deadline is 0 days in the simulation: once funded, the buyer may claim it back.
    if (held(s).gt(0) && !dispute && !s.completion.company && s.responseDeadline && r.chance(0.3)) {
      out.push(act('buyer claims the deadline refund', send(buyer, 'POST', `/api/milestone/${m.originalId}/refund-claim`, {})));
    }
    return out;
  }

  private newProject(): Action {
    const r = this.random;
    const handle = this.nextHandle++;
    const deliveries = [this.delivery(), this.delivery(), this.delivery()];
    const buyer = r.pick(this.actors.buyers);
    const seller = r.pick(this.actors.sellers);
    const customerInitiated = r.chance(0.4);
    const failingAccount = r.chance(0.25);
    const service = r.pick(SERVICES);
    return {
      label: `new project (${customerInitiated ? 'buyer' : 'seller'} starts it)`,
      stream: `new-project-${handle}`,
      run: async () => {
        const starter = customerInitiated ? buyer : seller;
        const created = await this.send(starter, 'POST', '/api/job/basic', { customer_id: buyer.user.userId, service, primary_company_id: seller.companyId, customerInitiated }, deliveries[0]!);
        const jobId = created.job_id as number;
        await this.send(starter, 'PUT', `/api/job/${jobId}/draft`, { isDraft: false }, deliveries[1]!);
        if (failingAccount) {
          await this.send(buyer, 'POST', '/api/bank-accounts', { purpose: 'deposit', job_id: jobId, holder_name: 'Olivia Owner', routing_number: ROUTING, account_number: '000000000002' }, deliveries[2]!);
        }
        this.projects.push({ handle, jobId, buyer, seller, failingAccount });
        this.projects.sort((a, b) => a.handle - b.handle);
      },
    };
  }

  private newMilestone(project: Project): Action {
    const proposer = this.random.chance(0.7) ? project.seller : project.buyer;
    const body = this.milestoneBody(project);
    const handle = this.nextHandle++;
    const delivery = this.delivery();
    return {
      label: `new milestone on project ${project.handle}`,
      stream: `new-milestone-${project.handle}`,
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
    ];
    return { job_id: project.jobId, title: r.chance(0.2) ? '' : 'Phase', definition: 'Done, inspected and accepted.', amount, payees: r.pick(shapes) };
  }

  private refused(m: Milestone, what: string, actor: Actor, method: 'POST' | 'PUT', path: string, body: unknown, status: number): Action {
    return {
      label: `${what} (milestone ${m.handle}), refused with ${status}`,
      stream: `milestone-${m.originalId}`,
      refusedWith: status,
      run: async () => {
        const answer = await this.commands.send(actor.client, method, path, body, { accept: [status] });
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

  private async send(actor: Actor, method: 'POST' | 'PUT', path: string, body: unknown, { copies, resendAfter }: { copies: number; resendAfter: boolean }): Promise<any> {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: copies }, () => this.commands.send(actor.client, method, path, body, { key })));
    if (resendAfter) answers.push(await this.commands.send(actor.client, method, path, body, { key }));
    const statuses = new Set(answers.map((a) => a.status));
    if (statuses.size > 1) throw new Error(`${method} ${path}: copies with one key answered ${[...statuses].join(' and ')}`);
    return answers[0]!.body;
  }
}
