import { postingsFor } from '../ledger/postings';
import { money, sum } from '../money/money';
import { DomainError } from '../shared/errors';
import type { MilestoneCommand, ProjectFacts } from './commands';
import type { MilestoneEvent } from './events';
import { heldFundsClock } from './milestone.clock';
import { held, retainageHeld, retainageHeldByPayee } from './milestone.money';
import type { ActiveMilestone } from './milestone.state';
import { as, BUYER, given, ORIGINAL, PROJECT, propose, RETAINED, run, SELLER_COMPANY, SIGNED, SUB_COMPANY, tick } from './milestone.test-kit';
import { awaitingConditionalWaivers, waiversOf } from './milestone.waivers';

const HASH = 'a'.repeat(64);
const party = (meta: ReturnType<typeof as.buyer>, project: ProjectFacts) => ({ metadata: meta, project });
const approve = (meta: ReturnType<typeof as.buyer>, project: ProjectFacts): MilestoneCommand => ({
  type: 'ApproveMilestoneVersion',
  data: { versionId: ORIGINAL },
  ...party(meta, project),
});
const complete = (meta: ReturnType<typeof as.buyer>, project: ProjectFacts): MilestoneCommand => ({
  type: 'MarkMilestoneComplete',
  data: { complete: true },
  ...party(meta, project),
});
const system = <T extends MilestoneCommand['type']>(type: T, data: Extract<MilestoneCommand, { type: T }>['data']) =>
  ({ type, data, metadata: as.system() }) as MilestoneCommand;
/** A user of the subcontractor company 30, a payee of the test kit's milestone. */
const subUser = () => ({ now: tick(), actorId: 31, actorRole: 'company' as const, actorCompanyId: SUB_COMPANY });
const sign = (
  meta: ReturnType<typeof subUser>,
  kind: 'conditional' | 'unconditional' = 'conditional',
  payeeId = 902,
  signedName = 'Sam Sub',
): MilestoneCommand => ({
  type: 'SignLienWaiver',
  data: { payment: 'disbursement', payeeId, kind, signedName, legalName: 'Sam  Sub', waiverHash: HASH, waiverName: `lien-waiver-500-${payeeId}-${kind}` },
  metadata: meta,
});

/** Proposed under these project facts, approved, funded, cleared and completed by both. */
function completed(project: ProjectFacts = RETAINED): MilestoneEvent[] {
  const depositThen = (history: MilestoneEvent[]) =>
    given(history).then({ type: 'RequestDeposit', data: { depositId: 1, bankAccountLast4: null, agreement: SIGNED() }, ...party(as.buyer(), project) });
  const funded = depositThen(run(propose(as.seller(), project), approve(as.buyer(), project), approve(as.seller(), project)));
  const settled = given(funded).then(system('SettleDeposit', { depositId: 1, providerReference: 'p', responseDays: 30, clearsAt: tick() }));
  const cleared = given(settled).then(system('ClearDeposit', { depositId: 1 }));
  return given(given(cleared).then(complete(as.seller(), project))).then(complete(as.buyer(), project));
}
const state = (events: MilestoneEvent[]) => given(events).state as ActiveMilestone;

function refusal(attempt: () => unknown): DomainError {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('retainage of a milestone', () => {
  it("freezes the project's retainage and job-site state into the version when it is proposed", () => {
    const [proposed] = given([]).when(propose(as.seller(), RETAINED));
    expect(proposed).toMatchObject({
      type: 'MilestoneProposed',
      data: { terms: { retainagePercent: '5.00', retainageTotal: '497.19', lienWaiverState: 'AZ', depositTotal: '10168.75' } },
    });
    // Approvals decided on a project whose terms changed meanwhile keep the version's own terms.
    const agreed = run(propose(as.seller(), RETAINED), approve(as.buyer(), PROJECT), approve(as.seller(), PROJECT));
    expect(state(agreed).versions[0]!.terms.retainagePercent).toBe('5.00');
  });

  it("withholds each payee's retainage from what it is paid at completion; the fee and the deposit stay the same", () => {
    const history = completed();
    const disbursements = history.filter((e): e is Extract<MilestoneEvent, { type: 'DisbursementRequested' }> => e.type === 'DisbursementRequested');
    expect(disbursements.map((e) => [e.data.amount, e.data.fee, e.data.retainage, e.data.lienWaiverState])).toEqual([
      ['5700.00', '135.00', '300.00', 'AZ'],
      ['2321.56', '56.25', '122.19', 'AZ'],
      ['1425.00', '33.75', '75.00', 'AZ'],
    ]);
    const s = state(history);
    expect(held(s).toFixed(2)).toBe('0.00');
    expect(retainageHeld(s).toFixed(2)).toBe('497.19');
    const postings = disbursements.flatMap((e) => postingsFor(e));
    expect(sum(postings.map((p) => money(p.amount))).isZero()).toBe(true);
    expect(postings.filter((p) => p.account === 'retainage').map((p) => [p.companyId, p.amount])).toEqual([
      [SELLER_COMPANY, '300.00'],
      [SUB_COMPANY, '122.19'],
      [31, '75.00'],
    ]);
  });

  it('withholds nothing on a project without retainage', () => {
    const disbursed = completed(PROJECT).filter((e) => e.type === 'DisbursementRequested');
    expect(disbursed.map((e) => (e.data as { retainage: string }).retainage)).toEqual(['0.00', '0.00', '0.00']);
  });

  it("withholds retainage from each payee's share when a dispute releases part of the money", () => {
    const project = RETAINED;
    const funded = run(
      propose(as.seller(), project),
      approve(as.buyer(), project),
      approve(as.seller(), project),
      { type: 'RequestDeposit', data: { depositId: 1, bankAccountLast4: null, agreement: SIGNED() }, ...party(as.buyer(), project) },
      system('SettleDeposit', { depositId: 1, providerReference: 'p', responseDays: 30, clearsAt: tick() }),
      system('ClearDeposit', { depositId: 1 }),
      { type: 'OpenDispute', data: { disputeId: 7, statement: 'Half done' }, ...party(as.buyer(), project) },
    );
    const events = given(funded).when({ type: 'ResolveDispute', data: { resolution: 'split', refundAmount: '5084.38', note: '' }, metadata: as.admin() });
    const shares = events.filter((e): e is Extract<MilestoneEvent, { type: 'DisbursementRequested' }> => e.type === 'DisbursementRequested');
    for (const e of shares) {
      expect(e.data.retainage).toBe(money(e.data.amount).plus(e.data.retainage).times('0.05').toDecimalPlaces(2, 4).toFixed(2));
    }
    const s = state([...funded, ...events]);
    expect(held(s).toFixed(2)).toBe('0.00');
    expect(retainageHeld(s).gt(0)).toBe(true);
  });

  it('releases every payee its retainage once, and pays it like a disbursement', () => {
    const history = completed();
    const released = given(history).when(system('ReleaseRetainage', { resolution: 'release', cause: 'approval', refundId: 1 }));
    expect(released.map((e) => [e.type, (e.data as { amount: string }).amount])).toEqual([
      ['RetainageReleased', '300.00'],
      ['RetainageReleased', '122.19'],
      ['RetainageReleased', '75.00'],
    ]);
    const after = [...history, ...released];
    expect(retainageHeld(state(after)).toFixed(2)).toBe('0.00');
    // The decision may reach the milestone again (a retried fan-out): nothing more happens.
    expect(given(after).when(system('ReleaseRetainage', { resolution: 'release', cause: 'approval', refundId: 1 }))).toEqual([]);
    expect(given(after).when(system('ReleaseRetainage', { resolution: 'refund', cause: 'dispute', refundId: 2 }))).toEqual([]);
    expect(released.flatMap(postingsFor).map((p) => [p.account, p.companyId, p.amount])).toContainEqual(['retainage', SUB_COMPANY, '-122.19']);
    const paid = given(after).when(
      system('RecordRetainagePaid', { payeeId: 902, providerReference: 'p-9', unconditionalWaiver: { waiverHash: HASH, waiverName: 'lien-waiver-u' } }),
    );
    expect(paid.map((e) => e.type)).toEqual(['RetainagePaid', 'LienWaiverIssued']);
    expect(given([...after, ...paid]).when(system('RecordRetainagePaid', { payeeId: 902, providerReference: 'p-9' }))).toEqual([]);
  });

  it("refunds the whole retainage to the buyer when an administrator's resolution says so", () => {
    const history = completed();
    const [refund] = given(history).when(system('ReleaseRetainage', { resolution: 'refund', cause: 'dispute', refundId: 41 }));
    expect(refund).toMatchObject({ type: 'RetainageRefundRequested', data: { refundId: 41, amount: '497.19' } });
    const postings = postingsFor(refund!);
    expect(sum(postings.map((p) => money(p.amount))).isZero()).toBe(true);
    expect(postings.at(-1)).toEqual({ account: 'refunds_payable', companyId: null, amount: '497.19' });
    const after = [...history, refund!];
    expect(retainageHeldByPayee(state(after))).toEqual([]);
    expect(
      given(after)
        .when(system('RecordRetainageRefundPaid', { refundId: 41, providerReference: 'r' }))
        .map((e) => e.type),
    ).toEqual(['RetainageRefundPaid']);
  });

  it('lets only the system release retainage or report it paid', () => {
    for (const meta of [as.buyer(), as.seller(), as.admin()]) {
      const attempt = () =>
        given(completed()).when({ type: 'ReleaseRetainage', data: { resolution: 'release', cause: 'approval', refundId: 1 }, metadata: meta });
      expect(refusal(attempt).kind).toBe('forbidden');
    }
  });
});

describe('lien waivers', () => {
  it('lets the payee sign a conditional waiver for exactly its payment, before it is paid out', () => {
    const history = completed();
    expect(awaitingConditionalWaivers(state(history)).map((w) => [w.companyId, w.amount])).toEqual([
      [SELLER_COMPANY, '5700.00'],
      [SUB_COMPANY, '2321.56'],
      [31, '1425.00'],
    ]);
    const meta = subUser();
    const [signed] = given(history).when(sign(meta, 'conditional', 902, ' sam   SUB '));
    expect(signed).toEqual({
      type: 'LienWaiverSigned',
      data: {
        originalId: ORIGINAL,
        at: meta.now,
        payment: 'disbursement',
        payeeId: 902,
        companyId: SUB_COMPANY,
        kind: 'conditional',
        amount: '2321.56',
        siteState: 'AZ',
        waiverHash: HASH,
        waiverName: 'lien-waiver-500-902-conditional',
        by: 31,
      },
    });
    expect(awaitingConditionalWaivers(state([...history, signed!])).map((w) => w.companyId)).toEqual([SELLER_COMPANY, 31]);
  });

  it("lets nobody but the payee company's users sign its waiver, not even the project's parties", () => {
    const history = completed();
    const seller = { now: tick(), actorId: 21, actorRole: 'company' as const, actorCompanyId: SELLER_COMPANY };
    for (const meta of [as.buyer(), seller, as.outsider(), as.admin(), as.system()]) {
      const error = refusal(() => given(history).when({ ...sign(subUser()), metadata: meta }));
      expect([error.kind, error.message]).toEqual(['forbidden', "Only a user of the payee's company can sign its lien waivers."]);
    }
    expect(refusal(() => given(history).when({ ...sign(subUser()), metadata: { ...as.buyer(), actorId: BUYER, actorCompanyId: SUB_COMPANY } })).kind).toBe(
      'forbidden',
    );
  });

  it('refuses a waiver twice, in the wrong order, in another name, or for a payment that needs none', () => {
    const history = completed();
    const signed = given(history).then(sign(subUser()));
    expect(refusal(() => given(signed).when(sign(subUser()))).message).toBe('You have already signed this waiver.');
    expect(refusal(() => given(history).when(sign(subUser(), 'unconditional'))).code).toBe('not_paid');
    expect(refusal(() => given(history).when(sign(subUser(), 'conditional', 902, 'Someone Else'))).message).toBe(
      'Sign with your own legal name as it is on your account: Sam Sub.',
    );
    expect(
      refusal(() => given(history).when({ ...sign(subUser()), data: { ...(sign(subUser()).data as object), waiverHash: 'x' } } as MilestoneCommand)).kind,
    ).toBe('invalid');
    expect(refusal(() => given(completed(PROJECT)).when(sign(subUser()))).code).toBe('no_waiver');
    expect(refusal(() => given(history).when(sign(subUser(), 'conditional', 999))).kind).toBe('not_found');
    const paid = given(signed).then(system('RecordDisbursementPaid', { disbursementId: 902, providerReference: 'p' }));
    expect(refusal(() => given(paid).when(sign(subUser()))).code).toBe('already_paid');
    expect(
      given(paid)
        .when(sign(subUser(), 'unconditional'))
        .map((e) => e.type),
    ).toEqual(['LienWaiverSigned']);
  });

  it('records the unconditional waiver as issued when the payout reaches the payee', () => {
    const history = given(completed()).then(sign(subUser()));
    const events = given(history).when(
      system('RecordDisbursementPaid', { disbursementId: 902, providerReference: 'p', unconditionalWaiver: { waiverHash: HASH, waiverName: 'lien-waiver-u' } }),
    );
    expect(events.map((e) => e.type)).toEqual(['DisbursementPaid', 'LienWaiverIssued']);
    expect(events[1]).toMatchObject({ data: { kind: 'unconditional', amount: '2321.56', siteState: 'AZ', companyId: SUB_COMPANY } });
    const s = state([...history, ...events]);
    expect(
      waiversOf(s)
        .filter((w) => w.payeeId === 902)
        .map((w) => [w.kind, w.waiver?.signedBy ?? null]),
    ).toEqual([
      ['conditional', 31],
      ['unconditional', null],
    ]);
    // A project without a job-site state exchanges no waivers.
    const plain = given(completed(PROJECT)).when(
      system('RecordDisbursementPaid', { disbursementId: 902, providerReference: 'p', unconditionalWaiver: { waiverHash: HASH, waiverName: 'w' } }),
    );
    expect(plain.map((e) => e.type)).toEqual(['DisbursementPaid']);
  });
});

describe('the clock on held funds', () => {
  it('says since when funds are held, the next date that matters and who must act', () => {
    const project = RETAINED;
    const funded = run(propose(as.seller(), project), approve(as.buyer(), project), approve(as.seller(), project), {
      type: 'RequestDeposit',
      data: { depositId: 1, bankAccountLast4: null, agreement: SIGNED() },
      ...party(as.buyer(), project),
    });
    expect(heldFundsClock(state(funded)).heldSince).toBeNull();
    const clearsAt = '2026-12-31T00:00:00.000Z';
    const settled = given(funded).then(system('SettleDeposit', { depositId: 1, providerReference: 'p', responseDays: 30, clearsAt }));
    const settledAt = state(settled).deposits[0]!.settledAt;
    const clearing = heldFundsClock(state(settled));
    expect(clearing).toMatchObject({ heldSince: settledAt, inCustody: '10168.75', next: { kind: 'funds_clear', at: clearsAt } });
    expect(clearing.mustAct.map((m) => [m.who, m.action])).toEqual([
      ['seller', 'Mark complete when the work is done'],
      ['buyer', 'Mark complete when the work is done'],
    ]);
    const cleared = state(given(settled).then({ ...system('ClearDeposit', { depositId: 1 }), metadata: { ...as.system(), now: '2027-01-01T00:00:00.000Z' } }));
    expect(heldFundsClock(cleared).next).toEqual({ kind: 'completion_due', at: cleared.responseDeadline });

    const done = completed();
    const waiting = heldFundsClock(state(done));
    expect(waiting.next).toBeNull();
    expect(waiting.mustAct.map((m) => [m.who, m.companyId, m.reason])).toEqual([
      ['payee', SELLER_COMPANY, 'conditional_waiver:disbursement:901'],
      ['payee', SUB_COMPANY, 'conditional_waiver:disbursement:902'],
      ['payee', 31, 'conditional_waiver:disbursement:903'],
    ]);
    expect(waiting.inCustody).toBe('9943.75'); // the payees' nets, owed or retained; the fees are ours
    const paid = [901, 902, 903].reduce((h, id) => given(h).then(system('RecordDisbursementPaid', { disbursementId: id, providerReference: `p${id}` })), done);
    const retained = heldFundsClock(state(paid), { kind: 'approve', by: 'customer' });
    expect(retained).toMatchObject({ inCustody: '497.19', retainageHeld: '497.19', heldSince: state(done).deposits[0]!.settledAt });
    expect(retained.mustAct).toEqual([{ who: 'buyer', companyId: null, reason: 'approve_retainage', action: 'Approve the retainage release', since: null }]);
    // Nobody has asked yet: either may, so both are reminded, each under its own reason (a
    // reminder is recorded once per reason and day: a shared reason recorded only the first).
    const toAsk = heldFundsClock(state(paid), { kind: 'request' }).mustAct;
    expect(toAsk.map((m) => [m.who, m.reason])).toEqual([
      ['seller', 'request_retainage:company'],
      ['buyer', 'request_retainage:customer'],
    ]);
    for (const step of [{ kind: 'request' }, { kind: 'approve', by: 'company' }, { kind: 'disputed' }, { kind: 'waiting' }] as const) {
      const reasons = heldFundsClock(state(paid), step).mustAct.map((m) => m.reason);
      expect(new Set(reasons).size).toBe(reasons.length);
    }
  });

  it('records a reminder once per reason and day, whoever sends it how often', () => {
    const history = completed();
    const remind = (now: string): MilestoneCommand => ({
      type: 'RemindOfHeldFunds',
      data: { reason: 'conditional_waiver:disbursement:902', to: 'payee', companyId: SUB_COMPANY, heldSince: '2026-11-01T00:00:00.000Z' },
      metadata: { ...as.system(), now },
    });
    const first = given(history).when(remind('2026-12-01T09:00:00.000Z'));
    expect(first).toEqual([
      {
        type: 'HeldFundsReminderSent',
        data: {
          originalId: ORIGINAL,
          at: '2026-12-01T09:00:00.000Z',
          reason: 'conditional_waiver:disbursement:902',
          to: 'payee',
          companyId: SUB_COMPANY,
          day: '2026-12-01',
          heldSince: '2026-11-01T00:00:00.000Z',
        },
      },
    ]);
    const after = [...history, ...first];
    expect(given(after).when(remind('2026-12-01T23:59:59.000Z'))).toEqual([]);
    expect(given(after).when(remind('2026-12-02T00:00:01.000Z'))).toHaveLength(1);
    expect(state(after).updatedAt).toBe(state(history).updatedAt); // a reminder changes no term
    expect(refusal(() => given(history).when({ ...remind('2026-12-01T09:00:00.000Z'), metadata: as.buyer() })).kind).toBe('forbidden');
  });
});
