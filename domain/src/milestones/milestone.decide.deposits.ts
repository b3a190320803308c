import { formatAmount, money } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, forbidden, notFound } from '../shared/errors';
import { safeText } from '../shared/text';
import type { ClearDeposit, DepositAgreement, FailDeposit, RequestDeposit, ReturnDeposit, SettleDeposit } from './commands';
import type { MilestoneEvent } from './events';
import { evolveMilestone } from './milestone.evolve';
import { currentVersion, fundsCleared, isFunded, isSettledOut, pendingDeposit, settledDeposits } from './milestone.money';
import { disbursementsFor } from './milestone.payouts';
import { DAY_MS, requireActive, requireParty, requireSubmitted, requireSystem } from './milestone.rules';
import type { ActiveMilestone, MilestoneState } from './milestone.state';

export type DepositCommand = RequestDeposit | SettleDeposit | ClearDeposit | ReturnDeposit | FailDeposit;

/** The buyer's deposit, and what the payment provider reports of it (docs/design.md#milestone-lifecycle: ACH settles, then clears or returns). */
export function decideDeposit(command: DepositCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  if (command.type === 'RequestDeposit') {
    const s = requireActive(state);
    const { project } = command;
    if (requireParty(project, metadata, 'deposit funds') !== 'customer') throw forbidden('buyer_only', 'Only the buyer can deposit funds.');
    requireSubmitted(project, 'deposit funds');
    const current = currentVersion(s);
    if (!current) throw conflict('not_agreed', 'Both parties must approve the milestone before funds can be deposited.');
    if (isSettledOut(s) || s.refunds.length > 0) throw conflict('closed', 'This milestone is closed.');
    if (pendingDeposit(s))
      throw conflict('deposit_pending', 'A deposit for this milestone is already on its way. ACH deposits can take up to 5 business days.');
    if (isFunded(s)) throw conflict('already_funded', 'This milestone is already funded.');
    requireSignedAgreement(command.data.agreement, current.versionId);
    const due = money(current.terms.depositTotal).minus(settledDeposits(s));
    return [
      {
        type: 'DepositRequested',
        data: {
          originalId: s.originalId,
          at,
          versionId: current.versionId,
          depositId: command.data.depositId,
          amount: formatAmount(due),
          requestedBy: metadata.actorId,
          bankAccountLast4: command.data.bankAccountLast4,
        },
      },
    ];
  }
  // The provider's reports: each names a deposit, and a repeated report changes nothing.
  requireSystem(metadata);
  const s = requireActive(state);
  const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
  if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
  switch (command.type) {
    case 'SettleDeposit': {
      if (deposit.status !== 'pending') return []; // a repeated provider callback changes nothing
      const responseDeadline = new Date(Date.parse(at) + command.data.responseDays * DAY_MS).toISOString();
      const clearsAt = Number.isNaN(Date.parse(command.data.clearsAt)) || command.data.clearsAt < at ? at : command.data.clearsAt;
      return [
        {
          type: 'DepositSettled',
          data: {
            originalId: s.originalId,
            at,
            depositId: deposit.depositId,
            amount: deposit.amount,
            providerReference: command.data.providerReference,
            responseDeadline,
            clearsAt,
            clearedOnSettlement: false,
          },
        },
      ];
    }
    case 'ClearDeposit': {
      if (deposit.status !== 'settled' || deposit.clearedAt !== null) return []; // returned, or cleared already
      if (deposit.clearsAt !== null && at < deposit.clearsAt) throw conflict('not_yet_clear', `This deposit clears on ${deposit.clearsAt}.`);
      const events: MilestoneEvent[] = [
        { type: 'DepositCleared', data: { originalId: s.originalId, at, depositId: deposit.depositId, amount: deposit.amount } },
      ];
      // Both parties completed while the funds were clearing: the disbursements were waiting for this.
      const after = events.reduce<MilestoneState>(evolveMilestone, s) as ActiveMilestone;
      if (after.completedByBoth && after.disbursements.length === 0 && after.refunds.length === 0 && fundsCleared(after)) {
        events.push(...disbursementsFor(after, currentVersion(after)!, at, 'completion'));
      }
      return events;
    }
    case 'ReturnDeposit': {
      if (deposit.status === 'returned') return []; // a repeated report changes nothing
      if (deposit.status !== 'settled') throw conflict('not_settled', 'Only a settled deposit can be returned; a pending one fails instead.');
      if (deposit.clearedAt !== null) throw conflict('already_cleared', 'This deposit cleared before the return arrived; an administrator must recover it.');
      const returnCode = safeText(command.data.returnCode, 'return code').slice(0, 10) || 'R00';
      const reason = safeText(command.data.reason, 'reason').slice(0, 500);
      return [{ type: 'DepositReturned', data: { originalId: s.originalId, at, depositId: deposit.depositId, amount: deposit.amount, returnCode, reason } }];
    }
    case 'FailDeposit':
      if (deposit.status !== 'pending') return [];
      return [{ type: 'DepositFailed', data: { originalId: s.originalId, at, depositId: deposit.depositId, reason: command.data.reason } }];
    default:
      return assertNever(command);
  }
}

/**
 * Both parties must have signed the escrow agreement as it reads now, and that text must list the
 * version being funded: a signature of an earlier text (the terms changed since) covers nothing new.
 */
function requireSignedAgreement(agreement: DepositAgreement, versionId: number): void {
  requireSignatures(agreement);
  if (agreement.versionId !== versionId) {
    throw conflict(
      'agreement_changed',
      "This milestone's terms changed a moment ago and the signed escrow agreement does not cover them: reload, and both parties sign the new text before the deposit.",
    );
  }
}

/** Both parties signed the escrow agreement as it reads now (a deposit into a project's billing balance checks this alone). */
export function requireSignatures(agreement: Pick<DepositAgreement, 'customer' | 'company'>): void {
  const parties = ['customer', 'company'] as const;
  const missing = parties.filter((p) => agreement[p] !== 'signed');
  if (missing.length > 0) {
    const who = missing.map((p) => (p === 'customer' ? 'you (the buyer)' : 'the seller')).join(' and ');
    if (parties.some((p) => agreement[p] === 'changed')) {
      throw conflict(
        'agreement_changed',
        `The escrow agreement changed since it was signed: both parties sign its new text before the next deposit. Still to sign: ${who}.`,
      );
    }
    throw conflict('agreement_unsigned', `Both parties must sign the escrow agreement before the first deposit. Still to sign: ${who}.`);
  }
}
