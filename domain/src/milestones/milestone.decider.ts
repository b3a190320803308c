import { assertNever } from '../shared/command';
import type { MilestoneCommand } from './commands';
import type { MilestoneEvent } from './events';
import { decideReminder } from './milestone.clock';
import { decideAttachment } from './milestone.decide.attachments';
import { decideCompletion } from './milestone.decide.completion';
import { decideDeposit } from './milestone.decide.deposits';
import { decideDispute } from './milestone.decide.disputes';
import { decideProposal } from './milestone.decide.proposals';
import { decideRefund } from './milestone.decide.refunds';
import { decideRetainageOfMilestone } from './milestone.retainage';
import { requireActive, requireSystem } from './milestone.rules';
import type { MilestoneState } from './milestone.state';
import { decideLienWaiver } from './milestone.waivers';

export { MAX_TEXT, MAX_TITLE, requireSeller } from './milestone.rules';

/**
 * The escrow rulebook of one milestone (docs/product.md#milestone-lifecycle, docs/design.md#milestone-lifecycle): validates a command against the
 * milestone's state and returns the events it causes, or throws a DomainError. Each family of
 * commands has its own file; the rules they share are in milestone.rules.ts.
 */
export function decideMilestone(command: MilestoneCommand, state: MilestoneState): MilestoneEvent[] {
  switch (command.type) {
    // Versions: proposals, edits and the approvals that make one current (milestone.decide.proposals.ts).
    case 'ProposeMilestone':
    case 'ProposeMilestoneEdit':
    case 'ApproveMilestoneVersion':
    case 'RejectMilestoneVersion':
      return decideProposal(command, state);
    // The buyer's deposit and the provider's reports of it (milestone.decide.deposits.ts).
    case 'RequestDeposit':
    case 'SettleDeposit':
    case 'ClearDeposit':
    case 'ReturnDeposit':
    case 'FailDeposit':
      return decideDeposit(command, state);
    // Completion by both parties, and the payouts it releases (milestone.decide.completion.ts).
    case 'MarkMilestoneComplete':
    case 'RecordDisbursementPaid':
      return decideCompletion(command, state);
    // Disputes and their resolution by administrators (milestone.decide.disputes.ts).
    case 'OpenDispute':
    case 'RespondToDispute':
    case 'ResolveDispute':
    case 'ApproveResolution':
    case 'RejectResolution':
      return decideDispute(command, state);
    // The buyer's refund after the response deadline (milestone.decide.refunds.ts).
    case 'ClaimDeadlineRefund':
    case 'RecordRefundPaid':
      return decideRefund(command, state);
    // Retainage, lien waivers and reminders (milestone.retainage.ts, milestone.waivers.ts, milestone.clock.ts).
    case 'ReleaseRetainage':
    case 'RecordRetainagePaid':
    case 'RecordRetainageRefundPaid':
      requireSystem(command.metadata);
      return decideRetainageOfMilestone(command, requireActive(state), command.metadata.now);
    case 'SignLienWaiver':
      return decideLienWaiver(command, requireActive(state));
    case 'RemindOfHeldFunds':
      requireSystem(command.metadata);
      return decideReminder(command, requireActive(state));
    // Files attached as evidence (milestone.decide.attachments.ts).
    case 'AddAttachment':
    case 'RemoveAttachment':
      return decideAttachment(command, state);
    default:
      return assertNever(command);
  }
}
