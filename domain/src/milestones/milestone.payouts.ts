import type Decimal from 'decimal.js';

import { allocateCents, formatAmount, money, roundCents } from '../money/money';
import { retainageOf } from '../money/retainage';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone, VersionState } from './milestone.state';

/**
 * What a payee gets when a dispute releases `release` of the held money: shares in proportion
 * to what the buyer paid for each payee, the fee in proportion within each share, every cent
 * accounted for; the version's retainage is withheld from what is left for the payee.
 */
export function releaseShares(version: VersionState, release: Decimal) {
  const owed = version.terms.payees.map((p) => money(p.buyerOwes));
  const shares = allocateCents(release, owed);
  return version.terms.payees.map((p, i) => {
    const share = shares[i]!;
    const fee = roundCents(share.times(p.fee).dividedBy(p.buyerOwes));
    const retainage = retainageOf(share.minus(fee), version.terms.retainagePercent);
    return { payee: p, amount: share.minus(fee).minus(retainage), fee, retainage };
  });
}

/** One DisbursementRequested per payee with anything to receive: its full terms, or its share of a partial release. */
export function disbursementsFor(
  state: ActiveMilestone,
  version: VersionState,
  at: string,
  cause: 'completion' | 'dispute',
  shares?: ReturnType<typeof releaseShares>,
): MilestoneEvent[] {
  const parts =
    shares ?? version.terms.payees.map((p) => ({ payee: p, amount: money(p.net).minus(p.retainage), fee: money(p.fee), retainage: money(p.retainage) }));
  return parts
    .filter((part) => part.amount.plus(part.fee).plus(part.retainage).gt(0))
    .map((part) => ({
      type: 'DisbursementRequested' as const,
      data: {
        originalId: state.originalId,
        at,
        disbursementId: part.payee.payeeId,
        payeeId: part.payee.payeeId,
        companyId: part.payee.companyId,
        amount: formatAmount(part.amount),
        fee: formatAmount(part.fee),
        cause,
        retainage: formatAmount(part.retainage),
        lienWaiverState: version.terms.lienWaiverState,
      },
    }));
}
