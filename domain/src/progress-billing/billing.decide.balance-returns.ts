import { formatAmount, MAX_AMOUNT_TEXT, money, readAmount } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, forbidden, invalid, notFound, unprocessable } from '../shared/errors';
import { balanceSurplus, escrowBalance } from './billing.escrow';
import { readReason, requireParty, requireSchedule, requireSubmitted } from './billing.rules';
import type { ActiveBilling, BillingBalanceReturn, BillingState } from './billing.state';
import type { ApproveBillingBalanceReturn, DeclineBillingBalanceReturn, RequestBillingBalanceReturn } from './commands';
import type { BillingEvent } from './events';

export type BalanceReturnCommand = RequestBillingBalanceReturn | ApproveBillingBalanceReturn | DeclineBillingBalanceReturn;

/**
 * The buyer gets back escrow funds the contract no longer needs (docs/progress-billing.md#returning-unused-funds).
 * Only the cleared balance no payment has drawn can go back (a deposit still clearing may yet be
 * taken back by the bank). Up to the surplus — that balance less what the contract sum to date
 * still has to draw, or what the waiting payments and the open application need if more — the
 * return is made at once: nothing the seller is owed or will bill under the contract is touched.
 * Beyond it the seller must consent (the remaining contract goes unfunded, as when the parties
 * stop the work early), by approving; or declines. One request waits at a time. A returned
 * amount is one refund to the buyer, numbered with the retainage refunds so that the provider's
 * refund report (RecordBillingRetainageRefundPaid) pays either.
 */
export function decideBalanceReturn(command: BalanceReturnCommand, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  const s = requireSchedule(state);
  switch (command.type) {
    case 'RequestBillingBalanceReturn': {
      if (requireParty(project, metadata, 'ask for escrow funds back') !== 'customer') {
        throw forbidden('buyer_only', 'Only the buyer can ask for escrow funds back.');
      }
      requireSubmitted(project, 'ask for escrow funds back');
      const amount = readReturnAmount(command.data.amount);
      if (pendingReturn(s))
        throw conflict('balance_return_pending', 'A return of escrow funds is waiting for the seller: it must be approved or declined first.');
      const { returnable } = escrowBalance(s);
      if (returnable.lte(0))
        throw conflict('nothing_to_return', 'The escrow balance holds no cleared funds that no payment has drawn: there is nothing to return.');
      if (amount.gt(returnable)) {
        throw conflict('more_than_balance', `At most ${formatAmount(returnable)} of cleared funds no payment has drawn can be returned: ask for less.`);
      }
      const surplus = balanceSurplus(s);
      const needsSeller = amount.gt(surplus);
      const returnId = (s.balanceReturns?.length ?? 0) + 1;
      const requested: BillingEvent = {
        type: 'BillingBalanceReturnRequested',
        data: { jobId: s.jobId, returnId, amount: formatAmount(amount), surplus: formatAmount(surplus), needsSeller, by: metadata.actorId, at },
      };
      return needsSeller ? [requested] : [requested, returnedOf(s, returnId, formatAmount(amount), at)];
    }
    case 'ApproveBillingBalanceReturn':
    case 'DeclineBillingBalanceReturn': {
      const doing = command.type === 'ApproveBillingBalanceReturn' ? 'approve a return of escrow funds' : 'decline a return of escrow funds';
      if (requireParty(project, metadata, doing) !== 'company') throw forbidden('seller_only', `Only the seller can ${doing}.`);
      const request = (s.balanceReturns ?? []).find((r) => r.returnId === command.data.returnId);
      if (!request) throw notFound('balance_return_not_found', `There is no return ${command.data.returnId} of escrow funds on this project.`);
      if (request.status !== 'pending')
        throw conflict('balance_return_decided', `This return of escrow funds was already ${request.status === 'declined' ? 'declined' : 'approved'}.`);
      const base = { jobId: s.jobId, returnId: request.returnId, by: metadata.actorId, at };
      if (command.type === 'DeclineBillingBalanceReturn') {
        return [{ type: 'BillingBalanceReturnDeclined', data: { ...base, reason: readReason(command.data.reason, 'reason', false) } }];
      }
      // Decided on the balance now: a payment funded since the request may have drawn part of it.
      const { returnable } = escrowBalance(s);
      if (money(request.amount).gt(returnable)) {
        throw conflict(
          'more_than_balance',
          `Only ${formatAmount(returnable)} of cleared funds is left undrawn: decline this return and let the buyer ask again.`,
        );
      }
      return [{ type: 'BillingBalanceReturnApproved', data: base }, returnedOf(s, request.returnId, request.amount, at)];
    }
    default:
      return assertNever(command);
  }
}

const pendingReturn = (s: ActiveBilling): BillingBalanceReturn | undefined => (s.balanceReturns ?? []).find((r) => r.status === 'pending');

/** Refunds of the project, retainage refunds and returned balances alike: the provider's refund reports name them by this number. */
export const refundCount = (s: ActiveBilling): number => (s.retainageRefunds?.length ?? 0) + (s.balanceReturns ?? []).filter((r) => r.refundId !== null).length;

function returnedOf(s: ActiveBilling, returnId: number, amount: string, at: string): BillingEvent {
  return { type: 'BillingBalanceReturned', data: { jobId: s.jobId, returnId, refundId: refundCount(s) + 1, amount, at } };
}

function readReturnAmount(input: unknown) {
  const reading = readAmount(input);
  if (!reading.ok) {
    if (reading.problem === 'too_large') throw unprocessable('amount_too_large', `A return can be at most ${MAX_AMOUNT_TEXT}.`);
    throw invalid('amount_format', 'Enter the amount to return in dollars, with at most two decimals, like 12500.00.');
  }
  if (reading.value.lte(0)) throw invalid('amount_positive', 'Enter an amount to return greater than zero dollars.');
  return reading.value;
}
