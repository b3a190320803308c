import { megabytes, validAttachedFile } from '../milestones/milestone.decide.attachments';
import { conflict, type RefusalProblem } from '../shared/errors';
import { requireBilling, requireParty } from './billing.rules';
import type { ActiveBilling, BillingState } from './billing.state';
import type { AddBillingFile } from './commands';
import type { BillingEvent } from './events';

/**
 * A project bills for months, each period with invoices and photos of stored materials, so its
 * billing holds more files than a milestone (100); still bounded, so a party cannot fill the store.
 */
const MAX_BILLING_FILES = 1000;

/**
 * Files of the project's billing (docs/attachments.md): either party uploads them, to be named by
 * a pay application's stored materials (the seller's invoices and photos) or by a change order
 * (either party's). The certifier reads them and uploads none. Nothing is removed: a file a
 * certificate or a change order names is its evidence for good, and one nobody names stays
 * unused. The caps count every file, as the bytes are kept.
 */
export function decideBillingFile(command: AddBillingFile, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const s = requireBilling(state);
  const party = requireParty(project, metadata, 'upload files to the billing');
  const { attachmentId, maxBytes } = command.data;
  const file = validAttachedFile(command.data.file);
  const files = s.files ?? [];
  if (files.some((f) => f.attachmentId === attachmentId)) throw conflict('attachment_exists', 'This file was attached already.');
  if (files.length >= MAX_BILLING_FILES) throw conflict('billing_files_full', `A project's billing holds at most ${MAX_BILLING_FILES} files.`);
  const stored = files.reduce((total, f) => total + f.size, 0);
  if (stored + file.size > maxBytes) {
    throw conflict('billing_files_full', `The files of a project's billing may add up to ${megabytes(maxBytes)} MB; this one would pass that.`);
  }
  return [{ type: 'BillingFileAdded', data: { jobId: s.jobId, attachmentId, ...file, party, by: metadata.actorId, at: metadata.now } }];
}

/** The ids among `ids` that name no file of this project's billing, each once. */
export function foreignFiles(s: ActiveBilling, ids: readonly string[]): string[] {
  const known = new Set((s.files ?? []).map((f) => f.attachmentId));
  return [...new Set(ids.filter((id) => !known.has(id)))];
}

/** A problem naming a line's (or a change order's) files that are not this project's. */
export function foreignFilesProblem(line: string | null, ids: readonly string[]): RefusalProblem {
  const where = line === null ? 'This change order names' : `Line ${line}: the evidence names`;
  return {
    code: 'attachment_not_in_project',
    line,
    message: `${where} ${ids.length === 1 ? 'a file' : `${ids.length} files`} not uploaded to this project's billing (${ids.join(', ')}): upload the invoice or photos here first.`,
  };
}
