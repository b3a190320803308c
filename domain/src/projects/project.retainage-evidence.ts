import type { AttachedFile, AttacherRole } from '../milestones/events';
import { MAX_ATTACHMENTS_PER_MILESTONE, megabytes, validAttachedFile } from '../milestones/milestone.decide.attachments';
import type { CommandMetadata } from '../shared/command';
import { conflict, forbidden, notFound } from '../shared/errors';
import type { AddRetainageEvidence, RemoveRetainageEvidence } from './commands';
import type { ProjectEvent } from './events';

/** A file in a retainage dispute's evidence; a removed one stays, marked. */
export interface RetainageEvidence extends AttachedFile {
  attachmentId: string;
  disputeId: number;
  by: number;
  byRole: AttacherRole;
  at: string;
  removed: { by: number; at: string } | null;
}

export type RetainageEvidenceCommand = AddRetainageEvidence | RemoveRetainageEvidence;

/** What the evidence rules read of the project's retainage (ProjectRetainage). */
interface RetainageDisputes {
  dispute: { disputeId: number } | null;
  decisions: { disputeId: number | null }[];
  evidence?: RetainageEvidence[];
}

/**
 * Evidence in a retainage dispute: either party or an administrator attaches files while the
 * dispute is open; once it is resolved its evidence is closed, as a milestone dispute's. Only the
 * person who attached a file removes it; the caps count removed files (their bytes are kept).
 */
export function decideRetainageEvidence(
  command: RetainageEvidenceCommand,
  retainage: RetainageDisputes,
  project: { jobId: number; status: 'draft' | 'submitted' | 'discarded' },
  party: 'customer' | 'company' | null,
  metadata: CommandMetadata,
): ProjectEvent[] {
  const role: AttacherRole | null = metadata.actorRole === 'admin' ? 'admin' : party;
  if (!role) throw forbidden('not_a_party', 'Only the buyer, the seller or an administrator can add evidence to a retainage dispute.');
  const evidence = retainage.evidence ?? [];
  const { jobId } = project;
  switch (command.type) {
    case 'AddRetainageEvidence': {
      const { attachmentId, disputeId, maxBytes } = command.data;
      requireOpen(retainage, disputeId);
      const file = validAttachedFile(command.data.file);
      if (evidence.some((e) => e.attachmentId === attachmentId)) throw conflict('attachment_exists', 'This file was attached already.');
      if (evidence.length >= MAX_ATTACHMENTS_PER_MILESTONE) {
        throw conflict('too_many_attachments', `A retainage dispute holds at most ${MAX_ATTACHMENTS_PER_MILESTONE} files.`);
      }
      const stored = evidence.reduce((total, e) => total + e.size, 0);
      if (stored + file.size > maxBytes) {
        throw conflict('dispute_files_full', `The files of a retainage dispute may add up to ${megabytes(maxBytes)} MB; this one would pass that.`);
      }
      return [{ type: 'RetainageEvidenceAdded', data: { jobId, disputeId, attachmentId, ...file, by: metadata.actorId, byRole: role, at: metadata.now } }];
    }
    case 'RemoveRetainageEvidence': {
      const file = evidence.find((e) => e.attachmentId === command.data.attachmentId && e.removed === null);
      if (!file) throw notFound('no_such_attachment', 'There is no such file in this retainage dispute.');
      if (file.by !== metadata.actorId) throw forbidden('not_your_attachment', 'Only the person who attached a file can remove it.');
      requireOpen(retainage, file.disputeId);
      return [
        {
          type: 'RetainageEvidenceRemoved',
          data: { jobId, disputeId: file.disputeId, attachmentId: file.attachmentId, by: metadata.actorId, at: metadata.now },
        },
      ];
    }
  }
}

function requireOpen(retainage: RetainageDisputes, disputeId: number): void {
  if (retainage.dispute?.disputeId === disputeId) return;
  const known = retainage.decisions.some((d) => d.disputeId === disputeId);
  if (known) throw conflict('dispute_closed', 'This retainage dispute is resolved: its evidence is closed.');
  throw notFound('no_such_dispute', 'There is no such retainage dispute on this project.');
}

/** The dispute's evidence after one of its events. */
export function evolveRetainageEvidence(evidence: RetainageEvidence[], event: ProjectEvent): RetainageEvidence[] {
  switch (event.type) {
    case 'RetainageEvidenceAdded': {
      const { attachmentId, disputeId, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, by, byRole, at } = event.data;
      return [
        ...evidence,
        { attachmentId, disputeId, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, by, byRole, at, removed: null },
      ];
    }
    case 'RetainageEvidenceRemoved': {
      const { attachmentId, by, at } = event.data;
      return evidence.map((e) => (e.attachmentId === attachmentId ? { ...e, removed: { by, at } } : e));
    }
    default:
      return evidence;
  }
}
