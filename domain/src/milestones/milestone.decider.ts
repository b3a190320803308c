import type Decimal from 'decimal.js';

import { computeMilestoneTerms } from '../money/fees';
import { allocateCents, formatAmount, formatDollars, money, parseAmount, roundCents } from '../money/money';
import { retainageOf } from '../money/retainage';
import type { CommandMetadata } from '../shared/command';
import { assertNever } from '../shared/command';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { safeText } from '../shared/text';
import type { DepositAgreement, MilestoneCommand, MilestoneContent, ProjectFacts } from './commands';
import type { MilestoneEvent, Party } from './events';
import { decideReminder } from './milestone.clock';
import { evolveMilestone } from './milestone.evolve';
import { cardVersion } from './milestone.labels';
import {
  clearingDeposit,
  currentVersion,
  fundsCleared,
  held,
  isFunded,
  isLocked,
  isSettledOut,
  openDispute,
  pendingDeposit,
  settledDeposits,
  versionById,
} from './milestone.money';
import { decideRetainageOfMilestone } from './milestone.retainage';
import type { ActiveMilestone, MilestoneState, VersionState } from './milestone.state';
import { decideLienWaiver, unconditionalWaiverIssued } from './milestone.waivers';

export const MAX_TITLE = 200;
export const MAX_TEXT = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

const otherParty = (party: Party): Party => (party === 'customer' ? 'company' : 'customer');
export const partyName = (party: Party): string => (party === 'customer' ? 'buyer' : 'seller');

/** Which side of this milestone's project the actor is on, if any. */
export function partyOf(parties: { customerId: number; companyId: number | null }, metadata: CommandMetadata): Party | null {
  if (metadata.actorRole === 'admin' || metadata.actorRole === 'system') return null;
  if (metadata.actorId === parties.customerId) return 'customer';
  if (metadata.actorCompanyId != null && metadata.actorCompanyId === parties.companyId) return 'company';
  return null;
}

/**
 * The actor's side, judged by the project's parties now (a draft's parties may still change
 * after a milestone was proposed; they freeze when the project is submitted).
 */
function requireParty(project: ProjectFacts, metadata: CommandMetadata, doing: string): Party {
  if (project.status === 'discarded') throw notFound('job_discarded', 'This project was discarded.');
  const party = partyOf(project, metadata);
  if (!party) throw forbidden('not_a_party', `Only the buyer or the seller of this project can ${doing}.`);
  return party;
}

/** Approvals, deposits, completions and disputes need a submitted project: drafts move no money. */
function requireSubmitted(project: ProjectFacts, doing: string): void {
  if (project.status === 'draft') throw conflict('project_draft', `This project is still a draft: submit it before you ${doing}.`);
}

const dayOf = (iso: string) => iso.slice(0, 10);

function requireActive(state: MilestoneState): ActiveMilestone {
  if (state.status !== 'active') throw notFound('milestone_not_found', 'There is no such milestone.');
  return state;
}

function requireSystem(metadata: CommandMetadata): void {
  if (metadata.actorRole !== 'system') throw forbidden('system_only', 'Only the payment provider can report payments.');
}

/** Checks the texts and amounts of a proposal and works out its exact terms, with the project's terms of now frozen in. */
function validContent(content: MilestoneContent, project: ProjectFacts) {
  if (content.title != null && typeof content.title !== 'string') throw invalid('title', 'The title must be text.');
  const title = safeText(content.title, 'title');
  const definition = safeText(content.definition, 'completion criteria');
  if (title.length > MAX_TITLE) throw invalid('title_too_long', `Keep the title under ${MAX_TITLE} characters.`);
  if (!definition) throw invalid('definition_required', 'Describe the completion criteria of the milestone.');
  if (definition.length > MAX_TEXT) throw invalid('definition_too_long', `Keep the completion criteria under ${MAX_TEXT} characters.`);
  const position = content.position ?? 1;
  if (!Number.isInteger(position) || position < 1 || position > 1000) throw invalid('position', 'The position must be a whole number from 1 to 1000.');
  const terms = computeMilestoneTerms(content.payees, content.amount, content.payeeIds, {
    retainagePercent: project.retainagePercent,
    lienWaiverState: project.siteState,
  });
  return { title, definition, position, terms };
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

/**
 * What a payee gets when a dispute releases `release` of the held money: shares in proportion
 * to what the buyer paid for each payee, the fee in proportion within each share, every cent
 * accounted for; the version's retainage is withheld from what is left for the payee.
 */
function releaseShares(version: VersionState, release: Decimal) {
  const owed = version.terms.payees.map((p) => money(p.buyerOwes));
  const shares = allocateCents(release, owed);
  return version.terms.payees.map((p, i) => {
    const share = shares[i]!;
    const fee = roundCents(share.times(p.fee).dividedBy(p.buyerOwes));
    const retainage = retainageOf(share.minus(fee), version.terms.retainagePercent);
    return { payee: p, amount: share.minus(fee).minus(retainage), fee, retainage };
  });
}

function disbursementsFor(
  state: ActiveMilestone,
  version: VersionState,
  at: string,
  cause: 'completion' | 'dispute',
  shares?: ReturnType<typeof releaseShares>,
): MilestoneEvent[] {
  const parts =
    shares ?? version.terms.payees.map((p) => ({ payee: p, amount: money(p.net).minus(p.retainage), fee: money(p.fee), retainage: money(p.retainage) }));
  return parts
    .filter((part) => part.amount.plus(part.fee).plus(part.retainage).gt(0))
    .map((part) => ({
      type: 'DisbursementRequested' as const,
      data: {
        originalId: state.originalId,
        at,
        disbursementId: part.payee.payeeId,
        payeeId: part.payee.payeeId,
        companyId: part.payee.companyId,
        amount: formatAmount(part.amount),
        fee: formatAmount(part.fee),
        cause,
        retainage: formatAmount(part.retainage),
        lienWaiverState: version.terms.lienWaiverState,
      },
    }));
}

const evolveAll = (state: ActiveMilestone, events: MilestoneEvent[]): ActiveMilestone =>
  events.reduce<MilestoneState>(evolveMilestone, state) as ActiveMilestone;

/** The escrow rulebook of one milestone (spec §4, §6; design §6): validates, returns events. */
/**
 * Both parties must have signed the escrow agreement as it reads now, and that text must list the
 * version being funded: a signature of an earlier text (the terms changed since) covers nothing new.
 */
function requireSignedAgreement(agreement: DepositAgreement, versionId: number): void {
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
  if (agreement.versionId !== versionId) {
    throw conflict(
      'agreement_changed',
      "This milestone's terms changed a moment ago and the signed escrow agreement does not cover them: reload, and both parties sign the new text before the deposit.",
    );
  }
}

export function decideMilestone(command: MilestoneCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'ProposeMilestone': {
      if (state.status !== 'none') throw conflict('milestone_exists', 'This milestone already exists.');
      const d = command.data;
      const { project } = command;
      const party = requireParty(project, metadata, 'add milestones');
      if (project.companyId === null) throw invalid('seller_required', 'Choose the seller before adding milestones.');
      const content = validContent(d, project);
      return [
        {
          type: 'MilestoneProposed',
          data: {
            originalId: d.originalId,
            versionId: d.originalId,
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
      // Approving a version rejects any other version this side approved earlier (spec §4).
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
      const reason = safeText(command.data.reason, 'reason') || null;
      if (reason && reason.length > MAX_TEXT) throw invalid('reason_too_long', `Keep the reason under ${MAX_TEXT} characters.`);
      return [
        {
          type: 'MilestoneVersionRejected',
          data: { originalId: s.originalId, at, versionId: version.versionId, party, by: metadata.actorId, reason, automatic: false },
        },
      ];
    }
    case 'RequestDeposit': {
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
    case 'SettleDeposit': {
      requireSystem(metadata);
      const s = requireActive(state);
      const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
      if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
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
      requireSystem(metadata);
      const s = requireActive(state);
      const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
      if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
      if (deposit.status !== 'settled' || deposit.clearedAt !== null) return []; // returned, or cleared already
      if (deposit.clearsAt !== null && at < deposit.clearsAt) throw conflict('not_yet_clear', `This deposit clears on ${deposit.clearsAt}.`);
      const events: MilestoneEvent[] = [
        { type: 'DepositCleared', data: { originalId: s.originalId, at, depositId: deposit.depositId, amount: deposit.amount } },
      ];
      // Both parties completed while the funds were clearing: the disbursements were waiting for this.
      const after = evolveAll(s, events);
      if (after.completedByBoth && after.disbursements.length === 0 && after.refunds.length === 0 && fundsCleared(after)) {
        events.push(...disbursementsFor(after, currentVersion(after)!, at, 'completion'));
      }
      return events;
    }
    case 'ReturnDeposit': {
      requireSystem(metadata);
      const s = requireActive(state);
      const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
      if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
      if (deposit.status === 'returned') return []; // a repeated report changes nothing
      if (deposit.status !== 'settled') throw conflict('not_settled', 'Only a settled deposit can be returned; a pending one fails instead.');
      if (deposit.clearedAt !== null) throw conflict('already_cleared', 'This deposit cleared before the return arrived; an administrator must recover it.');
      const returnCode = safeText(command.data.returnCode, 'return code').slice(0, 10) || 'R00';
      const reason = safeText(command.data.reason, 'reason').slice(0, 500);
      return [{ type: 'DepositReturned', data: { originalId: s.originalId, at, depositId: deposit.depositId, amount: deposit.amount, returnCode, reason } }];
    }
    case 'FailDeposit': {
      requireSystem(metadata);
      const s = requireActive(state);
      const deposit = s.deposits.find((d) => d.depositId === command.data.depositId);
      if (!deposit) throw notFound('deposit_not_found', 'There is no such deposit.');
      if (deposit.status !== 'pending') return [];
      return [{ type: 'DepositFailed', data: { originalId: s.originalId, at, depositId: deposit.depositId, reason: command.data.reason } }];
    }
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
    case 'OpenDispute': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'open a dispute');
      requireSubmitted(command.project, 'open a dispute');
      const statement = safeText(command.data.statement, 'statement');
      if (!statement) throw invalid('statement_required', 'Explain what went wrong so the other party and our team can respond.');
      if (statement.length > MAX_TEXT) throw invalid('statement_too_long', `Keep the statement under ${MAX_TEXT} characters.`);
      if (openDispute(s)) throw conflict('dispute_open', 'A dispute is already open on this milestone.');
      if (!held(s).gt(0)) throw conflict('nothing_held', 'There are no funds in escrow for this milestone to dispute.');
      if (s.completedByBoth) throw conflict('completed_by_both', 'Both parties have marked the milestone complete; its funds are being released.');
      return [{ type: 'DisputeOpened', data: { originalId: s.originalId, at, disputeId: command.data.disputeId, party, by: metadata.actorId, statement } }];
    }
    case 'RespondToDispute': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'respond to a dispute');
      requireSubmitted(command.project, 'respond to a dispute');
      const dispute = openDispute(s);
      if (!dispute) throw conflict('no_dispute', 'There is no open dispute on this milestone.');
      if (dispute.openedByParty === party) throw conflict('own_dispute', `You opened this dispute; the ${partyName(otherParty(party))} responds to it.`);
      if (dispute.response) throw conflict('already_responded', 'This dispute already has a response.');
      const statement = safeText(command.data.statement, 'statement');
      if (!statement) throw invalid('statement_required', 'Write your response to the dispute.');
      if (statement.length > MAX_TEXT) throw invalid('statement_too_long', `Keep the statement under ${MAX_TEXT} characters.`);
      return [{ type: 'DisputeResponded', data: { originalId: s.originalId, at, disputeId: dispute.disputeId, party, by: metadata.actorId, statement } }];
    }
    case 'ResolveDispute': {
      const s = requireActive(state);
      if (metadata.actorRole !== 'admin') throw forbidden('admin_only', 'Only an administrator can resolve a dispute.');
      const dispute = openDispute(s);
      if (!dispute) throw conflict('no_dispute', 'There is no open dispute on this milestone.');
      const note = safeText(command.data.note, 'note');
      if (note.length > MAX_TEXT) throw invalid('note_too_long', `Keep the note under ${MAX_TEXT} characters.`);
      const clearing = clearingDeposit(s);
      if (clearing) throw conflict('funds_clearing', `The deposit's funds clear on ${dayOf(clearing.clearsAt ?? at)}; resolve the dispute after that.`);
      const inEscrow = held(s);
      const version = currentVersion(s)!;
      let refund: Decimal;
      switch (command.data.resolution) {
        case 'release':
          refund = money(0);
          break;
        case 'refund':
          refund = inEscrow;
          break;
        case 'split': {
          const asked = parseAmount(command.data.refundAmount);
          if (asked === null) throw invalid('refund_amount', 'Enter the amount to refund to the buyer, in dollars.');
          if (asked.lte(0) || asked.gte(inEscrow)) {
            throw invalid(
              'refund_amount_range',
              `A split refunds more than $0.00 and less than the ${formatDollars(inEscrow)} held; use release or refund otherwise.`,
            );
          }
          refund = asked;
          break;
        }
        default:
          throw invalid('resolution', 'Resolve a dispute by release, refund or split.');
      }
      const release = inEscrow.minus(refund);
      const events: MilestoneEvent[] = [
        {
          type: 'DisputeResolved',
          data: {
            originalId: s.originalId,
            at,
            disputeId: dispute.disputeId,
            by: metadata.actorId,
            resolution: command.data.resolution,
            releaseAmount: formatAmount(release),
            refundAmount: formatAmount(refund),
            note,
          },
        },
      ];
      if (release.gt(0)) {
        const full = release.eq(money(version.terms.depositTotal));
        events.push(...disbursementsFor(s, version, at, 'dispute', full ? undefined : releaseShares(version, release)));
      }
      if (refund.gt(0))
        events.push({
          type: 'RefundRequested',
          data: { originalId: s.originalId, at, refundId: s.originalId, amount: formatAmount(refund), reason: 'dispute' },
        });
      return events;
    }
    case 'ClaimDeadlineRefund': {
      const s = requireActive(state);
      if (requireParty(command.project, metadata, 'claim a refund') !== 'customer') throw forbidden('buyer_only', 'Only the buyer can claim a refund.');
      requireSubmitted(command.project, 'claim a refund');
      if (!held(s).gt(0)) throw conflict('nothing_held', 'There are no funds in escrow for this milestone.');
      const clearing = clearingDeposit(s);
      if (clearing) throw conflict('funds_clearing', `The deposit's funds clear on ${dayOf(clearing.clearsAt ?? at)}; a refund can be claimed after that.`);
      if (openDispute(s)) throw conflict('disputed', 'A dispute is open on this milestone; an administrator will resolve it.');
      if (s.completion.company) throw conflict('seller_completed', 'The seller has marked this milestone complete; open a dispute if you disagree.');
      if (!s.responseDeadline || Date.parse(at) < Date.parse(s.responseDeadline)) {
        throw conflict(
          'before_deadline',
          `You can claim a refund if the seller has not completed the milestone by ${s.responseDeadline ?? 'the response deadline'}.`,
        );
      }
      return [{ type: 'RefundRequested', data: { originalId: s.originalId, at, refundId: s.originalId, amount: formatAmount(held(s)), reason: 'deadline' } }];
    }
    case 'RecordRefundPaid': {
      requireSystem(metadata);
      const s = requireActive(state);
      const refund = s.refunds.find((r) => r.refundId === command.data.refundId);
      if (!refund) throw notFound('refund_not_found', 'There is no such refund.');
      if (refund.status === 'paid') return [];
      return [
        {
          type: 'RefundPaid',
          data: { originalId: s.originalId, at, refundId: refund.refundId, amount: refund.amount, providerReference: command.data.providerReference },
        },
      ];
    }
    case 'ReleaseRetainage':
    case 'RecordRetainagePaid':
    case 'RecordRetainageRefundPaid':
      requireSystem(metadata);
      return decideRetainageOfMilestone(command, requireActive(state), at);
    case 'SignLienWaiver':
      return decideLienWaiver(command, requireActive(state));
    case 'RemindOfHeldFunds':
      requireSystem(metadata);
      return decideReminder(command, requireActive(state));
    default:
      return assertNever(command);
  }
}
