import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import { evolveAttachments } from './milestone.evolve.attachments';
import { evolveCompletion } from './milestone.evolve.completion';
import { evolveDeposits } from './milestone.evolve.deposits';
import { evolveDisputes } from './milestone.evolve.disputes';
import { evolveRefunds } from './milestone.evolve.refunds';
import { evolveRetainage, evolveWaivers } from './milestone.evolve.retainage';
import { evolveVersions, proposedMilestone } from './milestone.evolve.versions';
import type { ActiveMilestone, MilestoneState } from './milestone.state';

/**
 * Applies one event. Never reads the clock, never makes ids: everything comes in the event. Each
 * family of events has its own file (milestone.evolve.*.ts); every event but a reminder moves the
 * milestone's "last changed" (updatedAt) to its time.
 */
export function evolveMilestone(state: MilestoneState, event: MilestoneEvent): MilestoneState {
  if (event.type === 'MilestoneProposed') return proposedMilestone(event.data);
  if (state.status !== 'active') return state;
  if (event.type === 'HeldFundsReminderSent') {
    const d = event.data;
    // A reminder changes no term of the escrow: the milestone's "last changed" stays.
    return { ...state, reminders: [...state.reminders, { reason: d.reason, to: d.to, companyId: d.companyId, day: d.day, at: d.at }] };
  }
  const s: ActiveMilestone = { ...state, updatedAt: event.data.at };
  switch (event.type) {
    case 'MilestoneEditProposed':
    case 'MilestoneVersionApproved':
    case 'MilestoneVersionRejected':
    case 'MilestoneVersionAgreed':
      return evolveVersions(s, event);
    case 'DepositRequested':
    case 'DepositSettled':
    case 'DepositFailed':
    case 'DepositCleared':
    case 'DepositReturned':
      return evolveDeposits(s, event);
    case 'MilestoneMarkedComplete':
    case 'MilestoneCompletionWithdrawn':
    case 'MilestoneCompletedByBoth':
    case 'DisbursementRequested':
    case 'DisbursementPaid':
      return evolveCompletion(s, event);
    case 'DisputeOpened':
    case 'DisputeResponded':
    case 'ResolutionProposed':
    case 'ResolutionApproved':
    case 'ResolutionRejected':
    case 'DisputeResolved':
      return evolveDisputes(s, event);
    case 'RefundRequested':
    case 'RefundPaid':
      return evolveRefunds(s, event);
    case 'RetainageReleased':
    case 'RetainagePaid':
    case 'RetainageRefundRequested':
    case 'RetainageRefundPaid':
      return evolveRetainage(s, event);
    case 'LienWaiverSigned':
    case 'LienWaiverIssued':
      return evolveWaivers(s, event);
    case 'AttachmentAdded':
    case 'AttachmentRemoved':
      return evolveAttachments(s, event);
    default:
      return assertNever(event);
  }
}

export const foldMilestone = (events: readonly MilestoneEvent[], from: MilestoneState = { status: 'none' }): MilestoneState =>
  events.reduce(evolveMilestone, from);
