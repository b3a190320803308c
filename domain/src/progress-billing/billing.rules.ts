import type { Party } from '../milestones/events';
import type { CommandMetadata } from '../shared/command';
import { conflict, DomainError, forbidden, invalid, notFound, type RefusalProblem } from '../shared/errors';
import { safeText } from '../shared/text';
import type { ActiveBilling, BillingState } from './billing.state';
import type { BillingProjectFacts } from './commands';

/** The rules every family of billing commands shares: who may act, on which project, with which texts. */

const MAX_REASON = 2000;

/** The project must bill by progress: a milestone-billed project has no schedule of values. */
export function requireProgressBilled(project: BillingProjectFacts): void {
  if (project.status === 'discarded') throw notFound('job_discarded', 'This project was discarded.');
  if (project.billing !== 'progress') {
    throw conflict('not_progress_billed', 'This project bills by milestones; choose progress billing for it before proposing a schedule of values.');
  }
}

export function partyOf(project: BillingProjectFacts, metadata: CommandMetadata): Party | null {
  if (metadata.actorRole === 'admin' || metadata.actorRole === 'system') return null;
  if (metadata.actorId === project.customerId) return 'customer';
  if (metadata.actorCompanyId != null && metadata.actorCompanyId === project.companyId) return 'company';
  return null;
}

/** The actor's side of the project; anyone else (a certifier included) is refused. */
export function requireParty(project: BillingProjectFacts, metadata: CommandMetadata, doing: string): Party {
  requireProgressBilled(project);
  const party = partyOf(project, metadata);
  if (!party) throw forbidden('not_a_party', `Only the buyer or the seller of this project can ${doing}.`);
  return party;
}

export function requireBuyer(project: BillingProjectFacts, metadata: CommandMetadata, doing: string): void {
  if (requireParty(project, metadata, doing) !== 'customer') throw forbidden('buyer_only', `Only the buyer can ${doing}.`);
}

export function requireSellerUser(
  project: BillingProjectFacts,
  metadata: CommandMetadata,
  doing: string,
): asserts project is BillingProjectFacts & { companyId: number } {
  if (requireParty(project, metadata, doing) !== 'company') throw forbidden('seller_only', `Only the seller can ${doing}.`);
}

/** Money moves, and terms bind, only on a submitted project. */
export function requireSubmitted(project: BillingProjectFacts, doing: string): void {
  if (project.status === 'draft') throw conflict('project_draft', `This project is still a draft: submit it before you ${doing}.`);
}

export function requireSystem(metadata: CommandMetadata): void {
  if (metadata.actorRole !== 'system') throw forbidden('system_only', 'Only the payment provider can report payments.');
}

export function requireBilling(state: BillingState): ActiveBilling {
  if (state.status !== 'active') throw notFound('schedule_not_found', 'This project has no schedule of values yet: the seller proposes one first.');
  return state;
}

/** A billing project with an approved schedule: pay applications and change orders need one. */
export function requireSchedule(state: BillingState): ActiveBilling {
  const s = requireBilling(state);
  if (s.currentVersionId === null) throw conflict('schedule_not_approved', 'The buyer has not approved a schedule of values yet.');
  return s;
}

/** A reason or note: trimmed, storable, at most MAX_REASON characters; null when empty and optional. */
export function readReason(raw: unknown, label: string, required: boolean): string | null {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw invalid('reason', `The ${label} must be text.`);
  const text = safeText(raw as string | null | undefined, label);
  if (text.length > MAX_REASON) throw invalid('reason_too_long', `Keep the ${label} under ${MAX_REASON} characters.`);
  if (required && !text) throw invalid('reason_required', `Give the ${label}.`);
  return text || null;
}

/**
 * Refuses with every problem found: one problem answers with its own code and message; several
 * answer `<what>_invalid` with each message in turn, and the list in the details for the screens
 * to mark each line.
 */
export function refuseIfAny(
  problems: readonly RefusalProblem[],
  what: 'certification' | 'change_order' | 'pay_application' | 'schedule',
  subject: string,
): void {
  if (problems.length === 0) return;
  const [only] = problems;
  if (problems.length === 1 && only) throw new DomainError('invalid', only.code, only.message, { problems: [...problems] });
  throw new DomainError('invalid', `${what}_invalid`, `${subject} breaks ${problems.length} rules. ${problems.map((p) => p.message).join(' ')}`, {
    problems: [...problems],
  });
}

/** Who can never certify: the buyer (who certifies already) and the seller's own people. */
export function refuseAsCertifier(project: BillingProjectFacts, userId: number, companyId: number | null): void {
  if (userId === project.customerId)
    throw conflict('certifier_is_buyer', 'You certify pay applications yourself already; name someone else, such as your architect.');
  if (companyId !== null && companyId === project.companyId) {
    throw forbidden(
      'certifier_is_seller',
      "The seller's own people cannot certify the seller's pay applications; name someone on your side, such as your architect or inspector.",
    );
  }
}
