import type Decimal from 'decimal.js';
import fc from 'fast-check';

import { postingsFor } from '../ledger/postings';
import { money, sum, ZERO } from '../money/money';
import { DomainError } from '../shared/errors';
import { escrowBalance, shortfall, unfunded } from './billing.escrow';
import type { ActiveBilling, BillingState } from './billing.state';
import { as, command, JOB, run, uploaded } from './billing.test-kit';
import type { BillingCommand } from './commands';
import type { BillingEvent } from './events';
import { NOTHING_CERTIFIED, type PayApplicationFigures, payApplicationFigures, withheldToDate } from './pay-application.figures';

/**
 * Random projects billed period after period through the decider (docs/progress-billing.md#how-it-is-tested):
 * random schedules and retainage terms, applications with work typed as amounts or percentages
 * and stored materials coming and going, certifications as billed, reduced or refused, accepted
 * or revised, change orders between periods, deposits and payouts, and retainage released at
 * substantial completion. Whatever the rules accept must keep the G702/G703 arithmetic and the
 * money right, to the cent, and the ledger's postings balanced and equal to the escrow balance.
 */

/**
 * `toBe(actual, expected)`, run only when the two differ: jest's expect captures a stack
 * trace on every call, which costs most of this file's time over thousands of checks
 * (milestone.properties.spec.ts measured it).
 */
function toBe(actual: unknown, expected: unknown): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}

/** Counts of what the runs exercised, printed with COVERAGE=1 to judge the generators. */
const seen: Record<string, number> = {};

const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => (c / 100).toFixed(2));
const rate = fc.integer({ min: 0, max: 1000 }).map((c) => (c / 100).toFixed(2));
const lineArb = fc
  .record({
    scheduledValue: cents(1, 50_000_000),
    payeeId: fc.constantFrom(20, 30, 31),
    rate,
    reduce: fc.option(fc.record({ share: fc.double({ min: 0, max: 0.99, noNaN: true }), at: fc.integer({ min: 1, max: 100 }) }), { nil: null }),
  })
  .map(({ scheduledValue, payeeId, rate, reduce }) => ({
    scheduledValue,
    payeeId,
    retainage: {
      rate,
      reduction:
        reduce && money(rate).gt(0) ? { toRate: money(rate).times(reduce.share).toDecimalPlaces(2, 1).toFixed(2), atPercentComplete: String(reduce.at) } : null,
    },
  }));

const fraction = fc.integer({ min: 0, max: 1000 });
const billedLineArb = fc.record({ index: fc.nat(), work: fraction, stored: fraction, percent: fc.boolean() });
const decisionArb = fc.record({ kind: fc.constantFrom('as_billed', 'as_billed', 'reduced', 'refused'), share: fraction });
const stepArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('application' as const),
      lines: fc.array(billedLineArb, { minLength: 1, maxLength: 4 }),
      decisions: fc.array(decisionArb, { minLength: 6, maxLength: 6 }),
      revise: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('changeOrder' as const),
      index: fc.nat(),
      delta: fc.integer({ min: -5_000_000, max: 5_000_000 }),
      add: fc.option(lineArb, { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'release' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), refund: fc.boolean(), refundPaid: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fund' as const), payOut: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('return' as const), share: fraction, approve: fc.boolean(), paid: fc.boolean(), overfund: cents(0, 5_000_000) }),
  },
);

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** What the money events said, per payee: paid from applications and from released retainage, and retainage withheld by accepted certificates. */
interface Books {
  paid: Map<number, Decimal>;
  retainageWithheld: Map<number, Decimal>;
  retainageReleased: Map<number, Decimal>;
  /** Forfeited to the buyer by a dispute's refund. */
  retainageRefunded: Map<number, Decimal>;
  certified: Map<number, { retainage: Map<number, Decimal> }>;
  /** The ledger's balances from the events' postings: per account, and per account and payee. */
  ledger: Map<string, Decimal>;
}

const add = (map: Map<number, Decimal>, key: number, amount: string) => map.set(key, (map.get(key) ?? ZERO).plus(amount));

function book(books: Books, state: BillingState, events: readonly BillingEvent[]): void {
  for (const event of events) {
    const postings = postingsFor(event);
    toBe(sum(postings.map((p) => money(p.amount))).toFixed(2), '0.00'); // every posting set balances
    for (const p of postings) {
      for (const key of [p.account, `${p.account}:${p.companyId}`]) books.ledger.set(key, (books.ledger.get(key) ?? ZERO).plus(p.amount));
    }
    toBe((books.ledger.get('escrow') ?? ZERO).gte(0), true);
    if (event.type === 'PayApplicationCertified') {
      books.certified.set(event.data.applicationNumber, { retainage: new Map(event.data.payees.map((p) => [p.payeeId, money(p.retainageThisPeriod)])) });
      checkReconciles(event.data);
    }
    if (event.type === 'PayApplicationAccepted') {
      for (const [payeeId, amount] of books.certified.get(event.data.applicationNumber)!.retainage) add(books.retainageWithheld, payeeId, amount.toFixed(2));
    }
    if (event.type === 'PayApplicationPaymentReleased') for (const p of event.data.payees) add(books.paid, p.payeeId, p.amount);
    if (event.type === 'BillingRetainageReleased') {
      for (const p of event.data.payees) {
        add(books.paid, p.payeeId, p.amount);
        add(books.retainageReleased, p.payeeId, p.amount);
      }
    }
    if (event.type === 'BillingRetainageRefundRequested') for (const p of event.data.payees) add(books.retainageRefunded, p.payeeId, p.amount);
    if (event.type === 'PayApplicationSubmitted') {
      // No line is ever billed beyond its scheduled value.
      const s = state as ActiveBilling;
      for (const l of event.data.lines) {
        const line = s.lines.find((x) => x.number === l.line)!;
        const before = s.toDate[l.line] ?? NOTHING_CERTIFIED;
        toBe(money(before.workCompleted).plus(l.workThisPeriod).plus(l.storedMaterials).lte(line.scheduledValue), true);
      }
    }
  }
}

const col = (f: Pick<PayApplicationFigures, 'lines'>, c: keyof PayApplicationFigures['lines'][number]) => sum(f.lines.map((l) => money(l[c] as string)));

/** The G702/G703 relationships, exactly. */
function checkReconciles(figures: Pick<PayApplicationFigures, 'summary' | 'payees'> & { toDate: unknown }): void {
  const s = figures.summary;
  const eq = (a: Decimal | string, b: Decimal | string) => toBe(money(a).toFixed(2), money(b).toFixed(2));
  eq(s.contractSumToDate, money(s.originalContractSum).plus(s.netChangeByChangeOrders));
  eq(s.totalRetainage, money(s.retainageOnCompletedWork).plus(s.retainageOnStoredMaterials));
  const refunded = money(s.retainageRefunded ?? '0');
  eq(s.totalEarnedLessRetainage, money(s.totalCompletedAndStored).minus(s.totalRetainage).minus(refunded));
  eq(s.currentPaymentDue, money(s.totalEarnedLessRetainage).minus(s.previousCertificates));
  eq(s.balanceToFinishIncludingRetainage, money(s.contractSumToDate).minus(s.totalEarnedLessRetainage).minus(refunded));
  eq(sum(figures.payees.map((p) => money(p.currentPaymentDue))), s.currentPaymentDue);
}

function checkLines(f: PayApplicationFigures): void {
  const eq = (a: Decimal | string, b: Decimal | string) => toBe(money(a).toFixed(2), money(b).toFixed(2));
  for (const l of f.lines) {
    eq(l.completedAndStoredToDate, money(l.previous).plus(l.thisPeriod).plus(l.storedMaterials));
    eq(l.balanceToFinish, money(l.scheduledValue).minus(l.completedAndStoredToDate));
    eq(
      l.earnedLessRetainage,
      money(l.completedAndStoredToDate)
        .minus(l.retainage)
        .minus(l.retainageRefunded ?? '0'),
    );
    eq(l.currentPaymentDue, money(l.earnedLessRetainage).minus(l.previousCertificates));
    toBe(money(l.completedAndStoredToDate).lte(l.scheduledValue), true);
    toBe(money(l.currentPaymentDue).gte(0), true);
  }
  eq(col(f, 'scheduledValue'), f.summary.contractSumToDate);
  eq(col(f, 'completedAndStoredToDate'), f.summary.totalCompletedAndStored);
  eq(col(f, 'retainage'), f.summary.totalRetainage);
  eq(col(f, 'retainageOnStored'), f.summary.retainageOnStoredMaterials);
  eq(col(f, 'previousCertificates'), f.summary.previousCertificates);
  eq(col(f, 'currentPaymentDue'), f.summary.currentPaymentDue);
  checkReconciles(f);
}

/** Money in the books against the state: nothing paid twice, retainage conserved per payee to the cent. */
function checkBooks(s: ActiveBilling, books: Books): void {
  const payees = new Set([...s.lines.map((l) => l.payeeId), ...books.paid.keys()]);
  for (const payeeId of payees) {
    const own = s.lines.filter((l) => l.payeeId === payeeId);
    const withheld = sum(own.map((l) => withheldToDate(l.retainage, s.toDate[l.number] ?? NOTHING_CERTIFIED)));
    const released = sum(own.map((l) => money((s.toDate[l.number] ?? NOTHING_CERTIFIED).retainageReleased)));
    const refunded = sum(own.map((l) => money((s.toDate[l.number] ?? NOTHING_CERTIFIED).retainageRefunded ?? '0')));
    const earned = sum(own.map((l) => money((s.toDate[l.number] ?? NOTHING_CERTIFIED).workCompleted).plus((s.toDate[l.number] ?? NOTHING_CERTIFIED).stored)));
    const held = withheld.minus(released).minus(refunded);
    // Everything paid to the payee is exactly what its certified work earned less what is still held or was forfeited: no cent paid twice.
    toBe((books.paid.get(payeeId) ?? ZERO).toFixed(2), earned.minus(held).minus(refunded).toFixed(2));
    toBe(earned.lte(sum(own.map((l) => money(l.scheduledValue)))), true);
    // Withheld by the certificates = held + released + refunded, per payee.
    toBe((books.retainageWithheld.get(payeeId) ?? ZERO).toFixed(2), withheld.toFixed(2));
    toBe((books.retainageReleased.get(payeeId) ?? ZERO).toFixed(2), released.toFixed(2));
    toBe((books.retainageRefunded.get(payeeId) ?? ZERO).toFixed(2), refunded.toFixed(2));
    toBe(held.gte(0), true);
    // Once every released payment is funded, the ledger holds each payee's retainage exactly.
    if (unfunded(s).length === 0) toBe((books.ledger.get(`retainage:${payeeId}`) ?? ZERO).toFixed(2), held.toFixed(2));
  }
  // The ledger's accounts are the escrow balance the parties see, to the cent.
  const balance = escrowBalance(s);
  const ledger = (account: string) => (books.ledger.get(account) ?? ZERO).toFixed(2);
  toBe(ledger('escrow'), balance.clearing.plus(balance.cleared).toFixed(2));
  toBe(ledger('retainage'), balance.retainageHeld.toFixed(2));
  toBe(ledger('payee_payable'), balance.awaitingPayout.toFixed(2));
  toBe(ledger('payee_payouts'), balance.paidOut.toFixed(2));
  toBe(ledger('refunds_payable'), balance.awaitingRefund.toFixed(2));
  toBe(ledger('buyer_refunds'), balance.refunded.toFixed(2));
}

/** The buyer deposits what is short (a cent when nothing is) and it clears. */
function funding(s: ActiveBilling): BillingCommand[] {
  const depositId = s.deposits.length + 301;
  const amount = shortfall(s)?.amount.toFixed(2) ?? '0.01';
  return [
    command('RequestBillingDeposit', { depositId, amount, bankAccountLast4: null, agreement: { customer: 'signed', company: 'signed' } }, as.buyer()),
    command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt: '2026-01-01T00:00:00.000Z' }, as.system()),
    command('ClearBillingDeposit', { depositId }, as.system()),
  ];
}

/** Refunds numbered on the project so far: retainage refunds and returned balances share the numbers. */
const refundsOf = (s: ActiveBilling) => (s.retainageRefunds?.length ?? 0) + (s.balanceReturns ?? []).filter((r) => r.refundId !== null).length;

/** The buyer over-funds, then asks a share of the undrawn cleared funds back; beyond the surplus the seller approves or declines. */
function returning(s: ActiveBilling, step: Extract<Step, { kind: 'return' }>): BillingCommand[] {
  const depositId = s.deposits.length + 301;
  const refundId = refundsOf(s) + 1;
  const returnId = (s.balanceReturns?.length ?? 0) + 1;
  const overfunded = money(step.overfund).plus(escrowBalance(s).returnable);
  const amount = overfunded.times(step.share).dividedBy(1000).toDecimalPlaces(2, 1).toFixed(2);
  return [
    command(
      'RequestBillingDeposit',
      { depositId, amount: step.overfund, bankAccountLast4: null, agreement: { customer: 'signed', company: 'signed' } },
      as.buyer(),
    ),
    command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt: '2026-01-01T00:00:00.000Z' }, as.system()),
    command('ClearBillingDeposit', { depositId }, as.system()),
    command('RequestBillingBalanceReturn', { amount }, as.buyer()),
    command(step.approve ? 'ApproveBillingBalanceReturn' : 'DeclineBillingBalanceReturn', { returnId }, as.seller()),
    ...(step.paid ? [command('RecordBillingRetainageRefundPaid', { refundId, providerReference: `r-${refundId}` }, as.system())] : []),
  ];
}

/** Turns a random step into commands that are mostly valid for the state they meet. */
function commandsOf(step: Step, s: ActiveBilling, period: string, nextChangeOrder: number): BillingCommand[] {
  if (step.kind === 'fund') return funding(s);
  if (step.kind === 'return') return returning(s, step);
  // Retainage is released only once its payments are funded: most releases come with the deposit that funds them.
  if (step.kind === 'release')
    return [...funding(s), command('RequestBillingRetainageRelease', {}, as.seller()), command('ApproveBillingRetainageRelease', {}, as.buyer())];
  if (step.kind === 'dispute') {
    const admin = { now: '2027-12-31T00:00:00.000Z', actorId: 900, actorRole: 'admin' as const };
    const refundId = refundsOf(s) + 1;
    return [
      ...funding(s),
      command('DisputeBillingRetainage', { disputeId: refundId, statement: 'Not substantially complete.' }, as.buyer()),
      command('ResolveBillingRetainageDispute', { resolution: step.refund ? 'refund' : 'release', note: '' }, admin),
      ...(step.refundPaid ? [command('RecordBillingRetainageRefundPaid', { refundId, providerReference: `r-${refundId}` }, as.system())] : []),
    ];
  }
  if (step.kind === 'changeOrder') {
    const line = s.lines[step.index % s.lines.length]!;
    const to = money(line.scheduledValue).plus(step.delta / 100);
    return [
      command(
        'ProposeChangeOrder',
        {
          changeOrderId: nextChangeOrder,
          reason: 'Changed scope.',
          changes: to.isNegative() ? [] : [{ line: line.number, scheduledValue: to.toFixed(2) }],
          newLines: step.add ? [{ number: `CO-${nextChangeOrder}`, description: 'Added work', ...step.add }] : [],
        },
        as.buyer(),
      ),
      command('ApproveChangeOrder', { changeOrderId: nextChangeOrder }, as.seller()),
    ];
  }
  const lines = new Map<string, { line: string; workAmount?: string; workPercent?: string; storedMaterials: string; evidence: string[] }>();
  for (const b of step.lines) {
    const line = s.lines[b.index % s.lines.length]!;
    const before = s.toDate[line.number] ?? NOTHING_CERTIFIED;
    const left = money(line.scheduledValue).minus(before.workCompleted);
    const stored = left.times(b.stored).dividedBy(4000).toDecimalPlaces(2, 1);
    let work = left.minus(stored).times(b.work).dividedBy(1000).toDecimalPlaces(2, 1);
    if (money(before.stored).minus(stored).gt(work)) work = money(before.stored).minus(stored);
    const percent = money(line.scheduledValue).isZero() ? null : work.times(100).dividedBy(line.scheduledValue).toDecimalPlaces(2, 1);
    lines.set(line.number, {
      line: line.number,
      ...(b.percent && percent !== null ? { workPercent: percent.toFixed(2) } : { workAmount: work.toFixed(2) }),
      storedMaterials: stored.toFixed(2),
      evidence: ['ev-1'],
    });
  }
  return [command('SubmitPayApplication', { periodTo: period, lines: [...lines.values()] }, as.seller())];
}

function certify(s: ActiveBilling, step: Extract<Step, { kind: 'application' }>): BillingCommand {
  const application = s.applications.at(-1)!;
  const decisions = application.lines
    .filter((l) => !money(l.workThisPeriod).isZero() || !money(l.storedMaterials).eq((s.toDate[l.line] ?? NOTHING_CERTIFIED).stored))
    .map((l, i) => {
      const d = step.decisions[i % step.decisions.length]!;
      if (d.kind === 'refused') return { line: l.line, decision: 'refused' as const, reason: 'Not done.' };
      if (d.kind === 'reduced') {
        const before = s.toDate[l.line] ?? NOTHING_CERTIFIED;
        const stored = money(l.storedMaterials).gt(before.stored) ? before.stored : l.storedMaterials;
        return {
          line: l.line,
          decision: 'reduced' as const,
          workThisPeriod: money(l.workThisPeriod).times(d.share).dividedBy(1000).toDecimalPlaces(2, 1).toFixed(2),
          storedMaterials: stored,
          reason: 'Partly done.',
        };
      }
      return { line: l.line, decision: 'as_billed' as const };
    });
  return command('CertifyPayApplication', { applicationNumber: application.applicationNumber, revision: application.revision, lines: decisions }, as.buyer());
}

/** Runs a command; a refusal must be a DomainError and change nothing. */
function attempt(state: BillingState, cmd: BillingCommand, books: Books): BillingState {
  try {
    const { events, state: next } = run(state, cmd);
    for (const e of events) seen[e.type] = (seen[e.type] ?? 0) + 1;
    book(books, state, events);
    return next;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    seen[`refused ${error.code}`] = (seen[`refused ${error.code}`] ?? 0) + 1;
    return state;
  }
}

describe('progress billing over random projects', () => {
  it('reconciles every certificate, pays nothing twice and conserves retainage per payee to the cent', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.array(stepArb, { minLength: 1, maxLength: 10 }), (schedule, steps) => {
        const books: Books = {
          paid: new Map(),
          retainageWithheld: new Map(),
          retainageReleased: new Map(),
          retainageRefunded: new Map(),
          certified: new Map(),
          ledger: new Map(),
        };
        let state: BillingState = { status: 'none' };
        const lines = schedule.map((l, i) => ({ number: String(i + 1), description: `Line ${i + 1}`, ...l }));
        state = attempt(state, command('ProposeSchedule', { jobId: JOB, versionId: 1, lines }, as.seller()), books);
        state = attempt(state, command('ApproveSchedule', { versionId: 1 }, as.buyer()), books);
        state = attempt(state, uploaded('ev-1'), books);
        toBe(state.status === 'active' && state.currentVersionId, 1);
        steps.forEach((step, i) => {
          const s = state as ActiveBilling;
          const period = new Date(Date.UTC(2027, i, 28)).toISOString().slice(0, 10);
          for (const cmd of commandsOf(step, s, period, i + 1)) state = attempt(state, cmd, books);
          // The provider may report every payout paid.
          if (step.kind === 'fund' && step.payOut) {
            for (const p of (state as ActiveBilling).payouts.filter((x) => x.paid === null)) {
              state = attempt(state, command('RecordBillingPayoutPaid', { payoutId: p.payoutId, providerReference: `p-${p.payoutId}` }, as.system()), books);
            }
          }
          if (step.kind === 'application' && (state as ActiveBilling).applications.some((a) => a.status === 'submitted')) {
            const submitted = state as ActiveBilling;
            // The certificate the decider issues is the calculator's own figures: check every column.
            const application = submitted.applications.at(-1)!;
            checkLines(payApplicationFigures(submitted.lines, submitted.toDate, application.lines));
            state = attempt(state, certify(submitted, step), books);
            const certified = (state as ActiveBilling).applications.at(-1)!;
            if (certified.certification) {
              const figures = payApplicationFigures(submitted.lines, submitted.toDate, certified.certification.lines);
              checkLines(figures);
              expect(certified.certification.summary).toEqual(figures.summary);
            }
            if (certified.status === 'certified') {
              if (step.revise) {
                const again = certified.lines.map((l) => ({
                  line: l.line,
                  workAmount: l.workThisPeriod,
                  storedMaterials: l.storedMaterials,
                  evidence: ['ev-1'],
                }));
                state = attempt(state, command('RevisePayApplication', { applicationNumber: certified.applicationNumber, lines: again }, as.seller()), books);
                const revised = (state as ActiveBilling).applications.at(-1)!;
                const asBilled = revised.lines
                  .filter((l) => !money(l.workThisPeriod).isZero() || !money(l.storedMaterials).eq((submitted.toDate[l.line] ?? NOTHING_CERTIFIED).stored))
                  .map((l) => ({ line: l.line, decision: 'as_billed' as const }));
                state = attempt(
                  state,
                  command('CertifyPayApplication', { applicationNumber: revised.applicationNumber, revision: revised.revision, lines: asBilled }, as.buyer()),
                  books,
                );
              }
              const still = (state as ActiveBilling).applications.at(-1)!;
              if (still.status !== 'accepted') {
                state = attempt(
                  state,
                  command('AcceptCertification', { applicationNumber: still.applicationNumber, revision: still.revision }, as.seller()),
                  books,
                );
              }
            }
          }
          checkBooks(state as ActiveBilling, books);
        });
      }),
      { numRuns: 200 },
    );
    if (process.env.COVERAGE) console.log(seen);
  });
});
