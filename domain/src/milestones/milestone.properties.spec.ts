import type Decimal from 'decimal.js';
import fc from 'fast-check';

import { postingsFor } from '../ledger/postings';
import { money, sum, ZERO } from '../money/money';
import type { CommandMetadata } from '../shared/command';
import { DomainError } from '../shared/errors';
import type { MilestoneCommand } from './commands';
import type { MilestoneEvent } from './events';
import { asVersionId } from './ids';
import { decideMilestone } from './milestone.decider';
import { evolveMilestone } from './milestone.evolve';
import { currentVersion, fundsCleared, held, isLocked, retainageHeld, retainageHeldByPayee, retainageWithheld } from './milestone.money';
import type { MilestoneState } from './milestone.state';
import { ADMIN, BUYER, DRAFT, ORIGINAL, PROJECT, RETAINED, SELLER, SELLER_COMPANY, SIGNED } from './milestone.test-kit';

/**
 * `expect(actual).toBe(expected)` for the checks made after every step of 10,000 histories:
 * jest's expect captures a stack trace on every call (58 % of this file's CPU, measured), so it
 * runs only when the two differ, to fail with its own message. The same verdict: toBe is Object.is.
 */
function toBe(actual: unknown, expected: unknown): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}

/**
 * Random command histories by random actors (buyer, seller, an outsider, an admin, the payment
 * provider) against the milestone rules; whatever the deciders accept must keep the money right.
 */
type Actor = 'buyer' | 'seller' | 'outsider' | 'admin' | 'system' | 'payee';

const actorArb = fc.constantFrom<Actor>('buyer', 'seller', 'buyer', 'seller', 'outsider', 'admin', 'system', 'system', 'payee');
const amountArb = fc.integer({ min: 1, max: 2_000_000 }).map((c) => (c / 100).toFixed(2));
const payeeArb = fc.oneof(
  fc.record({ companyId: fc.constantFrom(20, 30, 31), type: fc.constant('fixed' as const), amount: amountArb, includeFee: fc.boolean() }),
  fc.record({
    companyId: fc.constantFrom(30, 31),
    type: fc.constant('percent' as const),
    percentage: fc.integer({ min: 1, max: 60 }).map(String),
    includeFee: fc.boolean(),
  }),
);
const termsArb = fc.record({
  payees: fc.array(payeeArb, { minLength: 1, maxLength: 4 }),
  remainder: fc.boolean(),
  amount: amountArb,
});

/** Who would normally issue each kind of command; a fifth of the time someone else tries. */
const usualActors: Record<string, Actor[]> = {
  propose: ['seller', 'buyer'],
  edit: ['seller', 'buyer'],
  approve: ['buyer', 'seller'],
  reject: ['buyer', 'seller'],
  deposit: ['buyer'],
  settle: ['system'],
  fail: ['system'],
  clear: ['system'],
  return: ['system'],
  complete: ['seller', 'buyer'],
  uncomplete: ['seller', 'buyer'],
  paid: ['system'],
  dispute: ['buyer', 'seller'],
  respond: ['seller', 'buyer'],
  resolve: ['admin'],
  claim: ['buyer'],
  refundPaid: ['system'],
  releaseRetainage: ['system'],
  retainagePaid: ['system'],
  retainageRefundPaid: ['system'],
  signWaiver: ['payee', 'seller'],
  remind: ['system'],
};
const kindArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant('edit') },
  { weight: 6, arbitrary: fc.constant('approve') },
  { weight: 2, arbitrary: fc.constant('reject') },
  { weight: 4, arbitrary: fc.constant('deposit') },
  { weight: 4, arbitrary: fc.constant('settle') },
  { weight: 1, arbitrary: fc.constant('fail') },
  { weight: 4, arbitrary: fc.constant('clear') },
  { weight: 1, arbitrary: fc.constant('return') },
  { weight: 5, arbitrary: fc.constant('complete') },
  { weight: 1, arbitrary: fc.constant('uncomplete') },
  { weight: 3, arbitrary: fc.constant('paid') },
  { weight: 2, arbitrary: fc.constant('dispute') },
  { weight: 1, arbitrary: fc.constant('respond') },
  { weight: 2, arbitrary: fc.constant('resolve') },
  { weight: 1, arbitrary: fc.constant('claim') },
  { weight: 1, arbitrary: fc.constant('refundPaid') },
  { weight: 1, arbitrary: fc.constant('propose') },
  { weight: 2, arbitrary: fc.constant('releaseRetainage') },
  { weight: 2, arbitrary: fc.constant('retainagePaid') },
  { weight: 1, arbitrary: fc.constant('retainageRefundPaid') },
  { weight: 3, arbitrary: fc.constant('signWaiver') },
  { weight: 1, arbitrary: fc.constant('remind') },
);

/** Terms the rules accept: fixed amounts only, or percentages under 90% plus a remainder payee. */
const validTermsArb = fc.oneof(
  fc.record({
    payees: fc.array(fc.record({ companyId: fc.constantFrom(20, 30, 31), type: fc.constant('fixed' as const), amount: amountArb, includeFee: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
    remainder: fc.constant(false),
    amount: fc.constant(''),
  }),
  fc.record({
    payees: fc.array(
      fc.record({
        companyId: fc.constantFrom(30, 31),
        type: fc.constant('percent' as const),
        percentage: fc.integer({ min: 1, max: 29 }).map(String),
        includeFee: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    remainder: fc.constant(true),
    amount: fc.integer({ min: 100_00, max: 2_000_000 }).map((c) => (c / 100).toFixed(2)),
  }),
);

const stepArb = fc.record({
  kind: kindArb,
  usual: fc.integer({ min: 0, max: 9 }),
  anyActor: actorArb,
  pick: fc.nat(10),
  terms: termsArb,
  resolution: fc.constantFrom('release' as const, 'refund' as const, 'split' as const),
  fraction: fc.integer({ min: 1, max: 99 }),
  daysLater: fc.constantFrom(0, 1, 40),
  /** One step in ten acts on a project still a draft: it must never move money. */
  draft: fc.integer({ min: 0, max: 9 }),
});
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const prefixes: Step[][] = [];

function actorOf(step: Step): Actor {
  if (step.usual < 2) return step.anyActor;
  const usual = usualActors[step.kind]!;
  return usual[step.usual % usual.length]!;
}

const step = (kind: Step['kind'], actor: Actor): Step => ({ ...opening, kind, usual: 2 + usualActors[kind]!.indexOf(actor) });
const opening: Step = {
  kind: 'propose',
  usual: 5,
  anyActor: 'seller',
  pick: 0,
  terms: { payees: [{ companyId: 20, type: 'fixed', amount: '1000.00', includeFee: false }], remainder: false, amount: '1000.00' },
  resolution: 'release',
  fraction: 50,
  daysLater: 0,
  draft: 5,
};

function metadataFor(actor: Actor, now: string): CommandMetadata {
  switch (actor) {
    case 'buyer':
      return { now, actorId: BUYER, actorRole: 'customer' };
    case 'seller':
      return { now, actorId: SELLER, actorRole: 'company', actorCompanyId: SELLER_COMPANY };
    case 'outsider':
      return { now, actorId: 99, actorRole: 'company', actorCompanyId: 77 };
    case 'admin':
      return { now, actorId: ADMIN, actorRole: 'admin' };
    case 'system':
      return { now, actorId: 0, actorRole: 'system' };
    case 'payee':
      return { now, actorId: 301, actorRole: 'company', actorCompanyId: 30 };
  }
}

let nextId = 1000;
function commandFor(step: Step, state: MilestoneState, metadata: CommandMetadata, retained: boolean): MilestoneCommand {
  const payees = [...step.terms.payees, ...(step.terms.remainder ? [{ companyId: 31, type: 'remainder' as const, includeFee: false }] : [])];
  const content = { title: 'T', definition: 'D', position: 1, payees, amount: step.terms.amount, payeeIds: payees.map(() => nextId++) };
  const versions = state.status === 'active' ? state.versions : [];
  const pickVersion = () => versions[step.pick % Math.max(versions.length, 1)]?.versionId ?? ORIGINAL;
  const deposits = state.status === 'active' ? state.deposits : [];
  const disbursements = state.status === 'active' ? state.disbursements : [];
  const terms = retained ? { retainagePercent: RETAINED.retainagePercent, siteState: RETAINED.siteState } : {};
  const project = step.draft === 0 ? { ...DRAFT, ...terms } : { ...PROJECT, ...terms };
  const releases = state.status === 'active' ? state.retainageReleases : [];
  const pickDeposit = () => deposits[step.pick % Math.max(deposits.length, 1)]?.depositId ?? 1;
  switch (step.kind) {
    case 'propose':
      return { type: 'ProposeMilestone', data: { ...content, originalId: ORIGINAL, jobId: 7 }, metadata, project };
    case 'edit':
      return { type: 'ProposeMilestoneEdit', data: { ...content, versionId: asVersionId(nextId++), basedOnVersionId: pickVersion() }, metadata, project };
    case 'approve':
      return { type: 'ApproveMilestoneVersion', data: { versionId: pickVersion() }, metadata, project };
    case 'reject':
      return { type: 'RejectMilestoneVersion', data: { versionId: pickVersion() }, metadata, project };
    case 'deposit':
      // Both parties signed the agreement listing the version agreed now (the API draws it up so).
      return {
        type: 'RequestDeposit',
        data: { depositId: nextId++, bankAccountLast4: null, agreement: SIGNED(state.status === 'active' ? state.currentVersionId : null) },
        metadata,
        project,
      };
    case 'settle':
      return {
        type: 'SettleDeposit',
        data: {
          depositId: pickDeposit(),
          providerReference: 'p',
          responseDays: 30,
          clearsAt: new Date(Date.parse(metadata.now) + 2 * 86_400_000).toISOString(),
        },
        metadata,
      };
    case 'fail':
      return { type: 'FailDeposit', data: { depositId: pickDeposit(), reason: 'R01' }, metadata };
    case 'clear':
      return { type: 'ClearDeposit', data: { depositId: pickDeposit() }, metadata };
    case 'return':
      return { type: 'ReturnDeposit', data: { depositId: pickDeposit(), returnCode: 'R01', reason: 'Insufficient funds' }, metadata };
    case 'complete':
      return { type: 'MarkMilestoneComplete', data: { complete: true }, metadata, project };
    case 'uncomplete':
      return { type: 'MarkMilestoneComplete', data: { complete: false }, metadata, project };
    case 'paid':
      return {
        type: 'RecordDisbursementPaid',
        data: { disbursementId: disbursements[step.pick % Math.max(disbursements.length, 1)]?.disbursementId ?? 1, providerReference: 'p' },
        metadata,
      };
    case 'dispute':
      return { type: 'OpenDispute', data: { disputeId: nextId++, statement: 'Not done' }, metadata, project };
    case 'respond':
      return { type: 'RespondToDispute', data: { statement: 'It is done' }, metadata, project };
    case 'resolve': {
      const inEscrow = state.status === 'active' ? held(state) : ZERO;
      const refundAmount = inEscrow.times(step.fraction).dividedBy(100).toDecimalPlaces(2).toFixed(2);
      return { type: 'ResolveDispute', data: { resolution: step.resolution, refundAmount, note: '' }, metadata };
    }
    case 'claim':
      return { type: 'ClaimDeadlineRefund', data: {}, metadata, project };
    case 'refundPaid':
      return { type: 'RecordRefundPaid', data: { refundId: ORIGINAL, providerReference: 'p' }, metadata };
    case 'releaseRetainage':
      return {
        type: 'ReleaseRetainage',
        data: { resolution: step.resolution === 'refund' ? 'refund' : 'release', cause: step.resolution === 'release' ? 'approval' : 'dispute', refundId: 7 },
        metadata,
      };
    case 'retainagePaid':
      return {
        type: 'RecordRetainagePaid',
        data: {
          payeeId: releases[step.pick % Math.max(releases.length, 1)]?.payeeId ?? 1,
          providerReference: 'p',
          unconditionalWaiver: step.fraction % 2 ? { waiverHash: 'c'.repeat(64), waiverName: 'u' } : null,
        },
        metadata,
      };
    case 'retainageRefundPaid':
      return { type: 'RecordRetainageRefundPaid', data: { refundId: 7, providerReference: 'p' }, metadata };
    case 'signWaiver': {
      const payments = [...disbursements.map((d) => ['disbursement', d.payeeId] as const), ...releases.map((r) => ['retainage', r.payeeId] as const)];
      const [payment, payeeId] = payments[step.pick % Math.max(payments.length, 1)] ?? ['disbursement', 1];
      return {
        type: 'SignLienWaiver',
        data: {
          payment,
          payeeId,
          kind: step.fraction % 3 ? 'conditional' : 'unconditional',
          signedName: 'Pat Payee',
          legalName: 'Pat Payee',
          waiverHash: 'b'.repeat(64),
          waiverName: `w-${payeeId}`,
        },
        metadata,
      };
    }
    case 'remind':
      return { type: 'RemindOfHeldFunds', data: { reason: `r${step.pick % 3}`, to: 'buyer', companyId: null, heldSince: metadata.now }, metadata };
    default:
      throw new Error(`unknown step ${step.kind}`);
  }
}

prefixes.push(
  [],
  [opening],
  [opening, step('approve', 'buyer'), step('approve', 'seller')],
  [opening, step('approve', 'buyer'), step('approve', 'seller'), step('deposit', 'buyer'), step('settle', 'system')],
  [
    opening,
    step('approve', 'buyer'),
    step('approve', 'seller'),
    step('deposit', 'buyer'),
    step('settle', 'system'),
    { ...step('clear', 'system'), daysLater: 40 as const },
  ],
  // Completed by both: disbursed (with retainage withheld on retained projects), waivers and releases next.
  [
    opening,
    step('approve', 'buyer'),
    step('approve', 'seller'),
    step('deposit', 'buyer'),
    step('settle', 'system'),
    { ...step('clear', 'system'), daysLater: 40 as const },
    step('complete', 'seller'),
    step('complete', 'buyer'),
  ],
);

/** Posts one event's postings into the running balances (per account, and per payee for retainage). */
function post(balances: Map<string, Decimal>, event: MilestoneEvent): void {
  const postings = postingsFor(event);
  toBe(sum(postings.map((p) => money(p.amount))).isZero(), true); // every set balances
  for (const p of postings) {
    balances.set(p.account, (balances.get(p.account) ?? ZERO).plus(p.amount));
    if (p.account === 'retainage') balances.set(`retainage:${p.companyId}`, (balances.get(`retainage:${p.companyId}`) ?? ZERO).plus(p.amount));
  }
}

/** The invariants, checked from the ledger postings, independently of the state's own sums. */
function checkInvariants(balances: Map<string, Decimal>, state: MilestoneState, lockedTerms: { versionId: number; terms: string } | null): void {
  const balance = (account: string) => balances.get(account) ?? ZERO;
  const escrow = balance('escrow');
  toBe(escrow.gte(0), true); // escrow per milestone never negative
  const settled = balance('buyer_funding').negated();
  const disbursed = balance('payee_payable').plus(balance('payee_payouts'));
  const fees = balance('platform_fees');
  const refunds = balance('refunds_payable').plus(balance('buyer_refunds'));
  const retainage = balance('retainage');
  toBe(settled.toFixed(2), disbursed.plus(fees).plus(refunds).plus(escrow).plus(retainage).toFixed(2)); // to the cent
  if (state.status === 'active') {
    toBe(held(state).toFixed(2), escrow.toFixed(2));
    // Retainage: held + released + refunded = withheld; held is never negative, per payee too.
    const released = sum(state.retainageReleases.map((r) => money(r.amount)));
    const refundedRetainage = sum(state.retainageRefunds.map((r) => money(r.amount)));
    toBe(retainageHeld(state).plus(released).plus(refundedRetainage).toFixed(2), retainageWithheld(state).toFixed(2));
    toBe(retainageHeld(state).toFixed(2), retainage.toFixed(2));
    toBe(retainage.gte(0), true);
    for (const [key, amount] of balances) if (key.startsWith('retainage:')) toBe(amount.gte(0), true);
    toBe(
      retainageHeldByPayee(state).every((p) => p.amount.gt(0)),
      true,
    );
    if (lockedTerms) {
      const current = currentVersion(state);
      toBe(current?.versionId, lockedTerms.versionId); // a locked milestone keeps its approved terms
      toBe(JSON.stringify(current?.terms), lockedTerms.terms);
    }
  }
}

describe('milestone invariants over random command histories', () => {
  it('hold for every history the rules accept', () => {
    let accepted = 0;
    let disbursedHistories = 0;
    let refundedHistories = 0;
    let returnedHistories = 0;
    let releasedHistories = 0;
    let retainageRefundHistories = 0;
    let waiverHistories = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        validTermsArb,
        fc.array(stepArb, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (head, openingTerms, randomSteps, retained) => {
          // Some histories start further along, so the later rules get exercised as often as the early ones.
          const steps = [...prefixes[head]!.map((s, i) => (i === 0 ? { ...s, terms: openingTerms } : s)), ...randomSteps];
          let state: MilestoneState = { status: 'none' };
          const history: MilestoneEvent[] = [];
          const balances = new Map<string, Decimal>();
          let lockedTerms: { versionId: number; terms: string } | null = null;
          let clock = Date.parse('2026-01-01T00:00:00.000Z');
          for (const step of steps) {
            clock += 60_000 + step.daysLater * 86_400_000;
            const command = commandFor(step, state, metadataFor(actorOf(step), new Date(clock).toISOString()), retained);
            let events: MilestoneEvent[];
            try {
              events = decideMilestone(command, state);
            } catch (error) {
              if (error instanceof DomainError) continue; // refused: nothing changes
              throw error;
            }
            accepted += events.length > 0 ? 1 : 0;
            if ('project' in command && command.project.status === 'draft') {
              // A draft moves no money and gathers no approvals: only proposals and edits pass.
              toBe(
                events.every((e) => e.type === 'MilestoneProposed' || e.type === 'MilestoneEditProposed'),
                true,
              );
            }
            const clearedBefore = state.status === 'active' && fundsCleared(state);
            for (const event of events) {
              if (event.type === 'DisbursementRequested' || event.type === 'RefundRequested') {
                // money leaves escrow only once the deposit is past its return window
                toBe(clearedBefore || events.some((e) => e.type === 'DepositCleared'), true);
              }
              if (event.type === 'DisbursementRequested' && event.data.cause === 'completion') {
                // disbursements only after both parties completed
                toBe(state.status === 'active' && (state.completedByBoth || events.some((e) => e.type === 'MilestoneCompletedByBoth')), true);
              }
              if (event.type === 'DisbursementRequested' && event.data.cause === 'dispute') {
                toBe(
                  events.some((e) => e.type === 'DisputeResolved'),
                  true,
                );
              }
              state = evolveMilestone(state, event);
              history.push(event);
              post(balances, event);
            }
            if (state.status === 'active') {
              if (isLocked(state)) {
                const current = currentVersion(state)!;
                lockedTerms ??= { versionId: current.versionId, terms: JSON.stringify(current.terms) };
              } else {
                lockedTerms = null; // a failed deposit unlocks
              }
            }
            checkInvariants(balances, state, lockedTerms);
          }
          if (history.some((e) => e.type === 'DisbursementRequested')) disbursedHistories++;
          if (history.some((e) => e.type === 'RefundRequested')) refundedHistories++;
          if (history.some((e) => e.type === 'DepositReturned')) returnedHistories++;
          if (history.some((e) => e.type === 'RetainageReleased')) releasedHistories++;
          if (history.some((e) => e.type === 'RetainageRefundRequested')) retainageRefundHistories++;
          if (history.some((e) => e.type === 'LienWaiverSigned')) waiverHistories++;
        },
      ),
      { numRuns: 10_000, seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
    // The generator must reach the interesting states, or the properties prove little.
    process.stdout.write(
      `property histories: ${accepted} accepted commands, ${disbursedHistories} with disbursements, ${refundedHistories} with refunds, ${returnedHistories} with returned deposits, ${releasedHistories} with retainage released, ${retainageRefundHistories} refunded, ${waiverHistories} with signed waivers\n`,
    );
    expect(accepted).toBeGreaterThan(20_000);
    expect(disbursedHistories).toBeGreaterThan(150);
    expect(refundedHistories).toBeGreaterThan(50);
    expect(returnedHistories).toBeGreaterThan(50);
    expect(releasedHistories).toBeGreaterThan(20);
    expect(retainageRefundHistories).toBeGreaterThan(10);
    expect(waiverHistories).toBeGreaterThan(20);
  }, 120_000);
});
