import { formatAmount } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, invalid, notFound, type RefusalProblem } from '../shared/errors';
import { readReason, refuseAsCertifier, refuseIfAny, requireBilling, requireBuyer, requireSellerUser, requireSubmitted } from './billing.rules';
import type { ActiveBilling, BillingState, ScheduleVersionState } from './billing.state';
import type { ApproveSchedule, NameCertifier, ProposeSchedule, RejectSchedule, RemoveCertifier } from './commands';
import type { BillingEvent } from './events';
import { contractSumOf, readScheduleLines } from './schedule';

export type ScheduleCommand = ProposeSchedule | ApproveSchedule | RejectSchedule | NameCertifier | RemoveCertifier;

/**
 * The schedule of values, version by version (docs/progress-billing.md#the-schedule-of-values):
 * the seller proposes, the buyer approves or rejects; once a pay application bills against it, it
 * changes only by change orders. And the certifier the buyer names.
 */
export function decideSchedule(command: ScheduleCommand, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'ProposeSchedule': {
      requireSellerUser(project, metadata, 'propose the schedule of values');
      const s = state.status === 'active' ? state : null;
      if (s) requireUnlocked(s);
      const d = command.data;
      if (s?.versions.some((v) => v.versionId === d.versionId)) throw conflict('version_exists', 'This schedule version already exists.');
      const basedOn = d.basedOnVersionId ?? s?.currentVersionId ?? s?.versions.at(-1)?.versionId ?? null;
      if (basedOn !== null && !s?.versions.some((v) => v.versionId === basedOn)) throw notFound('version_not_found', 'There is no such schedule version.');
      const problems: RefusalProblem[] = [];
      const lines = readScheduleLines(d.lines, new Set(), problems);
      if (problems.length === 0 && lines.length === 0)
        problems.push({ code: 'lines_required', line: null, message: 'List the lines of the schedule of values.' });
      const contractSum = contractSumOf(lines, problems);
      refuseIfAny(problems, 'schedule', 'This schedule of values');
      return [
        {
          type: 'ScheduleVersionProposed',
          data: {
            jobId: s?.jobId ?? d.jobId,
            customerId: project.customerId,
            companyId: project.companyId,
            versionId: d.versionId,
            basedOnVersionId: basedOn,
            lines,
            contractSum: formatAmount(contractSum),
            proposedBy: metadata.actorId,
            at,
          },
        },
      ];
    }
    case 'ApproveSchedule': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'approve the schedule of values');
      requireSubmitted(project, 'approve the schedule of values');
      const version = requireProposed(s, command.data.versionId);
      return [
        {
          type: 'ScheduleVersionApproved',
          data: {
            jobId: s.jobId,
            versionId: version.versionId,
            by: metadata.actorId,
            replacedVersionId: s.currentVersionId,
            closedVersionIds: s.versions.filter((v) => v.status === 'proposed' && v.versionId !== version.versionId).map((v) => v.versionId),
            contractSum: version.contractSum,
            at,
          },
        },
      ];
    }
    case 'RejectSchedule': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'reject the schedule of values');
      const version = requireProposed(s, command.data.versionId);
      const reason = readReason(command.data.reason, 'reason', false);
      return [{ type: 'ScheduleVersionRejected', data: { jobId: s.jobId, versionId: version.versionId, by: metadata.actorId, reason, at } }];
    }
    case 'NameCertifier': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'name the certifier');
      const { userId, companyId } = command.data;
      if (!Number.isSafeInteger(userId) || userId < 1) throw invalid('certifier', 'Choose the person who will certify pay applications.');
      refuseAsCertifier(project, userId, companyId);
      if (s.certifier?.userId === userId) throw conflict('already_certifier', 'This person already certifies the pay applications of this project.');
      return [{ type: 'CertifierNamed', data: { jobId: s.jobId, userId, by: metadata.actorId, at } }];
    }
    case 'RemoveCertifier': {
      const s = requireBilling(state);
      requireBuyer(project, metadata, 'remove the certifier');
      if (!s.certifier) throw conflict('no_certifier', 'This project has no certifier to remove.');
      return [{ type: 'CertifierRemoved', data: { jobId: s.jobId, userId: s.certifier.userId, by: metadata.actorId, at } }];
    }
    default:
      return assertNever(command);
  }
}

function requireUnlocked(s: ActiveBilling): void {
  if (s.applications.length > 0) {
    throw conflict('schedule_locked', 'Pay applications bill against this schedule of values already: change it with a change order instead.');
  }
}

function requireProposed(s: ActiveBilling, versionId: number): ScheduleVersionState {
  const version = s.versions.find((v) => v.versionId === versionId);
  if (!version) throw notFound('version_not_found', 'There is no such schedule version.');
  if (version.status === 'current') throw conflict('already_agreed', 'This schedule version is already approved.');
  if (version.status === 'rejected') throw conflict('version_rejected', 'This schedule version was rejected; the seller proposes a new one.');
  if (version.status !== 'proposed')
    throw conflict('version_replaced', 'This schedule version was replaced by another one; look at the current version instead.');
  requireUnlocked(s);
  return version;
}
