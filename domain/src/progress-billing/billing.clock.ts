import type { MustAct } from '../milestones/milestone.clock';
import { formatAmount, formatDollars } from '../money/money';
import { escrowBalance, shortfall } from './billing.escrow';
import type { ActiveBilling } from './billing.state';
import { openApplication } from './billing.state';
import { payoutsAwaitingWaiver } from './billing.waivers';

/**
 * The clock on a progress-billed project's held funds, the milestone clock's twin for the admin
 * dashboard: what escrow holds for the project (from the balance the parties see, so the two
 * never disagree), since when, the next date that matters and who must act.
 */
export interface BillingHeldFunds {
  /** Deposits settled and not drawn yet: clearing (inside the return window) and cleared. */
  inEscrow: string;
  retainageHeld: string;
  /** In escrow, owed to payees and not paid out yet, and retained. */
  inCustody: string;
  /** When the oldest settled deposit still counted arrived, or null when nothing is held. */
  heldSince: string | null;
  /** When the earliest clearing deposit clears. */
  next: { kind: 'funds_clear'; at: string } | null;
  mustAct: MustAct[];
}

/** Pure: everything comes from the folded state. */
export function billingHeldFunds(s: ActiveBilling): BillingHeldFunds {
  const b = escrowBalance(s);
  const inEscrow = b.clearing.plus(b.cleared);
  const settled = s.deposits.filter((d) => d.status === 'settled' && d.settledAt !== null);
  const heldSince = b.held.gt(0) ? ([...settled.map((d) => d.settledAt!)].sort()[0] ?? null) : null;
  const clearsAt = settled.filter((d) => d.clearedAt === null && d.clearsAt !== null).map((d) => d.clearsAt!);
  const next = clearsAt.length > 0 ? { kind: 'funds_clear' as const, at: [...clearsAt].sort()[0]! } : null;

  const mustAct: MustAct[] = [];
  const short = shortfall(s);
  if (short) {
    mustAct.push({
      who: 'buyer',
      companyId: null,
      reason: `billing_deposit:${short.applicationNumber}`,
      action: `Deposit ${formatDollars(short.amount)} by ${short.by}`,
      since: null,
    });
  }
  const open = openApplication(s);
  if (open && open.certification === null) {
    // The certifier the buyer named may certify instead; the buyer answers for it.
    const action = `Certify pay application ${open.applicationNumber}${s.certifier ? ' (or the certifier named)' : ''}`;
    mustAct.push({ who: 'buyer', companyId: null, reason: `certify:${open.applicationNumber}`, action, since: null });
  } else if (open) {
    mustAct.push({
      who: 'seller',
      companyId: null,
      reason: `accept_certificate:${open.applicationNumber}`,
      action: `Accept or revise the certificate of pay application ${open.applicationNumber}`,
      since: null,
    });
  }
  for (const p of payoutsAwaitingWaiver(s)) {
    mustAct.push({
      who: 'payee',
      companyId: p.payeeId,
      reason: `conditional_waiver:billing:${p.payoutId}`,
      action: `Sign the conditional lien waiver for ${formatDollars(p.amount)}`,
      since: p.fundedAt,
    });
  }
  if (s.retainageRequest) {
    const approver = s.retainageRequest.party === 'customer' ? 'seller' : 'buyer';
    mustAct.push({ who: approver, companyId: null, reason: 'approve_retainage', action: 'Approve the retainage release', since: s.retainageRequest.at });
  }
  return {
    inEscrow: formatAmount(inEscrow),
    retainageHeld: formatAmount(b.retainageHeld),
    inCustody: formatAmount(b.held),
    heldSince,
    next,
    mustAct,
  };
}
