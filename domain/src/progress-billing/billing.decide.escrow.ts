import { requireSignatures } from '../milestones/milestone.decide.deposits';
import { feeOnTop } from '../money/fees';
import { formatAmount, MAX_AMOUNT, MAX_AMOUNT_TEXT, money, readAmount, sum } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, forbidden, invalid, notFound, unprocessable } from '../shared/errors';
import { safeText } from '../shared/text';
import { fundWaitingPayments } from './billing.escrow';
import { evolveBilling } from './billing.evolve';
import { requireParty, requireSchedule, requireSubmitted, requireSystem } from './billing.rules';
import type { ActiveBilling, BillingState } from './billing.state';
import { billingWaiverIssued } from './billing.waivers';
import type {
  ClearBillingDeposit,
  FailBillingDeposit,
  RecordBillingPayoutPaid,
  RequestBillingDeposit,
  ReturnBillingDeposit,
  SettleBillingDeposit,
} from './commands';
import type { BillingEvent } from './events';

export type EscrowCommand =
  RequestBillingDeposit | SettleBillingDeposit | FailBillingDeposit | ClearBillingDeposit | ReturnBillingDeposit | RecordBillingPayoutPaid;

/**
 * The project's escrow balance (docs/progress-billing.md#funding-before-work): the buyer's
 * deposits, what the payment provider reports of them, and the payouts paid from it. The same
 * rules as a milestone's deposit: the buyer only, a submitted project, both signatures of the
 * agreement, ACH settlement then clearing after the return window.
 */
export function decideEscrow(command: EscrowCommand, state: BillingState): BillingEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  if (command.type === 'RequestBillingDeposit') {
    const { project, data } = command;
    const s = requireSchedule(state);
    if (requireParty(project, metadata, 'deposit funds') !== 'customer') throw forbidden('buyer_only', 'Only the buyer can deposit funds.');
    requireSubmitted(project, 'deposit funds');
    requireSignatures(data.agreement);
    const amount = readDepositAmount(data.amount);
    const inEscrow = sum(s.deposits.filter((d) => d.status === 'pending' || d.status === 'settled').map((d) => money(d.amount)));
    if (inEscrow.plus(amount).gt(MAX_AMOUNT)) {
      throw unprocessable('amount_too_large', `The project's escrow balance can hold at most ${MAX_AMOUNT_TEXT} of deposits: deposit less.`);
    }
    const fee = feeOnTop(amount);
    return [
      {
        type: 'BillingDepositRequested',
        data: {
          jobId: s.jobId,
          depositId: data.depositId,
          amount: formatAmount(amount),
          fee: formatAmount(fee),
          total: formatAmount(amount.plus(fee)),
          requestedBy: metadata.actorId,
          bankAccountLast4: data.bankAccountLast4,
          at,
        },
      },
    ];
  }
  // The provider's reports: each names a deposit or a payout, and a repeated report changes nothing.
  requireSystem(metadata);
  const s = requireSchedule(state);
  if (command.type === 'RecordBillingPayoutPaid') {
    const payout = s.payouts.find((p) => p.payoutId === command.data.payoutId);
    if (!payout) throw notFound('payout_not_found', 'There is no such payout.');
    if (payout.paid) return [];
    const { payoutId, payment, payeeId, amount } = payout;
    return [
      { type: 'BillingPayoutPaid', data: { jobId: s.jobId, payoutId, payment, payeeId, amount, providerReference: command.data.providerReference, at } },
      // The payment reached the payee: its unconditional lien waiver is issued.
      ...billingWaiverIssued(s, payout, command.data.unconditionalWaiver, at),
    ];
  }
  const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
  if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
  const { depositId, amount, fee } = deposit;
  switch (command.type) {
    case 'SettleBillingDeposit': {
      if (deposit.status !== 'pending') return [];
      const clearsAt = Number.isNaN(Date.parse(command.data.clearsAt)) || command.data.clearsAt < at ? at : command.data.clearsAt;
      return [
        { type: 'BillingDepositSettled', data: { jobId: s.jobId, depositId, amount, fee, providerReference: command.data.providerReference, clearsAt, at } },
      ];
    }
    case 'ClearBillingDeposit': {
      if (deposit.status !== 'settled' || deposit.clearedAt !== null) return [];
      if (deposit.clearsAt !== null && at < deposit.clearsAt) throw conflict('not_yet_clear', `This deposit clears on ${deposit.clearsAt}.`);
      const cleared: BillingEvent = { type: 'BillingDepositCleared', data: { jobId: s.jobId, depositId, amount, at } };
      // Payments released while the funds were clearing were waiting for this.
      return [cleared, ...fundWaitingPayments(evolveBilling(s, cleared) as ActiveBilling, at)];
    }
    case 'ReturnBillingDeposit': {
      if (deposit.status === 'returned') return [];
      if (deposit.status !== 'settled') throw conflict('not_settled', 'Only a settled deposit can be returned; a pending one fails instead.');
      if (deposit.clearedAt !== null) throw conflict('already_cleared', 'This deposit cleared before the return arrived; an administrator must recover it.');
      const returnCode = safeText(command.data.returnCode, 'return code').slice(0, 10) || 'R00';
      const reason = safeText(command.data.reason, 'reason').slice(0, 500);
      return [{ type: 'BillingDepositReturned', data: { jobId: s.jobId, depositId, amount, fee, returnCode, reason, at } }];
    }
    case 'FailBillingDeposit':
      if (deposit.status !== 'pending') return [];
      return [{ type: 'BillingDepositFailed', data: { jobId: s.jobId, depositId, reason: safeText(command.data.reason, 'reason').slice(0, 500), at } }];
    default:
      return assertNever(command);
  }
}

function readDepositAmount(input: unknown) {
  const reading = readAmount(input);
  if (!reading.ok) {
    if (reading.problem === 'too_large') throw unprocessable('amount_too_large', `A deposit can be at most ${MAX_AMOUNT_TEXT}.`);
    throw invalid('amount_format', 'Enter the amount to deposit in dollars, with at most two decimals, like 12500.00.');
  }
  if (reading.value.lte(0)) throw invalid('amount_positive', 'Enter an amount to deposit greater than zero dollars.');
  return reading.value;
}
