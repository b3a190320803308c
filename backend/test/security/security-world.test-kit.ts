import type { CompanyRole, GlobalPosition } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';

import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { OneTimeCodes } from '../../src/identity/one-time-codes';
import { linkVerifiedPayoutAccount } from '../support/bank-accounts';
import { signAgreement } from '../support/escrow-flows';
import { eventually } from '../support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, enrolTotp, type HttpAnswer, HttpSession, startSession } from '../support/http-session';
import { afterAnswers, createTestApp, type TestApp } from '../support/test-app';

/** Who calls: nobody, the project's two parties, outsiders of the same kinds, and an admin. */
export const ROLES = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;

/**
 * Issue 37: members of the seller's company besides its owner (the seller), each with a second
 * factor and a stepped-up session. What they get is derived from the permission table, not
 * written per route (route-matrix.test-kit.ts, memberExpectation).
 */
export const MEMBER_ROLES = ['sellerFinance', 'sellerProjectManager', 'sellerViewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_COMPANY_ROLE: Record<MemberRole, CompanyRole> = {
  sellerFinance: 'finance',
  sellerProjectManager: 'project_manager',
  sellerViewer: 'viewer',
};
/**
 * Issue 38: the certifier the buyer named on the world's progress-billed project (and on each
 * fresh one billed against its schedule): a user of no company, who reads that billing and
 * certifies, and nothing else. What they get is an outsider's unless a route says otherwise
 * (route-matrix.test-kit.ts, certifierExpectation).
 */
export const CERTIFIER = 'certifier';
/** Every caller of the matrix: the six kinds, the seller's colleagues and the certifier. */
export type Caller = Role | MemberRole | typeof CERTIFIER;

export const ROLE_NAMES: Record<Caller, string> = {
  anonymous: 'anonymous',
  buyer: 'the buyer',
  otherBuyer: 'another buyer',
  seller: 'the seller',
  otherSeller: 'another seller',
  admin: 'an admin',
  sellerFinance: "the seller's finance member",
  sellerProjectManager: "the seller's project manager",
  sellerViewer: "the seller's viewer",
  certifier: "the project's certifier",
};

type MilestoneState = 'proposed' | 'approved' | 'funded' | 'paid' | 'disputed';
/**
 * A project with 5% retainage and its job site in Arizona whose one milestone pays the seller:
 * `awaitingWaiver` completed, its payout waiting for the seller's conditional lien waiver;
 * `paidOut` paid out with its retainage held; then a release asked for by a party, or a dispute.
 */
type RetainedState = 'awaitingWaiver' | 'paidOut' | 'requestedByBuyer' | 'requestedBySeller' | 'disputed';
/**
 * A progress-billed project (issue 38): `draft` chose progress billing; `submitted` has no
 * schedule yet; `proposed` a schedule version waiting for the buyer; `scheduled` an approved
 * schedule; then a certifier named, a change order proposed by the seller, pay application 1
 * submitted, or certified with a reduced line (waiting for the seller's acceptance);
 * `awaitingWaiver`, its job site in Arizona, paid application 1's payout to the seller waiting
 * for the seller's conditional lien waiver (`payoutId`); or
 * `retained`: application 1 certified as billed and paid from a cleared deposit, its retainage
 * held, then its release asked for by a party.
 */
type BilledState =
  | 'draft'
  | 'submitted'
  | 'proposed'
  | 'scheduled'
  | 'signed'
  | 'certifierNamed'
  | 'changeOrder'
  | 'applied'
  | 'certified'
  | 'awaitingWaiver'
  | 'funded'
  | 'returnAsked'
  | 'retained'
  | 'releaseRequestedByBuyer'
  | 'releaseRequestedBySeller';
interface Billed {
  jobId: number;
  versionId: number | null;
  changeOrderId: number | null;
  payoutId?: number;
}

export interface SecurityWorld {
  app: TestApp;
  users: Record<SignedInRole | MemberRole | typeof CERTIFIER, CreatedUser> & { loginTarget: CreatedUser };
  companies: { seller: number; otherSeller: number; payee: number };
  /** A submitted project between the buyer and the seller, with milestones in several states. */
  jobId: number;
  /** A seller-started draft of the same parties, kept a draft. */
  draftJobId: number;
  milestones: Record<MilestoneState, number>;
  /** The agreement of the project, signed by the buyer (and the seller) before the first deposit. */
  contractName: string;
  /** A pending contractor application. */
  applicationId: number;
  /** A retained project paid out (retainage held) and its milestone; the name of its seller's signed waiver. */
  retained: { jobId: number; milestone: number; waiverName: string };
  /** The seller company's webhook endpoint, and a delivery of it (a failed one, ready for a re-send). */
  webhook: { endpointId: number; deliveryId: string };
  /**
   * A progress-billed project with an approved schedule, a change order the seller proposed and
   * pay application 1 submitted; a user the buyer may name as certifier; a seller-started draft.
   */
  billing: Billed & { changeOrderId: number; certifierId: number; draftJobId: number };
  /** A client with a fresh session of the role (none for anonymous) and its own client address. */
  client(role: Caller): Promise<HttpSession>;
  /** The parties' own long-lived sessions, for building state. */
  party: { buyer: HttpSession; seller: HttpSession };
  fresh: {
    milestone(state: MilestoneState, options?: { disputeOpenedBy?: 'buyer' | 'seller' }): Promise<number>;
    /** A new project between the buyer and the seller: submitted (with a first milestone), or a draft (with one if asked). */
    project(options?: { draft?: boolean; withMilestone?: boolean }): Promise<number>;
    /** A user without a password (a throwaway account for the identity routes). */
    user(): Promise<CreatedUser>;
    code(purpose: 'password_reset' | 'invitation'): Promise<string>;
    application(): Promise<number>;
    retained(state: RetainedState): Promise<{ jobId: number; milestone: number }>;
    billed(state: BilledState): Promise<Billed>;
    /** A new webhook endpoint of the seller's company. */
    webhookEndpoint(): Promise<number>;
    /** A new payout account of the seller's company, pending its micro-deposits or verified. */
    payoutAccount(verified?: boolean): Promise<number>;
    /** A payout account change of the seller's company, made by a colleague of the seller and held for a minute. */
    payoutChange(): Promise<void>;
  };
  /** A payout account of the seller's company, pending its micro-deposits. */
  bankAccountId: number;
  /** Waits until no payment is in flight and every projector has caught up. */
  quiet(): Promise<void>;
  /**
   * Steps up again every session stepped up more than five minutes ago: the world's sessions are
   * stepped up when made, and a suite that runs longer than STEP_UP_WINDOW (a busy machine) would
   * otherwise meet 401 step_up_required in its set-up. Five minutes leave the window's other half
   * for the 5-second session cache to hold an older value.
   */
  keepSteppedUp(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueSuffix = () => `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;

export function ok<T>(answer: HttpAnswer<T>, what: string): HttpAnswer<T> {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * The application on a database of its own, with the six kinds of caller and a real project
 * built through the API, so that every route has something true to act on.
 */
export async function createSecurityWorld(overrides: Partial<AppConfig> = {}, options: { madeUpQueries?: boolean } = {}): Promise<SecurityWorld> {
  // The buyer may claim the deadline refund as soon as a deposit settles. No webhook deliverer:
  // the world's deliveries stay as the fixture wrote them, so a fingerprint never moves by itself.
  // A payout account change is not held (0 s): the matrix changes the seller's payout account.
  const app = await createTestApp(
    {
      payoutChangeHold: { seconds: 0 },
      paymentsSandboxSettleMs: 0,
      responseDeadlineDays: 0,
      webhooks: { ...loadConfig({}).webhooks, run: false },
      // Four eyes on every resolution, so the approve and reject routes have something to act on.
      fourEyesAbove: '0.00',
      ...overrides,
    },
    { logger: false, recordQueryNames: !options.madeUpQueries },
  );
  const pool = app.db.pool;
  const payee = await createCompany(pool, { name: 'Payee Plumbing', services: ['Plumbing'] });
  const seller = await createSeller(pool, { name: 'Saguaro Security Builders', services: ['General Contracting'] });
  const otherSeller = await createSeller(pool, { name: 'Outsider Roofing', services: ['Roofing'] });
  const users = {
    buyer: await createUser(pool, { firstName: 'Bea', lastName: 'Buyer', phone: '6025550101' }),
    otherBuyer: await createUser(pool, { firstName: 'Otto', lastName: 'Outsider', phone: '6025550102' }),
    seller,
    otherSeller,
    admin: await createUser(pool, { role: 'admin' }),
    loginTarget: await createUser(pool),
    // Members of the seller's company come with an authenticator app (createUser enrols one).
    sellerFinance: await createUser(pool, { companyId: seller.companyId, companyRole: 'finance', firstName: 'Fran', lastName: 'Finance' }),
    sellerProjectManager: await createUser(pool, { companyId: seller.companyId, companyRole: 'project_manager', firstName: 'Pat', lastName: 'Manager' }),
    sellerViewer: await createUser(pool, { companyId: seller.companyId, companyRole: 'viewer', firstName: 'Vic', lastName: 'Viewer' }),
    certifier: await createUser(pool, { firstName: 'Ada', lastName: 'Architect', phone: '6025550109' }),
  };
  // Issue 25: every caller has an authenticator app (the admin from createUser), as company users
  // managing webhooks must; loginTarget has none, so its login answers the user at once.
  for (const role of ['buyer', 'otherBuyer', 'seller', 'otherSeller', 'certifier'] as const) users[role].totpSecret = await enrolTotp(pool, users[role].userId);

  const client = async (role: Caller) => {
    const session = new HttpSession(app.http);
    if (role !== 'anonymous') session.setCookie('sid', await startSession(pool, users[role].userId));
    return session;
  };
  const party = { buyer: await client('buyer'), seller: await client('seller') };

  /**
   * Nothing in flight: every projector past the last event, then no payment instruction waiting
   * for the provider, and no event appended meanwhile (a paid instruction appends one). Asks the
   * runner for the position each projector has applied (it answers as soon as it is passed), not
   * for the checkpoints it persists: a projector that ignores an event writes its checkpoint a
   * second later, and waiting for that made every accepted fuzz run wait a second.
   */
  /**
   * The newest committed event. Not headPosition(): readers of the global order stop below any
   * transaction still open anywhere in the cluster (other test files share it), so that head can
   * lag behind events already written, and a world waiting on it could call itself quiet while
   * the projectors have yet to see them.
   */
  const newestEvent = async (): Promise<GlobalPosition | null> => {
    const { rows } = await pool.query<{ commit: string; prepare: string }>(
      `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return rows[0] ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : null;
  };
  const quiet = async () => {
    // Mails and records a request leaves for after its answer (issue 35) land before any fingerprint.
    await afterAnswers(app);
    const runner = app.http.get(ProjectionRunner);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const head = await newestEvent();
      if (head && !(await runner.waitFor(head, { timeoutMs: Math.max(1, deadline - Date.now()) }))) break;
      // Open instructions settle, and settled deposits past their return window clear, on the
      // dispatcher's next pass: both will still append events. A payout to a company with no
      // verified payout account (a request removed it) waits for one: it is not in flight.
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payment_instructions i
          WHERE (i.status = 'open' AND (i.kind NOT IN ('payout', 'retainage') OR EXISTS (
                  SELECT 1 FROM bank_account_owners o JOIN linked_bank_accounts a ON a.bank_account_id = o.payout_account_id
                   WHERE o.owner_kind = 'company' AND o.owner_id = i.company_id AND a.status = 'verified')))
             OR (i.status = 'settled' AND i.clears_at <= now())`,
      );
      const after = await newestEvent();
      if (rows[0]!.n === 0 && after?.commit === head?.commit && after?.prepare === head?.prepare) return;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the security world did not come to rest within 30 s (projectors behind, payment instructions open or deposits waiting to clear)');
  };

  const propose = (projectId: number) =>
    party.seller.post('/api/milestone', {
      job_id: projectId,
      title: `Milestone ${uniqueSuffix()}`,
      definition: 'Work done and inspected.',
      payees: [
        { jc_id: seller.companyId, type: 'fixed', amount: '1000.00' },
        { jc_id: payee, type: 'fixed', amount: '250.00' },
      ],
    });
  /** A project with its first milestone proposed and submitted (or a draft, with a milestone if asked). */
  const project = async ({ draft = false, withMilestone = !draft }: { draft?: boolean; withMilestone?: boolean } = {}) => {
    const created = ok(
      await party.seller.post('/api/job/basic', {
        customer_id: users.buyer.userId,
        customer_name: 'Bea Buyer',
        service: 'General Contracting',
        primary_company_id: seller.companyId,
        customerInitiated: false,
      }),
      'creating a project',
    );
    const projectId = created.body.job_id as number;
    if (withMilestone) ok(await propose(projectId), 'proposing the first milestone');
    if (!draft) ok(await party.seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submitting a project');
    return projectId;
  };
  const projectId = await project();

  const milestone = async (state: MilestoneState, options: { disputeOpenedBy?: 'buyer' | 'seller' } = {}): Promise<number> => {
    const proposed = ok(await propose(projectId), 'proposing a milestone');
    const id = proposed.body.m_id as number;
    if (state === 'proposed') return id;
    ok(await party.buyer.post('/api/milestone/approval', { milestone_id: id, approve: true }), 'buyer approval');
    ok(await party.seller.post('/api/milestone/approval', { milestone_id: id, approve: true }), 'seller approval');
    // The milestone changed the agreement's text: both sign it as it reads now, ready for its deposit.
    await signAgreement(party.buyer, projectId, 'customer', 'Bea Buyer');
    await signAgreement(party.seller, projectId, 'company', seller.name);
    if (state === 'approved') return id;
    ok(await party.buyer.post('/api/milestone/deposit', { milestone_id: id }), 'deposit');
    await eventually(
      () => party.buyer.get(`/api/milestone/${id}/deposits`),
      (a) => a.body?.[0]?.payment_status === 'settled',
      30_000,
    );
    if (state === 'funded') return id;
    if (state === 'disputed') {
      ok(await party[options.disputeOpenedBy ?? 'buyer'].post(`/api/milestone/${id}/dispute`, { statement: 'The work is not finished.' }), 'opening a dispute');
      return id;
    }
    ok(await party.seller.put(`/api/milestone/${id}/complete`, { complete: true }), 'seller completion');
    ok(await party.buyer.put(`/api/milestone/${id}/complete`, { complete: true }), 'buyer completion');
    await eventually(
      () => party.seller.get(`/api/milestone/${id}/disbursements`),
      (a) => a.body?.length === 2 && a.body.every((d: { status: string }) => d.status === 'paid'),
      30_000,
    );
    return id;
  };

  /** Signs the seller's lien waivers of a milestone that it may sign now; returns the name of the last one. */
  const signWaivers = async (mId: number): Promise<string> => {
    const waivers = ok(await party.seller.get(`/api/milestone/${mId}/waivers`), 'reading waivers').body as {
      can_sign: boolean;
      payment: string;
      mp_id: number;
      kind: string;
      waiver_hash: string;
    }[];
    let name = '';
    for (const w of waivers.filter((x) => x.can_sign && x.kind === 'conditional')) {
      const signed = ok(
        await party.seller.post(`/api/milestone/${mId}/waivers/sign`, {
          payment: w.payment,
          mp_id: w.mp_id,
          kind: w.kind,
          signed_name: seller.name,
          waiver_hash: w.waiver_hash,
        }),
        'signing a lien waiver',
      );
      name = signed.body.waiver_name as string;
    }
    return name;
  };
  const retained = async (state: RetainedState) => {
    const projectId = await project({ withMilestone: false, draft: true });
    ok(await party.seller.put(`/api/job/${projectId}/terms`, { retainage_percent: '5', site_state: 'AZ' }), 'setting terms');
    const id = ok(
      await party.seller.post('/api/milestone', {
        job_id: projectId,
        definition: 'Retained work.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '400.00' }],
      }),
      'proposing a retained milestone',
    ).body.m_id as number;
    ok(await party.seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submitting a project');
    ok(await party.buyer.post('/api/milestone/approval', { milestone_id: id, approve: true }), 'buyer approval');
    ok(await party.seller.post('/api/milestone/approval', { milestone_id: id, approve: true }), 'seller approval');
    await signAgreement(party.buyer, projectId, 'customer', 'Bea Buyer');
    await signAgreement(party.seller, projectId, 'company', seller.name);
    ok(await party.buyer.post('/api/milestone/deposit', { milestone_id: id }), 'deposit');
    await eventually(
      () => party.buyer.get(`/api/milestone/${id}/deposits`),
      (a) => a.body?.[0]?.cleared_at != null,
      30_000,
    );
    ok(await party.seller.put(`/api/milestone/${id}/complete`, { complete: true }), 'seller completion');
    ok(await party.buyer.put(`/api/milestone/${id}/complete`, { complete: true }), 'buyer completion');
    if (state === 'awaitingWaiver') return { jobId: projectId, milestone: id };
    await signWaivers(id);
    await eventually(
      () => party.seller.get(`/api/milestone/${id}/disbursements`),
      (a) => a.body?.[0]?.status === 'paid',
      30_000,
    );
    if (state === 'requestedByBuyer' || state === 'requestedBySeller') {
      ok(await party[state === 'requestedByBuyer' ? 'buyer' : 'seller'].post(`/api/job/${projectId}/retainage/request`, {}), 'asking for the release');
    }
    if (state === 'disputed')
      ok(await party.buyer.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'The punch list is open.' }), 'disputing retainage');
    return { jobId: projectId, milestone: id };
  };

  const billed = async (state: BilledState): Promise<Billed> => {
    const jobId = await project({ draft: true, withMilestone: false });
    ok(await party.seller.put(`/api/job/${jobId}/billing`, { method: 'progress' }), 'choosing progress billing');
    const result: Billed = { jobId, versionId: null, changeOrderId: null };
    if (state === 'draft') return result;
    if (state === 'awaitingWaiver') ok(await party.seller.put(`/api/job/${jobId}/terms`, { retainage_percent: '0', site_state: 'AZ' }), 'setting terms');
    ok(await party.seller.put(`/api/job/${jobId}/draft`, { isDraft: false, job_id: jobId }), 'submitting a project');
    if (state === 'submitted') return result;
    const lines = [
      { number: '1', description: 'Site work', scheduled_value: '1000.00', payee_id: seller.companyId, retainage: { rate: '10' } },
      { number: '2', description: 'Plumbing', scheduled_value: '500.00', payee_id: payee, retainage: { rate: '5' } },
    ];
    const proposed = ok(await party.seller.post(`/api/job/${jobId}/schedule`, { lines }), 'proposing a schedule of values');
    result.versionId = proposed.body.versions[0].version_id as number;
    if (state === 'proposed') return result;
    ok(await party.buyer.post(`/api/job/${jobId}/schedule/${result.versionId}/approve`), 'approving the schedule');
    // Deposits into the project's escrow balance need both signatures (the shared world has them).
    const retaining = state === 'retained' || state === 'releaseRequestedByBuyer' || state === 'releaseRequestedBySeller';
    const funding = state === 'funded' || state === 'returnAsked';
    if (state === 'signed' || state === 'changeOrder' || state === 'awaitingWaiver' || retaining || funding) {
      await signAgreement(party.buyer, jobId, 'customer', 'Bea Buyer');
      await signAgreement(party.seller, jobId, 'company', seller.name);
    }
    if (state === 'certifierNamed') ok(await party.buyer.put(`/api/job/${jobId}/certifier`, { user_id: (await user()).userId }), 'naming a certifier');
    // The world's certifier certifies the projects that bill.
    if (state === 'changeOrder' || state === 'applied' || state === 'certified') {
      ok(await party.buyer.put(`/api/job/${jobId}/certifier`, { user_id: users.certifier.userId }), 'naming the certifier');
    }
    if (state === 'changeOrder') {
      const ordered = ok(
        await party.seller.post(`/api/job/${jobId}/change-orders`, { reason: 'More plumbing.', changes: [{ line: '2', scheduled_value: '600.00' }] }),
        'proposing a change order',
      );
      result.changeOrderId = ordered.body.change_orders[0].change_order_id as number;
    }
    if (state === 'applied' || state === 'certified') {
      ok(await party.seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] }), 'billing');
    }
    if (state === 'awaitingWaiver') {
      ok(await party.buyer.post(`/api/job/${jobId}/billing/deposits`, { amount: '440.00' }), 'depositing into the project');
      await eventually(
        () => party.buyer.get(`/api/job/${jobId}/schedule`),
        (a) => a.body?.escrow?.cleared === '440.00',
        30_000,
      );
      ok(await party.seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] }), 'billing');
      ok(await party.buyer.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] }), 'certifying');
      result.payoutId = 1;
    }
    if (state === 'certified') {
      const reduced = { line: '1', decision: 'reduced', work_this_period: '300.00', stored_materials: '0.00', reason: 'Grading unfinished.' };
      ok(await party.buyer.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [reduced] }), 'certifying');
    }
    if (funding) {
      // $400.00 cleared and nothing billed: a return of it needs the seller's approval (the contract sum is $1,500.00).
      ok(await party.buyer.post(`/api/job/${jobId}/billing/deposits`, { amount: '400.00' }), 'depositing into escrow');
      await eventually(
        () => party.buyer.get(`/api/job/${jobId}/schedule`),
        (a) => a.body?.escrow?.cleared === '400.00',
        30_000,
      );
      if (state === 'returnAsked') ok(await party.buyer.post(`/api/job/${jobId}/billing/balance-returns`, { amount: '100.00' }), 'asking for funds back');
    }
    if (retaining) {
      // $400.00 of work draws $400.00: $360.00 paid, $40.00 retained in escrow once the deposit clears.
      ok(await party.buyer.post(`/api/job/${jobId}/billing/deposits`, { amount: '400.00' }), 'depositing into escrow');
      await eventually(
        () => party.buyer.get(`/api/job/${jobId}/schedule`),
        (a) => a.body?.escrow?.cleared === '400.00',
        30_000,
      );
      ok(await party.seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] }), 'billing');
      ok(await party.buyer.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] }), 'certifying');
      if (state !== 'retained') {
        const asker = state === 'releaseRequestedByBuyer' ? party.buyer : party.seller;
        ok(await asker.post(`/api/job/${jobId}/billing/retainage/request`, {}), 'asking for the retainage release');
      }
    }
    return result;
  };

  const user = () => createUser(pool, { password: null, email: `throwaway-${uniqueSuffix()}@test.escrowledger.test` });
  const code = async (purpose: 'password_reset' | 'invitation') => app.http.get(OneTimeCodes).issue((await user()).userId, purpose);
  const application = async () => {
    const answer = ok(
      await (
        await client('anonymous')
      ).post('/api/contractor/applications', {
        company_name: `Applicant ${uniqueSuffix()}`,
        first_name: 'Ada',
        last_name: 'Applicant',
        email: `applicant-${uniqueSuffix()}@test.escrowledger.test`,
        phone: '4805550199',
        city: 'Tempe',
        state: 'AZ',
        services: ['Roofing'],
      }),
      'applying',
    );
    return answer.body.application_id as number;
  };

  // Both sign before the first deposit.
  const contractName = await signAgreement(party.buyer, projectId, 'customer', 'Bea Buyer');
  await signAgreement(party.seller, projectId, 'company', users.seller.name);
  const milestones = {
    proposed: await milestone('proposed'),
    approved: await milestone('approved'),
    funded: await milestone('funded'),
    paid: await milestone('paid'),
    disputed: await milestone('disputed'),
  };
  const draftProjectId = await project({ draft: true });
  const applicationId = await application();
  const retainedWorld = await retained('paidOut');
  const { rows: waiverRows } = await pool.query<{ waiver_name: string }>(
    `SELECT waiver_name FROM lien_waivers WHERE job_id = $1 AND signed_by IS NOT NULL LIMIT 1`,
    [retainedWorld.jobId],
  );
  const webhookEndpoint = async () =>
    ok(
      await party.seller.post('/api/webhooks/endpoints', { url: `https://hooks.example.invalid/escrow/${uniqueSuffix()}`, kinds: ['deposit.settled'] }),
      'registering a webhook endpoint',
    ).body.id as number;
  const endpointId = await webhookEndpoint();
  const payoutAccount = async (verified = false) => {
    const id = ok(
      await party.seller.post('/api/bank-accounts', {
        purpose: 'payout',
        holder_name: 'Saguaro Security Builders',
        routing_number: '021000021',
        account_number: `0009${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      }),
      'linking a payout account',
    ).body.bank_account_id as number;
    if (verified) ok(await party.seller.post(`/api/bank-accounts/${id}/verify`, { amounts: ['0.32', '0.45'] }), 'verifying a payout account');
    return id;
  };
  const bankAccountId = await payoutAccount();
  let colleague: CreatedUser | null = null;
  const payoutChange = async () => {
    colleague ??= await createUser(pool, { companyId: seller.companyId, firstName: 'Cole', lastName: 'League' });
    await linkVerifiedPayoutAccount(pool, seller.companyId, colleague.userId, { holdSeconds: 60 });
  };
  const { rows: delivery } = await pool.query<{ delivery_id: string }>(
    `INSERT INTO webhook_deliveries (delivery_id, endpoint_id, event_id, kind, payload, status, attempts, last_error)
     SELECT gen_random_uuid(), $1, event_id, 'deposit.settled', '{}', 'failed', 3, 'answered 500' FROM events WHERE type = 'DepositSettled' LIMIT 1
     RETURNING delivery_id`,
    [endpointId],
  );
  const billedWorld = await billed('changeOrder');
  ok(
    await party.seller.post(`/api/job/${billedWorld.jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] }),
    'billing the world project',
  );
  const billing = {
    ...billedWorld,
    changeOrderId: billedWorld.changeOrderId!,
    certifierId: (await user()).userId,
    draftJobId: (await billed('draft')).jobId,
  };
  await quiet();

  return {
    app,
    users,
    companies: { seller: seller.companyId, otherSeller: otherSeller.companyId, payee },
    jobId: projectId,
    draftJobId: draftProjectId,
    milestones,
    contractName,
    applicationId,
    retained: { ...retainedWorld, waiverName: waiverRows[0]!.waiver_name },
    webhook: { endpointId, deliveryId: delivery[0]!.delivery_id },
    billing,
    client,
    party,
    fresh: { milestone, project, user, code, application, retained, billed, webhookEndpoint, payoutAccount, payoutChange },
    bankAccountId,
    quiet,
    keepSteppedUp: async () => {
      await pool.query(`UPDATE sessions SET second_factor_at = now() WHERE second_factor_at < now() - interval '5 minutes'`);
    },
    close: () => app.close(),
  };
}
