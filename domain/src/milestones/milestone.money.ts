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

/** Settled deposits whose return window has passed: the only money that may leave escrow. */
export function clearedDeposits(state: ActiveMilestone): Decimal {
  return sum(state.deposits.filter((d) => d.status === 'settled' && d.clearedAt !== null).map((d) => money(d.amount)));
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

/** Taken out of escrow for payees: nets plus the platform fees that go with them. */
export function disbursedFromEscrow(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.map((d) => money(d.amount).plus(d.fee)));
}

export function feesTaken(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.map((d) => money(d.fee)));
}

export function paidToPayees(state: ActiveMilestone): Decimal {
  return sum(state.disbursements.filter((d) => d.status === 'paid').map((d) => money(d.amount)));
}

export function refunded(state: ActiveMilestone): Decimal {
  return sum(state.refunds.map((r) => money(r.amount)));
}

/** Money in escrow right now: settled deposits less what left for payees, fees and refunds. */
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

export function openDispute(state: ActiveMilestone): DisputeState | null {
  return state.disputes.find((d) => d.status === 'open') ?? null;
}
