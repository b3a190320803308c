import { assertNever } from '../shared/command';
import { conflict, notFound } from '../shared/errors';
import type { ApproveMilestoneVersion, ProposeMilestone, ProposeMilestoneEdit, RejectMilestoneVersion } from './commands';
import type { MilestoneEvent } from './events';
import { firstVersionOf } from './ids';
import { cardVersion } from './milestone.labels';
import { isLocked, versionById } from './milestone.money';
import {
  boundedText,
  otherParty,
  requireActive,
  requireMilestoneBilling,
  requireParty,
  requireSeller,
  requireSubmitted,
  validContent,
} from './milestone.rules';
import type { ActiveMilestone, MilestoneState, VersionState } from './milestone.state';

export type ProposalCommand = ProposeMilestone | ProposeMilestoneEdit | ApproveMilestoneVersion | RejectMilestoneVersion;

/** Proposals, edits and approvals (docs/product.md#approval-and-funding): a version takes effect once both parties approved it. */
export function decideProposal(command: ProposalCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'ProposeMilestone': {
      if (state.status !== 'none') throw conflict('milestone_exists', 'This milestone already exists.');
      const d = command.data;
      const { project } = command;
      const party = requireParty(project, metadata, 'add milestones');
      requireMilestoneBilling(project);
      requireSeller(project);
      const content = validContent(d, project);
      return [
        {
          type: 'MilestoneProposed',
          data: {
            originalId: d.originalId,
            versionId: firstVersionOf(d.originalId),
            jobId: d.jobId,
            customerId: project.customerId,
            companyId: project.companyId,
            ...content,
            proposedBy: metadata.actorId,
            proposedByParty: party,
            at,
          },
        },
      ];
    }
    case 'ProposeMilestoneEdit': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'propose edits');
      if (isLocked(s)) throw conflict('locked', 'This milestone is locked because its funding has started; it can no longer be edited.');
      // Without a base the edit builds on the version the card shows: the approved one, else the original.
      const base = versionById(s, command.data.basedOnVersionId ?? cardVersion(s).versionId);
      if (!base || base.status === 'closed' || base.status === 'replaced') throw conflict('edit_base', 'Edit the current version of the milestone.');
      const content = validContent(command.data, command.project);
      return [
        {
          type: 'MilestoneEditProposed',
          data: {
            originalId: s.originalId,
            versionId: command.data.versionId,
            basedOnVersionId: base.versionId,
            ...content,
            proposedBy: metadata.actorId,
            proposedByParty: party,
            at,
          },
        },
      ];
    }
    case 'ApproveMilestoneVersion': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'approve milestones');
      requireSubmitted(command.project, 'approve milestones');
      const version = requireProposedVersion(s, command.data.versionId, 'approve');
      if (version.approvals[party] === 'approved') throw conflict('already_approved', 'You have already approved this version.');
      const events: MilestoneEvent[] = [
        { type: 'MilestoneVersionApproved', data: { originalId: s.originalId, at, versionId: version.versionId, party, by: metadata.actorId } },
      ];
      // Approving a version rejects any other version this side approved earlier (docs/product.md#approval-and-funding).
      for (const other of s.versions) {
        if (other.versionId !== version.versionId && other.status === 'proposed' && other.approvals[party] === 'approved') {
          events.push({
            type: 'MilestoneVersionRejected',
            data: {
              originalId: s.originalId,
              at,
              versionId: other.versionId,
              party,
              by: metadata.actorId,
              reason: 'Another version was approved instead.',
              automatic: true,
            },
          });
        }
      }
      if (version.approvals[otherParty(party)] === 'approved') {
        events.push({
          type: 'MilestoneVersionAgreed',
          data: {
            originalId: s.originalId,
            at,
            versionId: version.versionId,
            replacedVersionId: s.currentVersionId,
            closedVersionIds: s.versions.filter((v) => v.status === 'proposed' && v.versionId !== version.versionId).map((v) => v.versionId),
            depositTotal: version.terms.depositTotal,
          },
        });
      }
      return events;
    }
    case 'RejectMilestoneVersion': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'reject milestones');
      requireSubmitted(command.project, 'reject milestones');
      const version = requireProposedVersion(s, command.data.versionId, 'reject');
      if (version.approvals[party] === 'rejected') throw conflict('already_rejected', 'You have already rejected this version.');
      const reason = boundedText(command.data.reason, 'reason', 'reason_too_long') || null;
      return [
        {
          type: 'MilestoneVersionRejected',
          data: { originalId: s.originalId, at, versionId: version.versionId, party, by: metadata.actorId, reason, automatic: false },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function requireProposedVersion(state: ActiveMilestone, versionId: number, doing: 'approve' | 'reject'): VersionState {
  const version = versionById(state, versionId);
  if (!version) throw notFound('version_not_found', 'There is no such milestone version.');
  if (version.status === 'current') {
    throw conflict(
      'already_agreed',
      doing === 'approve' ? 'Both parties have already approved this version.' : 'Both parties have approved this version; propose an edit to change it.',
    );
  }
  if (version.status !== 'proposed') throw conflict('version_replaced', 'This version was replaced by another one; look at the current version instead.');
  if (isLocked(state)) throw conflict('locked', 'This milestone is locked because its funding has started; its terms can no longer change.');
  return version;
}
