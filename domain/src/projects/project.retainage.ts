import type { RetainageStep } from '../milestones/milestone.clock';
import { isPaidOut, retainageHeld } from '../milestones/milestone.money';
import type { ActiveMilestone } from '../milestones/milestone.state';
import { formatAmount, money, sum } from '../money/money';
import type { CommandMetadata } from '../shared/command';
import { conflict, forbidden } from '../shared/errors';
import type {
  ApproveRetainageRelease,
  ApproveRetainageResolution,
  DisputeRetainage,
  MilestoneRetainageFacts,
  RejectRetainageResolution,
  RequestRetainageRelease,
  ResolveRetainageDispute,
} from './commands';
import type { ProjectEvent, RetainageResolution } from './events';
import { evolveRetainageEvidence, type RetainageEvidence } from './project.retainage-evidence';
import {
  checkRetainageApproval,
  disputeStatement,
  fourEyesProposal,
  refuseWhileDisputed,
  requireOpenDispute,
  requireResolution,
  requireRetainageProposal,
  resolutionNote,
} from './retainage-dispute';

type Party = 'customer' | 'company';

/** Where the project's retainage release stands (folded from the project stream). */
export interface ProjectRetainage {
  /** A release asked for by one party, waiting for the other's approval. */
  request: { party: Party; by: number; amount: string; at: string } | null;
  /** An open dispute about the retainage, waiting for an administrator. */
  dispute: {
    disputeId: number;
    party: Party;
    by: number;
    statement: string;
    at: string;
    /** A resolution waiting for a second administrator (four eyes); absent in states folded before it existed. */
    proposal?: RetainageProposal | null;
    proposals?: number;
  } | null;
  /** Files either side or an administrator attached to a dispute (absent in states folded before evidence existed). */
  evidence?: RetainageEvidence[];
  /** Every final decision: by both parties (release) or by an administrator (release or refund). */
  decisions: {
    decidedBy: 'parties' | 'admin';
    resolution: RetainageResolution;
    amount: string;
    milestoneIds: number[];
    /** The dispute an administrator resolved (its id numbers the refund of a refunded retainage). */
    disputeId: number | null;
    at: string;
  }[];
}

export interface RetainageProposal {
  proposalId: number;
  by: number;
  resolution: RetainageResolution;
  amount: string;
  milestoneIds: number[];
  note: string;
  at: string;
}

export const noRetainage = (): ProjectRetainage => ({ request: null, dispute: null, decisions: [] });

const partyWord = (party: Party) => (party === 'customer' ? 'buyer' : 'seller');

export function evolveRetainage(retainage: ProjectRetainage, event: ProjectEvent): ProjectRetainage {
  switch (event.type) {
    case 'RetainageReleaseRequested': {
      const { party, by, amount, at } = event.data;
      return { ...retainage, request: { party, by, amount, at } };
    }
    case 'RetainageReleaseApproved': {
      const { amount, milestoneIds, at } = event.data;
      return {
        ...retainage,
        request: null,
        decisions: [...retainage.decisions, { decidedBy: 'parties', resolution: 'release', amount, milestoneIds, disputeId: null, at }],
      };
    }
    case 'RetainageDisputeOpened': {
      const { disputeId, party, by, statement, at } = event.data;
      // A dispute replaces a pending request: the administrator decides instead.
      return { ...retainage, request: null, dispute: { disputeId, party, by, statement, at } };
    }
    case 'RetainageResolutionProposed': {
      const { proposalId, by, resolution, amount, milestoneIds, note, at } = event.data;
      if (!retainage.dispute) return retainage;
      return {
        ...retainage,
        dispute: { ...retainage.dispute, proposal: { proposalId, by, resolution, amount, milestoneIds, note, at }, proposals: proposalId },
      };
    }
    case 'RetainageResolutionApproved':
    case 'RetainageResolutionRejected':
      if (!retainage.dispute) return retainage;
      return { ...retainage, dispute: { ...retainage.dispute, proposal: null } };
    case 'RetainageDisputeResolved': {
      const { resolution, amount, milestoneIds, disputeId, at } = event.data;
      return { ...retainage, dispute: null, decisions: [...retainage.decisions, { decidedBy: 'admin', resolution, amount, milestoneIds, disputeId, at }] };
    }
    case 'RetainageEvidenceAdded':
    case 'RetainageEvidenceRemoved':
      return { ...retainage, evidence: evolveRetainageEvidence(retainage.evidence ?? [], event) };
    default:
      return retainage;
  }
}

/**
 * The retainage the project's milestones hold that no decision has disposed of yet, and the
 * milestones that hold it. A decision is applied to its milestones' streams after it is recorded
 * here, so for a moment they still hold what it released: counting them again would let a
 * dispute (or a second release) follow a decision and act on money that is already leaving.
 */
function heldIn(milestones: MilestoneRetainageFacts[], retainage: ProjectRetainage) {
  const decided = new Set(retainage.decisions.flatMap((d) => d.milestoneIds));
  const holding = milestones.filter((m) => !decided.has(m.originalId) && money(m.retainageHeld).gt(0));
  return { total: sum(holding.map((m) => money(m.retainageHeld))), milestoneIds: holding.map((m) => m.originalId) };
}

/** Released only when every milestone of the project is closed (paid out or refunded). */
function requireAllClosed(milestones: MilestoneRetainageFacts[]): void {
  const open = milestones.filter((m) => !m.closed).length;
  if (milestones.length === 0 || open > 0) {
    throw conflict(
      'milestones_open',
      `Retainage is released once every milestone of the project is complete and paid out; ${open} milestone${open === 1 ? ' is' : 's are'} still open. Open a retainage dispute if you cannot agree.`,
    );
  }
}

function requireHeld(milestones: MilestoneRetainageFacts[], retainage: ProjectRetainage) {
  const held = heldIn(milestones, retainage);
  if (!held.total.gt(0)) {
    const last = retainage.decisions.at(-1);
    throw conflict(
      'no_retainage',
      last && milestones.some((m) => last.milestoneIds.includes(m.originalId) && money(m.retainageHeld).gt(0))
        ? `The retainage was already ${last.resolution === 'release' ? 'released to the payees' : 'refunded to the buyer'}${last.decidedBy === 'admin' ? ' by an administrator' : ' by both parties'}; it is being paid out.`
        : 'No retainage is held on this project.',
    );
  }
  return held;
}

export type RetainageCommand =
  RequestRetainageRelease | ApproveRetainageRelease | DisputeRetainage | ResolveRetainageDispute | ApproveRetainageResolution | RejectRetainageResolution;

/**
 * The release of the project's retainage (docs/money.md, "Retainage"): one party asks once every
 * milestone is closed, the other approves; or either disputes it and an administrator releases it
 * to the payees or refunds it to the buyer. `party` is the actor's side of a submitted project.
 */
export function decideRetainage(
  command: RetainageCommand,
  retainage: ProjectRetainage,
  project: { jobId: number; status: 'draft' | 'submitted' | 'discarded' },
  party: Party | null,
  metadata: CommandMetadata,
): ProjectEvent[] {
  const at = metadata.now;
  const { jobId: projectId } = project;
  if (command.type === 'ResolveRetainageDispute') {
    const dispute = requireOpenDispute(retainage.dispute, metadata, 'resolve');
    const resolution = requireResolution(dispute, command.data.resolution);
    const note = resolutionNote(command.data.note);
    const held = heldIn(command.data.milestones, retainage);
    const resolved = {
      jobId: projectId,
      disputeId: dispute.disputeId,
      by: metadata.actorId,
      resolution,
      amount: formatAmount(held.total),
      milestoneIds: held.milestoneIds,
      note,
      at,
    };
    const { fourEyesAbove } = command.data;
    const proposalId = fourEyesProposal(dispute, held.total, fourEyesAbove);
    if (proposalId !== null) return [{ type: 'RetainageResolutionProposed', data: { ...resolved, proposalId, fourEyesAbove: String(fourEyesAbove) } }];
    return [{ type: 'RetainageDisputeResolved', data: resolved }];
  }
  if (command.type === 'ApproveRetainageResolution' || command.type === 'RejectRetainageResolution') {
    const dispute = requireOpenDispute(retainage.dispute, metadata, 'decide');
    const proposal = requireRetainageProposal(dispute, command.data.proposalId);
    const base = { jobId: projectId, disputeId: dispute.disputeId, proposalId: proposal.proposalId, by: metadata.actorId, proposedBy: proposal.by, at };
    if (command.type === 'RejectRetainageResolution') {
      return [{ type: 'RetainageResolutionRejected', data: { ...base, note: resolutionNote(command.data.note) } }];
    }
    const held = heldIn(command.data.milestones, retainage);
    checkRetainageApproval(proposal, metadata, held.total.eq(money(proposal.amount)) && held.milestoneIds.join(',') === proposal.milestoneIds.join(','));
    return [
      { type: 'RetainageResolutionApproved', data: base },
      {
        type: 'RetainageDisputeResolved',
        data: {
          jobId: projectId,
          disputeId: dispute.disputeId,
          by: proposal.by,
          resolution: proposal.resolution,
          amount: proposal.amount,
          milestoneIds: proposal.milestoneIds,
          note: proposal.note,
          at,
        },
      },
    ];
  }
  if (!party) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can act on its retainage.');
  if (project.status !== 'submitted') throw conflict('project_draft', 'This project is still a draft: submit it first.');
  refuseWhileDisputed(retainage.dispute);
  switch (command.type) {
    case 'RequestRetainageRelease': {
      if (retainage.request) {
        throw conflict(
          'release_requested',
          retainage.request.party === party
            ? 'You have already asked for the retainage release; the other party approves it.'
            : `The ${partyWord(retainage.request.party)} has already asked for the release: approve it instead.`,
        );
      }
      const held = requireHeld(command.data.milestones, retainage);
      requireAllClosed(command.data.milestones);
      return [{ type: 'RetainageReleaseRequested', data: { jobId: projectId, party, by: metadata.actorId, amount: formatAmount(held.total), at } }];
    }
    case 'ApproveRetainageRelease': {
      if (!retainage.request) throw conflict('no_request', 'Nobody has asked for the retainage release yet.');
      if (retainage.request.party === party) {
        throw conflict('own_request', `You asked for this release; the ${partyWord(party === 'customer' ? 'company' : 'customer')} approves it.`);
      }
      const held = requireHeld(command.data.milestones, retainage);
      requireAllClosed(command.data.milestones);
      return [
        {
          type: 'RetainageReleaseApproved',
          data: { jobId: projectId, party, by: metadata.actorId, amount: formatAmount(held.total), milestoneIds: held.milestoneIds, at },
        },
      ];
    }
    case 'DisputeRetainage': {
      const statement = disputeStatement(command.data.statement);
      requireHeld(command.data.milestones, retainage);
      return [{ type: 'RetainageDisputeOpened', data: { jobId: projectId, disputeId: command.data.disputeId, party, by: metadata.actorId, statement, at } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unhandled retainage command ${JSON.stringify(unknown)}`);
    }
  }
}

/** What the retainage rules need of each milestone, from its folded state: closed once paid out to the last cent. */
export function milestoneRetainageFacts(milestones: ActiveMilestone[]): MilestoneRetainageFacts[] {
  return milestones.map((m) => ({ originalId: m.originalId, closed: isPaidOut(m), retainageHeld: formatAmount(retainageHeld(m)) }));
}

/** Where the project's retainage release stands, for the clock of each milestone that holds retainage. */
export function retainageStep(retainage: ProjectRetainage, milestones: ActiveMilestone[]): RetainageStep {
  if (retainage.dispute) return { kind: 'disputed' };
  if (retainage.request) return { kind: 'approve', by: retainage.request.party === 'customer' ? 'company' : 'customer' };
  return milestones.length > 0 && milestones.every(isPaidOut) ? { kind: 'request' } : { kind: 'waiting' };
}
