import { assertNever } from '../shared/command';
import { conflict, notFound } from '../shared/errors';
import type { MarkMilestoneComplete, RecordDisbursementPaid } from './commands';
import type { MilestoneEvent } from './events';
import { currentVersion, fundsCleared, isFunded, isSettledOut, openDispute } from './milestone.money';
import { disbursementsFor } from './milestone.payouts';
import { otherParty, requireActive, requireParty, requireSubmitted, requireSystem } from './milestone.rules';
import type { MilestoneState } from './milestone.state';
import { unconditionalWaiverIssued } from './milestone.waivers';

export type CompletionCommand = MarkMilestoneComplete | RecordDisbursementPaid;

/** Completion by both parties releases the funds to the payees; the provider reports each payout. */
export function decideCompletion(command: CompletionCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'MarkMilestoneComplete': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'mark milestones complete');
      requireSubmitted(command.project, 'mark milestones complete');
      if (!command.data.complete) {
        if (s.completedByBoth) throw conflict('completed_by_both', 'Both parties have marked the milestone complete; it can no longer be taken back.');
        if (!s.completion[party]) throw conflict('not_marked', 'You have not marked this milestone complete.');
        return [{ type: 'MilestoneCompletionWithdrawn', data: { originalId: s.originalId, at, party, by: metadata.actorId } }];
      }
      if (s.completedByBoth || isSettledOut(s)) throw conflict('closed', 'This milestone is already closed.');
      if (!isFunded(s)) throw conflict('not_funded', "The buyer's deposit must settle before the milestone can be marked complete.");
      if (openDispute(s)) throw conflict('disputed', 'A dispute is open on this milestone; an administrator will resolve it.');
      if (s.completion[party]) throw conflict('already_marked', 'You have already marked this milestone complete.');
      const events: MilestoneEvent[] = [{ type: 'MilestoneMarkedComplete', data: { originalId: s.originalId, at, party, by: metadata.actorId } }];
      if (s.completion[otherParty(party)]) {
        events.push({ type: 'MilestoneCompletedByBoth', data: { originalId: s.originalId, at } });
        // Funds still inside their ACH return window are disbursed when they clear (ClearDeposit).
        if (fundsCleared(s)) events.push(...disbursementsFor(s, currentVersion(s)!, at, 'completion'));
      }
      return events;
    }
    case 'RecordDisbursementPaid': {
      requireSystem(metadata);
      const s = requireActive(state);
      const disbursement = s.disbursements.find((d) => d.disbursementId === command.data.disbursementId);
      if (!disbursement) throw notFound('disbursement_not_found', 'There is no such disbursement.');
      if (disbursement.status === 'paid') return [];
      return [
        {
          type: 'DisbursementPaid',
          data: {
            originalId: s.originalId,
            at,
            disbursementId: disbursement.disbursementId,
            companyId: disbursement.companyId,
            amount: disbursement.amount,
            providerReference: command.data.providerReference,
            payoutAccount: command.data.payoutAccount ?? null,
          },
        },
        ...unconditionalWaiverIssued(s, 'disbursement', disbursement, command.data.unconditionalWaiver, at),
      ];
    }
    default:
      return assertNever(command);
  }
}
