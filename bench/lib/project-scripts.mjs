// What happens in a generated project, step by step. Each script is a JS generator that yields
// one command at a time ({ stream: 'project' | 'milestone', key, command }); the driver decides it
// with the domain's own decider on the current state and sends the events back. Nothing here
// invents an event: if a script asks for something the rules refuse, the generator throws.

const SERVICES = [
  'General Contracting',
  'Roofing',
  'Plumbing',
  'Electrical',
  'Framing',
  'Concrete',
  'HVAC',
  'Painting',
  'Flooring',
  'Landscaping',
  'Solar',
  'Drywall',
];
const TITLES = [
  'Demolition',
  'Foundation',
  'Framing',
  'Rough plumbing',
  'Rough electrical',
  'Roof',
  'Insulation',
  'Drywall',
  'Cabinets and counters',
  'Flooring',
  'Paint',
  'Final finishes',
];
const DEFINITIONS = [
  'Work complete as drawn, inspected and passed by the county inspector, site left broom clean.',
  'Materials delivered and installed per the agreed plan; owner walkthrough done with a punch list under five items.',
  'Everything in the scope sheet finished, photos uploaded, permits closed out.',
];

/** A small seeded PRNG (mulberry32): the same seed generates the same ledger. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeHelpers(rng) {
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const chance = (p) => rng() < p;
  const between = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
  const dollars = (lo, hi) => `${between(lo, hi)}.${String(between(0, 99)).padStart(2, '0')}`;
  return { pick, chance, between, dollars };
}

/** 1–3 payees: the seller alone mostly, sometimes with subcontractors on fixed, percent or remainder shares. */
function payeesFor(h, sellerCompanyId, companies) {
  const others = [];
  while (others.length < 2) {
    const c = h.pick(companies);
    if (c !== sellerCompanyId && !others.includes(c)) others.push(c);
  }
  const shape = h.between(1, 10);
  if (shape <= 6) return { payees: [{ companyId: sellerCompanyId, type: 'fixed', amount: h.dollars(800, 25000), includeFee: h.chance(0.2) }], amount: null };
  if (shape <= 8) {
    return {
      payees: [
        { companyId: sellerCompanyId, type: 'fixed', amount: h.dollars(2000, 15000), includeFee: false },
        { companyId: others[0], type: 'fixed', amount: h.dollars(500, 6000), includeFee: h.chance(0.5) },
      ],
      amount: null,
    };
  }
  // Percent and remainder payees need the milestone amount.
  return {
    payees: [
      { companyId: sellerCompanyId, type: 'fixed', amount: h.dollars(3000, 9000), includeFee: false },
      { companyId: others[0], type: 'percent', percentage: String(h.between(5, 25)), includeFee: h.chance(0.5) },
      { companyId: others[1], type: 'remainder', includeFee: false },
    ],
    amount: h.dollars(15000, 40000),
  };
}

/**
 * A typical project: drafted and submitted, both sides sign the agreement, 2–6 milestones are
 * proposed, negotiated (sometimes rejected and edited), funded (sometimes a failed ACH debit
 * first), completed and paid out, or disputed and resolved by an admin with a release, a refund
 * or a split. Some projects stop half-way, as real ones do.
 */
export function* typicalProject(ctx) {
  const { h, ids, people } = ctx;
  const buyer = h.pick(people.buyers);
  const seller = h.pick(people.sellers);
  const jobId = ids.next('job');
  const customerInitiated = h.chance(0.3);
  const asBuyer = () => ctx.meta(buyer, 'customer', null);
  const asSeller = () => ctx.meta(seller.userId, 'company', seller.companyId);
  const asSystem = () => ctx.meta(0, 'system', null);
  const asAdmin = () => ctx.meta(people.adminId, 'admin', null);
  const creator = customerInitiated ? asBuyer : asSeller;
  const project = (command) => ({ stream: 'project', key: jobId, jobId, command });
  const milestone = (originalId, command) => ({ stream: 'milestone', key: originalId, jobId, command });

  yield project({
    type: 'CreateJobDraft',
    data: { jobId, customerId: buyer, primaryCompanyId: seller.companyId, service: h.pick(SERVICES), customerInitiated },
    metadata: creator(),
  });
  if (h.chance(0.1))
    yield project({ type: 'UpdateJobBasics', data: { customerId: buyer, primaryCompanyId: seller.companyId, service: h.pick(SERVICES) }, metadata: creator() });

  // The milestones are proposed on the draft; submitting needs at least one.
  const count = h.between(2, 6);
  const milestones = [];
  for (let position = 1; position <= count; position++) {
    const originalId = ids.next('version');
    const { payees, amount } = payeesFor(h, seller.companyId, people.companies);
    const byBuyer = customerInitiated && h.chance(0.3);
    yield milestone(originalId, {
      type: 'ProposeMilestone',
      data: {
        originalId,
        jobId,
        title: `${h.pick(TITLES)} (${position})`,
        definition: h.pick(DEFINITIONS),
        position,
        payees,
        amount,
        payeeIds: ids.many('payee', payees.length),
      },
      metadata: byBuyer ? asBuyer() : asSeller(),
    });
    milestones.push({ originalId, position, proposer: byBuyer ? 'customer' : 'company', head: originalId });
  }
  yield project({ type: 'SubmitJob', data: { milestoneCount: count }, metadata: creator() });
  // Both parties sign before the first deposit.
  const hash = ctx.hex(64);
  for (const [party, as] of [
    ['customer', asBuyer],
    ['company', asSeller],
  ]) {
    yield project({
      type: 'SignProjectAgreement',
      data: {
        party,
        signedName: party === 'customer' ? 'Pat Owner' : 'Sam Builder',
        legalName: party === 'customer' ? 'Pat Owner' : 'Sam Builder',
        agreementHash: hash,
        contractName: `escrow-agreement-job-${jobId}-${hash.slice(0, 12)}`,
      },
      metadata: as(),
    });
  }

  for (const m of milestones) {
    if (h.chance(0.04)) return; // the project stalls here: later milestones stay proposed
    const reviewer = m.proposer === 'customer' ? asSeller : asBuyer;
    const author = m.proposer === 'customer' ? asBuyer : asSeller;
    // Negotiation: a rejection invites an edit (a new version), sometimes twice.
    let rounds = h.chance(0.2) ? (h.chance(0.3) ? 2 : 1) : 0;
    while (rounds-- > 0) {
      yield milestone(m.originalId, {
        type: 'RejectMilestoneVersion',
        data: { versionId: m.head, reason: h.chance(0.5) ? 'Please split out the permit fees.' : null },
        metadata: reviewer(),
      });
      const versionId = ids.next('version');
      const { payees, amount } = payeesFor(h, seller.companyId, people.companies);
      yield milestone(m.originalId, {
        type: 'ProposeMilestoneEdit',
        data: {
          versionId,
          basedOnVersionId: m.head,
          title: `${h.pick(TITLES)} (${m.position}, revised)`,
          definition: h.pick(DEFINITIONS),
          position: m.position,
          payees,
          amount,
          payeeIds: ids.many('payee', payees.length),
        },
        metadata: author(),
      });
      m.head = versionId;
    }
    yield milestone(m.originalId, { type: 'ApproveMilestoneVersion', data: { versionId: m.head }, metadata: author() });
    yield milestone(m.originalId, { type: 'ApproveMilestoneVersion', data: { versionId: m.head }, metadata: reviewer() });
    if (h.chance(0.03)) continue; // agreed but never funded

    if (h.chance(0.04)) {
      const failed = ids.next('deposit');
      yield milestone(m.originalId, {
        type: 'RequestDeposit',
        data: { depositId: failed, bankAccountLast4: '4321', agreement: { versionId: m.head, customer: 'signed', company: 'signed' } },
        metadata: asBuyer(),
      });
      yield milestone(m.originalId, { type: 'FailDeposit', data: { depositId: failed, reason: 'R01 insufficient funds' }, metadata: asSystem() });
    }
    const depositId = ids.next('deposit');
    yield milestone(m.originalId, {
      type: 'RequestDeposit',
      data: { depositId, bankAccountLast4: '6789', agreement: { versionId: m.head, customer: 'signed', company: 'signed' } },
      metadata: asBuyer(),
    });
    const settling = asSystem();
    const clearsAt = new Date(Date.parse(settling.now) + 2 * 86_400_000).toISOString();
    yield milestone(m.originalId, {
      type: 'SettleDeposit',
      data: { depositId, providerReference: `sbx_${depositId}`, responseDays: 30, clearsAt },
      metadata: settling,
    });
    // The generated clock moves on far less than the return window between events: clear at the window's end.
    yield milestone(m.originalId, { type: 'ClearDeposit', data: { depositId }, metadata: { ...asSystem(), now: clearsAt } });

    let paid;
    if (h.chance(0.07)) {
      const opener = h.chance(0.75) ? 'customer' : 'company';
      yield milestone(m.originalId, {
        type: 'OpenDispute',
        data: { disputeId: ids.next('dispute'), statement: 'The work does not match the agreed completion criteria.' },
        metadata: opener === 'customer' ? asBuyer() : asSeller(),
      });
      if (h.chance(0.8))
        yield milestone(m.originalId, {
          type: 'RespondToDispute',
          data: { statement: 'We finished what the scope sheet lists; happy to walk it with you.' },
          metadata: opener === 'customer' ? asSeller() : asBuyer(),
        });
      const roll = h.between(1, 10);
      const resolution = roll <= 4 ? 'release' : roll <= 7 ? 'refund' : 'split';
      paid = yield milestone(m.originalId, {
        type: 'ResolveDispute',
        data: { resolution, refundAmount: resolution === 'split' ? '100.00' : null, note: 'Resolved after reviewing photos from both parties.' },
        metadata: asAdmin(),
      });
    } else {
      yield milestone(m.originalId, { type: 'MarkMilestoneComplete', data: { complete: true }, metadata: asSeller() });
      if (h.chance(0.03)) {
        yield milestone(m.originalId, { type: 'MarkMilestoneComplete', data: { complete: false }, metadata: asSeller() });
        yield milestone(m.originalId, { type: 'MarkMilestoneComplete', data: { complete: true }, metadata: asSeller() });
      }
      paid = yield milestone(m.originalId, { type: 'MarkMilestoneComplete', data: { complete: true }, metadata: asBuyer() });
    }
    // The provider pays every disbursement and refund the decision requested.
    for (const event of paid) {
      if (event.type === 'DisbursementRequested') {
        yield milestone(m.originalId, {
          type: 'RecordDisbursementPaid',
          data: { disbursementId: event.data.disbursementId, providerReference: `sbx_p${event.data.disbursementId}` },
          metadata: asSystem(),
        });
      } else if (event.type === 'RefundRequested') {
        yield milestone(m.originalId, {
          type: 'RecordRefundPaid',
          data: { refundId: event.data.refundId, providerReference: `sbx_r${event.data.refundId}` },
          metadata: asSystem(),
        });
      }
    }
  }
}

/**
 * A project of the demo buyer with the demo seller whose milestones wait for the buyer: either
 * for an approval (the seller may have approved already), or agreed and waiting for the
 * deposit. The HTTP benchmark approves and funds them, one request per milestone. A project
 * waiting for deposits is left unsigned: its agreement lists the agreed milestones, and both
 * parties sign that text through the API before the deposits (bench/lib/deposit-preconditions.mjs),
 * as the product asks of them (a signature of an earlier text does not let money move).
 */
export function* waitingForBuyerProject(ctx, kinds) {
  const { ids, people } = ctx;
  const { buyerId, sellerId, sellerCompanyId } = people.demo;
  const jobId = ids.next('job');
  const asBuyer = () => ctx.meta(buyerId, 'customer', null);
  const asSeller = () => ctx.meta(sellerId, 'company', sellerCompanyId);
  const project = (command) => ({ stream: 'project', key: jobId, jobId, command });
  const milestone = (originalId, command) => ({ stream: 'milestone', key: originalId, jobId, command });
  yield project({
    type: 'CreateJobDraft',
    data: { jobId, customerId: buyerId, primaryCompanyId: sellerCompanyId, service: ctx.h.pick(SERVICES), customerInitiated: false },
    metadata: asSeller(),
  });
  yield project({ type: 'SubmitJob', data: { milestoneCount: kinds.length }, metadata: asSeller() });
  const forDeposits = kinds.includes('deposit');
  const hash = ctx.hex(64);
  for (const [party, as] of forDeposits
    ? []
    : [
        ['customer', asBuyer],
        ['company', asSeller],
      ]) {
    yield project({
      type: 'SignProjectAgreement',
      data: {
        party,
        signedName: party === 'customer' ? 'Jordan Buyer' : 'Sam Seller',
        legalName: party === 'customer' ? 'Jordan Buyer' : 'Sam Seller',
        agreementHash: hash,
        contractName: `escrow-agreement-job-${jobId}-${hash.slice(0, 12)}`,
      },
      metadata: as(),
    });
  }
  ctx.targets.jobs.push(jobId);
  if (forDeposits) ctx.targets.depositJobs.push(jobId);
  let position = 0;
  for (const kind of kinds) {
    const originalId = ids.next('version');
    const { payees, amount } = payeesFor(ctx.h, sellerCompanyId, people.companies);
    yield milestone(originalId, {
      type: 'ProposeMilestone',
      data: {
        originalId,
        jobId,
        title: `${ctx.h.pick(TITLES)} (${++position})`,
        definition: ctx.h.pick(DEFINITIONS),
        position,
        payees,
        amount,
        payeeIds: ids.many('payee', payees.length),
      },
      metadata: asSeller(),
    });
    if (kind === 'deposit' || ctx.h.chance(0.5))
      yield milestone(originalId, { type: 'ApproveMilestoneVersion', data: { versionId: originalId }, metadata: asSeller() });
    if (kind === 'deposit') yield milestone(originalId, { type: 'ApproveMilestoneVersion', data: { versionId: originalId }, metadata: asBuyer() });
    ctx.targets[kind].push(originalId);
  }
}
