import type { MilestoneEvent } from '../milestones/events';
import { formatAmount, money } from '../money/money';
import { BILLING_EVENT_TYPES, type BillingEvent } from '../progress-billing/events';
import { negate, post, type Posting } from './accounts';
import { billingPostings } from './billing-postings';

export type { Posting } from './accounts';

/** Balanced postings of one event (a milestone's or a progress-billed project's); empty for events that move no money. */
export function postingsFor(event: MilestoneEvent | BillingEvent): Posting[] {
  if (isBillingEvent(event)) return billingPostings(event);
  switch (event.type) {
    case 'DepositSettled':
      return [post('escrow', event.data.amount), post('buyer_funding', negate(event.data.amount))];
    case 'DepositReturned':
      // The bank took the debit back inside the return window: the settlement is reversed.
      return [post('escrow', negate(event.data.amount)), post('buyer_funding', event.data.amount)];
    case 'DisbursementRequested': {
      const out = formatAmount(money(event.data.amount).plus(event.data.fee).plus(event.data.retainage));
      const postings = [post('escrow', negate(out)), post('payee_payable', event.data.amount, event.data.companyId)];
      if (money(event.data.fee).gt(0)) postings.push(post('platform_fees', event.data.fee));
      if (money(event.data.retainage).gt(0)) postings.push(post('retainage', event.data.retainage, event.data.companyId));
      return postings;
    }
    case 'RetainageReleased':
      return [post('retainage', negate(event.data.amount), event.data.companyId), post('payee_payable', event.data.amount, event.data.companyId)];
    case 'RetainagePaid':
      return [post('payee_payable', negate(event.data.amount), event.data.companyId), post('payee_payouts', event.data.amount, event.data.companyId)];
    case 'RetainageRefundRequested':
      return [...event.data.payees.map((p) => post('retainage', negate(p.amount), p.companyId)), post('refunds_payable', event.data.amount)];
    case 'RetainageRefundPaid':
      return [post('refunds_payable', negate(event.data.amount)), post('buyer_refunds', event.data.amount)];
    case 'DisbursementPaid':
      return [post('payee_payable', negate(event.data.amount), event.data.companyId), post('payee_payouts', event.data.amount, event.data.companyId)];
    case 'RefundRequested':
      return [post('escrow', negate(event.data.amount)), post('refunds_payable', event.data.amount)];
    case 'RefundPaid':
      return [post('refunds_payable', negate(event.data.amount)), post('buyer_refunds', event.data.amount)];
    default:
      return [];
  }
}

const BILLING_TYPES: ReadonlySet<string> = new Set<BillingEvent['type']>(BILLING_EVENT_TYPES);
const isBillingEvent = (event: MilestoneEvent | BillingEvent): event is BillingEvent => BILLING_TYPES.has(event.type);
