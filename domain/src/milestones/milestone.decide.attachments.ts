import type { CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { safeText } from '../shared/text';
import type { AddAttachment, ProjectFacts, RemoveAttachment } from './commands';
import type { AttachedFile, AttacherRole, AttachmentTarget, MilestoneEvent } from './events';
import { openDispute } from './milestone.money';
import { otherParty, requireActive, requireParty, requireSubmitted } from './milestone.rules';
import type { ActiveMilestone, MilestoneState } from './milestone.state';

export type AttachmentCommand = AddAttachment | RemoveAttachment;

/**
 * What may be attached, by the type sniffed from the file's bytes: images, PDF and today's office
 * documents. The old binary Word and Excel formats are not taken: their container cannot be told
 * apart from other compound files by its bytes, and it carries macros.
 */
export const ATTACHMENT_MEDIA_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

const MAX_ATTACHMENT_NAME = 200;
/** Files per milestone, removed ones included: their bytes are kept, so removing frees nothing. */
export const MAX_ATTACHMENTS_PER_MILESTONE = 100;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Characters a name must not hold because they are not shown as themselves: controls (C0, DEL,
 * C1), format characters (Unicode category Cf: U+202E turns "photo‮gnp.exe" into what reads as
 * "photoexe.png", zero-width spaces hide a difference) and line or paragraph separators. The
 * intake strips them from what a browser sends (backend attachments/intake/file-name.ts); the
 * rule here keeps any other way in closed.
 */
export const UNSHOWN_IN_NAMES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Evidence on a milestone: who may attach a file to what, and until when. Each target closes
 * when the decision it informs is made, so nobody changes the evidence of a decision afterwards:
 * a version's files once the other party approved it, a rejection's by its own side only, the
 * completion's once both parties marked the work complete, a dispute's once it is resolved.
 */
export function decideAttachment(command: AttachmentCommand, state: MilestoneState): MilestoneEvent[] {
  const s = requireActive(state);
  const { metadata } = command;
  const role = attacherRole(command.project, metadata);
  switch (command.type) {
    case 'AddAttachment': {
      const { attachmentId, to, maxMilestoneBytes } = command.data;
      requireOpen(s, to, role, command.project);
      const file = validAttachedFile(command.data.file);
      if (s.attachments.some((a) => a.attachmentId === attachmentId)) throw conflict('attachment_exists', 'This file was attached already.');
      if (s.attachments.length >= MAX_ATTACHMENTS_PER_MILESTONE) {
        throw conflict('too_many_attachments', `A milestone holds at most ${MAX_ATTACHMENTS_PER_MILESTONE} files.`);
      }
      const stored = s.attachments.reduce((total, a) => total + a.size, 0);
      if (stored + file.size > maxMilestoneBytes) {
        throw conflict('milestone_files_full', `The files of a milestone may add up to ${megabytes(maxMilestoneBytes)} MB; this one would pass that.`);
      }
      return [{ type: 'AttachmentAdded', data: { originalId: s.originalId, at: metadata.now, attachmentId, to, ...file, by: metadata.actorId, byRole: role } }];
    }
    case 'RemoveAttachment': {
      const attachment = s.attachments.find((a) => a.attachmentId === command.data.attachmentId && a.removed === null);
      if (!attachment) throw notFound('no_such_attachment', 'There is no such file on this milestone.');
      if (attachment.by !== metadata.actorId) throw forbidden('not_your_attachment', 'Only the person who attached a file can remove it.');
      requireOpen(s, attachment.to, role, command.project);
      return [{ type: 'AttachmentRemoved', data: { originalId: s.originalId, at: metadata.now, attachmentId: attachment.attachmentId, by: metadata.actorId } }];
    }
  }
}

/** A party to the project, or an administrator. */
function attacherRole(project: ProjectFacts, metadata: CommandMetadata): AttacherRole {
  if (metadata.actorRole === 'admin') return 'admin';
  return requireParty(project, metadata, 'attach files to it');
}

/** Refuses unless the target exists, is still open, and this role may add to it. */
function requireOpen(s: ActiveMilestone, to: AttachmentTarget, role: AttacherRole, project: ProjectFacts): void {
  switch (to.kind) {
    case 'version': {
      if (role === 'admin') throw forbidden('parties_only', 'Only the buyer or the seller attaches files to the terms of a milestone.');
      const version = s.versions.find((v) => v.versionId === to.versionId);
      if (!version) throw notFound('no_such_version', 'There is no such version of this milestone.');
      if (version.proposedByParty !== role) throw forbidden('not_your_proposal', 'Files belong to a proposal of your own: the other party proposed this one.');
      if (version.status !== 'proposed') throw conflict('version_decided', 'This version was decided: propose an edit to change its terms and files.');
      if (version.approvals[otherParty(role)] === 'approved') {
        throw conflict('version_approved', 'The other party approved this version with the files it had: propose an edit to change them.');
      }
      return;
    }
    case 'rejection': {
      if (role === 'admin') throw forbidden('parties_only', 'Only the party that rejected a version explains why.');
      const version = s.versions.find((v) => v.versionId === to.versionId);
      if (!version) throw notFound('no_such_version', 'There is no such version of this milestone.');
      if (version.approvals[role] !== 'rejected') throw conflict('not_rejected', 'Attach why only to a version your side rejected.');
      return;
    }
    case 'completion': {
      if (role === 'admin') throw forbidden('parties_only', 'Only the buyer or the seller attaches evidence of the work.');
      requireSubmitted(project, 'attach evidence of the work');
      if (s.currentVersionId === null) throw conflict('not_agreed', 'Both parties approve the milestone before its work is shown done.');
      if (s.completedByBoth) throw conflict('completion_closed', 'Both parties marked the milestone complete: its evidence is closed.');
      return;
    }
    case 'dispute': {
      const dispute = s.disputes.find((d) => d.disputeId === to.disputeId);
      if (!dispute) throw notFound('no_such_dispute', 'There is no such dispute on this milestone.');
      if (dispute !== openDispute(s)) throw conflict('dispute_closed', 'This dispute is resolved: its evidence is closed.');
      return;
    }
  }
}

/** The file as the ledger records it, or a refusal naming what is wrong with it (shared with a retainage dispute's evidence). */
export function validAttachedFile(file: AttachedFile): AttachedFile {
  const name = safeText(file.name, 'file name');
  if (!name) throw invalid('file_name_required', 'The file needs a name.');
  if (name.length > MAX_ATTACHMENT_NAME) throw invalid('file_name_too_long', `Keep the file name under ${MAX_ATTACHMENT_NAME} characters.`);
  if (UNSHOWN_IN_NAMES.test(name))
    throw invalid('file_name_control', 'The file name contains a control or formatting character; rename the file and try again.');
  if (!Number.isSafeInteger(file.size) || file.size <= 0) throw invalid('file_empty', 'The file is empty.');
  if (!ATTACHMENT_MEDIA_TYPES.includes(file.mediaType)) {
    throw invalid('file_type', 'Attach images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint).');
  }
  if (!SHA256_HEX.test(file.sha256)) throw invalid('file_hash', 'The file’s SHA-256 must be 64 hexadecimal digits.');
  if (file.thumbnailSha256 !== null && !SHA256_HEX.test(file.thumbnailSha256))
    throw invalid('file_hash', 'The thumbnail’s SHA-256 must be 64 hexadecimal digits.');
  // A new attachment always says what was uploaded: only events older than the field lack it.
  if (file.originalSha256 === null || !SHA256_HEX.test(file.originalSha256))
    throw invalid('file_hash', 'The SHA-256 of the file as uploaded must be 64 hexadecimal digits.');
  if (file.originalSize === null || !Number.isSafeInteger(file.originalSize) || file.originalSize <= 0) throw invalid('file_empty', 'The file is empty.');
  return {
    name,
    size: file.size,
    mediaType: file.mediaType,
    sha256: file.sha256,
    thumbnailSha256: file.thumbnailSha256,
    originalSha256: file.originalSha256,
    originalSize: file.originalSize,
  };
}

export const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
