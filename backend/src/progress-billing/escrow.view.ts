import {
  type ActiveBilling,
  type BalanceReturnView,
  type BillingBalanceReturn,
  type BillingDepositState,
  type BillingDepositView,
  escrowBalance,
  type EscrowBalanceView,
  formatAmount,
  formatDollars,
  shortfall,
} from '@escrow/domain';

import type { BillingViewer } from './billing-commands';

export const billingDepositView = (d: BillingDepositState): BillingDepositView => ({
  deposit_id: d.depositId,
  amount: d.amount,
  fee: d.fee,
  total: d.total,
  status: d.status,
  requested_at: d.requestedAt,
  clears_at: d.clearsAt,
  cleared: d.clearedAt !== null,
  bank_account_last4: d.bankAccountLast4,
  failure_reason: d.failureReason,
});

/** The balance, and the deposit the next draw needs, told to each side in its own words. */
export function escrowBalanceView(state: ActiveBilling, viewer: BillingViewer): EscrowBalanceView {
  const b = escrowBalance(state);
  const short = shortfall(state);
  const amount = short && formatDollars(short.amount);
  const message =
    short &&
    (viewer === 'customer'
      ? `Deposit ${amount} by ${short.by}: pay application ${short.applicationNumber} is paid only from cleared funds, and the balance does not cover it.`
      : `The escrow balance is ${amount} short of what pay application ${short.applicationNumber} draws; the buyer is asked to deposit it by ${short.by}. Payments are made only from cleared funds.`);
  return {
    pending: formatAmount(b.pending),
    clearing: formatAmount(b.clearing),
    cleared: formatAmount(b.cleared),
    retainage_held: formatAmount(b.retainageHeld),
    awaiting_payout: formatAmount(b.awaitingPayout),
    paid_out: formatAmount(b.paidOut),
    awaiting_refund: formatAmount(b.awaitingRefund),
    refunded: formatAmount(b.refunded),
    held: formatAmount(b.held),
    deposits: state.deposits.map(billingDepositView),
    shortfall: short && {
      code: 'deposit_needed',
      amount: formatAmount(short.amount),
      deposit_by: short.by,
      application_number: short.applicationNumber,
      message: message!,
    },
    returns: {
      returned: formatAmount(b.balanceReturned),
      returnable: formatAmount(b.returnable),
      returnable_at_once: formatAmount(b.returnableAtOnce),
      needs_seller: formatAmount(b.returnable.minus(b.returnableAtOnce)),
      list: (state.balanceReturns ?? []).map(balanceReturnView),
    },
  };
}

const balanceReturnView = (r: BillingBalanceReturn): BalanceReturnView => ({
  return_id: r.returnId,
  amount: r.amount,
  status: r.status === 'pending' ? 'awaiting_seller' : r.status === 'declined' ? 'declined' : r.paid ? 'paid' : 'returned',
  needs_seller: r.needsSeller,
  requested_by: r.requestedBy,
  requested_at: r.requestedAt,
  decided_by: r.decided?.by ?? null,
  decided_at: r.decided?.at ?? null,
  decline_reason: r.decided?.reason ?? null,
  paid_at: r.paid?.at ?? null,
});
