import type Decimal from 'decimal.js';

import { money, sum } from '../money/money';
import type { ActiveMilestone, DisputeState, VersionState } from './milestone.state';

/** Pure readings of a milestone's state that the rules and the read side share. */
export function currentVersion(state: ActiveMilestone): VersionState | null {
  return state.versions.find((v) => v.versionId === state.currentVersionId) ?? null;
}

export function versionById(state: ActiveMilestone, versionId: number): VersionState | null {
  return state.versions.find((v) => v.versionId === versionId) ?? null;
}

export function settledDeposits(state: ActiveMilestone): Decimal {
  return sum(state.deposits.filter((d) => d.status === 'settled').map((d) => money(d.amount)));
}

/** A settled deposit still inside its return window, if any. */
export function clearingDeposit(state: ActiveMilestone) {
  return state.deposits.find((d) => d.status === 'settled' && d.clearedAt === null) ?? null;
}

/** Funded, and every settled deposit has cleared: its money can be disbursed or refunded. */
export function fundsCleared(state: ActiveMilestone): boolean {
  return isFunded(state) && clearingDeposit(state) === null;
}

export function pendingDeposit(state: ActiveMilestone) {
  return state.deposits.find((d) => d.status === 'pending') ?? null;
}

/** Taken out of escrow for payees: nets, the platform fees that go with them, and the retainage withheld from them. */
export function disbursedFromEscrow(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.map((d) => money(d.amount).plus(d.fee).plus(d.retainage)));
}

/** Moved from escrow into the retainage account, over the milestone's life. */
export function retainageWithheld(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.map((d) => money(d.retainage)));
}

/** Retainage still held: withheld less what was released to payees or refunded to the buyer. Never negative. */
export function retainageHeld(state: ActiveMilestone): Decimal {
  return retainageWithheld(state)
    .minus(sum(state.retainageReleases.map((r) => money(r.amount))))
    .minus(sum(state.retainageRefunds.map((r) => money(r.amount))));
}

/** The retainage each payee still has held, by payee id (mp_id); payees with none are left out. */
export function retainageHeldByPayee(state: ActiveMilestone): { payeeId: number; companyId: number; amount: Decimal }[] {
  return state.disbursements
    .map((d) => {
      const released = state.retainageReleases.filter((r) => r.payeeId === d.payeeId).map((r) => money(r.amount));
      const refunded = state.retainageRefunds.flatMap((r) => r.payees.filter((p) => p.payeeId === d.payeeId).map((p) => money(p.amount)));
      return { payeeId: d.payeeId, companyId: d.companyId, amount: money(d.retainage).minus(sum(released)).minus(sum(refunded)) };
    })
    .filter((p) => p.amount.gt(0));
}

export function feesTaken(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.map((d) => money(d.fee)));
}

/** What reached the payees: paid disbursements and paid retainage releases. */
export function paidToPayees(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.filter((d) => d.status === 'paid').map((d) => money(d.amount))).plus(
    sum(state.retainageReleases.filter((r) => r.status === 'paid').map((r) => money(r.amount))),
  );
}

export function refunded(state: ActiveMilestone): Decimal {
  return sum(state.refunds.map((r) => money(r.amount)));
}

/** Money in escrow right now: settled deposits less what left for payees, fees, retainage and refunds. */
export function held(state: ActiveMilestone): Decimal {
  return settledDeposits(state).minus(disbursedFromEscrow(state)).minus(refunded(state));
}

/** The buyer's settled deposits cover the current version's deposit total. */
export function isFunded(state: ActiveMilestone): boolean {
  const current = currentVersion(state);
  return current !== null && settledDeposits(state).gte(money(current.terms.depositTotal));
}

/**
 * Locked once funding is under way (a deposit pending or settled): the terms the money was
 * asked for can no longer change. A failed or returned deposit unlocks it again.
 */
export function isLocked(state: ActiveMilestone): boolean {
  return state.deposits.some((d) => d.status === 'pending' || d.status === 'settled');
}

/** Every cent that came in has gone out: to payees (with fees) or back to the buyer. */
export function isSettledOut(state: ActiveMilestone): boolean {
  return settledDeposits(state).gt(0) && held(state).isZero();
}

/** Settled out, and every payment out of it reached its payee or the buyer: nothing of it is still on its way. */
export function isPaidOut(state: ActiveMilestone): boolean {
  return isSettledOut(state) && state.disbursements.every((d) => d.status === 'paid') && state.refunds.every((r) => r.status === 'paid');
}

export function openDispute(state: ActiveMilestone): DisputeState | null {
  return state.disputes.find((d) => d.status === 'open') ?? null;
}
