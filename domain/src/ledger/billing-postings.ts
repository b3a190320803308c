import { formatAmount, money, sum } from '../money/money';
import type { BillingEvent } from '../progress-billing/events';
import { negate, post, type Posting } from './accounts';
const plus = (a: string, b: string) => formatAmount(money(a).plus(b));

/**
 * The postings of a progress-billed project's money events (docs/progress-billing.md#the-ledger).
 * Unlike a milestone, whose fee is taken at disbursement, a billing deposit's fee comes on top of
 * what escrow is credited, so the platform earns it when the debit settles (and loses it if the
 * bank takes the debit back). A funded payment draws the payees' shares and the period's
 * retainage from escrow at once; the retainage is held per payee until its release.
 */
export function billingPostings(event: BillingEvent): Posting[] {
  switch (event.type) {
    case 'BillingDepositSettled': {
      const { amount, fee } = event.data;
      return [post('escrow', amount), ...feePosting(fee, 1), post('buyer_funding', negate(plus(amount, fee)))];
    }
    case 'BillingDepositReturned': {
      const { amount, fee } = event.data;
      return [post('escrow', negate(amount)), ...feePosting(fee, -1), post('buyer_funding', plus(amount, fee))];
    }
    case 'PayApplicationPaymentFunded': {
      const { drawn, payouts, retained, retainage } = event.data;
      // A payment funded before retainage was recorded per payee (version 1) holds it unattributed.
      const unattributed = money(retainage).minus(sum(retained.map((r) => money(r.amount))));
      return [
        post('escrow', negate(drawn)),
        ...payouts.map((p) => post('payee_payable', p.amount, p.payeeId)),
        ...retained.filter((r) => !money(r.amount).isZero()).map((r) => post('retainage', r.amount, r.payeeId)),
        ...(unattributed.isZero() ? [] : [post('retainage', formatAmount(unattributed))]),
      ];
    }
    case 'BillingRetainageReleased':
      return event.data.payees.flatMap((p) => [post('retainage', negate(p.amount), p.payeeId), post('payee_payable', p.amount, p.payeeId)]);
    case 'BillingRetainageRefundRequested':
      // Forfeited by the payees: their held retainage becomes owed back to the buyer.
      return [...event.data.payees.map((p) => post('retainage', negate(p.amount), p.payeeId)), post('refunds_payable', event.data.total)];
    case 'BillingRetainageRefundPaid':
      return [post('refunds_payable', negate(event.data.amount)), post('buyer_refunds', event.data.amount)];
    case 'BillingBalanceReturned':
      // Cleared funds the contract no longer needs leave escrow, owed back to the buyer.
      return [post('escrow', negate(event.data.amount)), post('refunds_payable', event.data.amount)];
    case 'BillingBalanceReturnPaid':
      return [post('refunds_payable', negate(event.data.amount)), post('buyer_refunds', event.data.amount)];
    case 'BillingPayoutPaid':
      return [post('payee_payable', negate(event.data.amount), event.data.payeeId), post('payee_payouts', event.data.amount, event.data.payeeId)];
    default:
      return [];
  }
}

function feePosting(fee: string, sign: 1 | -1): Posting[] {
  if (money(fee).isZero()) return [];
  return [post('platform_fees', sign === 1 ? fee : negate(fee))];
}

/** The billing events that post to the ledger. */
export const BILLING_LEDGER_EVENT_TYPES = [
  'BillingDepositSettled',
  'BillingDepositReturned',
  'PayApplicationPaymentFunded',
  'BillingRetainageReleased',
  'BillingRetainageRefundRequested',
  'BillingRetainageRefundPaid',
  'BillingPayoutPaid',
  'BillingBalanceReturned',
  'BillingBalanceReturnPaid',
] as const satisfies readonly BillingEvent['type'][];
