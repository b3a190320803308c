import { computeMilestoneTerms } from '../money/fees';
import type { CommandMetadata } from '../shared/command';
import type { ErrorCodeFor } from '../shared/error-codes';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { safeText } from '../shared/text';
import type { MilestoneContent, ProjectFacts } from './commands';
import type { Party } from './events';
import type { ActiveMilestone, MilestoneState } from './milestone.state';

/** The rules every family of milestone commands shares: who may act, on what, with which texts. */

export const MAX_TITLE = 200;
export const MAX_TEXT = 5000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const otherParty = (party: Party): Party => (party === 'customer' ? 'company' : 'customer');
export const partyName = (party: Party): string => (party === 'customer' ? 'buyer' : 'seller');
export const dayOf = (iso: string) => iso.slice(0, 10);

/** Which side of this milestone's project the actor is on, if any. */
function partyOf(parties: { customerId: number; companyId: number | null }, metadata: CommandMetadata): Party | null {
  if (metadata.actorRole === 'admin' || metadata.actorRole === 'system') return null;
  if (metadata.actorId === parties.customerId) return 'customer';
  if (metadata.actorCompanyId != null && metadata.actorCompanyId === parties.companyId) return 'company';
  return null;
}

/**
 * The actor's side, judged by the project's parties now (a draft's parties may still change
 * after a milestone was proposed; they freeze when the project is submitted).
 */
export function requireParty(project: ProjectFacts, metadata: CommandMetadata, doing: string): Party {
  if (project.status === 'discarded') throw notFound('job_discarded', 'This project was discarded.');
  const party = partyOf(project, metadata);
  if (!party) throw forbidden('not_a_party', `Only the buyer or the seller of this project can ${doing}.`);
  return party;
}

/** A progress-billed project takes no milestone: its work is billed with pay applications (docs/progress-billing.md). */
export function requireMilestoneBilling(project: ProjectFacts): void {
  if (project.billing === 'progress') {
    throw conflict('progress_billed', 'This project bills by progress against a schedule of values: bill its work with pay applications, not milestones.');
  }
}

/** Milestones are added to a project that names its seller (a buyer-started draft may not yet). */
export function requireSeller(project: ProjectFacts): asserts project is ProjectFacts & { companyId: number } {
  if (project.companyId === null) throw invalid('seller_required', 'Choose the seller before adding milestones.');
}

/** Approvals, deposits, completions and disputes need a submitted project: drafts move no money. */
export function requireSubmitted(project: ProjectFacts, doing: string): void {
  if (project.status === 'draft') throw conflict('project_draft', `This project is still a draft: submit it before you ${doing}.`);
}

export function requireActive(state: MilestoneState): ActiveMilestone {
  if (state.status !== 'active') throw notFound('milestone_not_found', 'There is no such milestone.');
  return state;
}

export function requireSystem(metadata: CommandMetadata): void {
  if (metadata.actorRole !== 'system') throw forbidden('system_only', 'Only the payment provider can report payments.');
}

export function requireAdmin(metadata: CommandMetadata, doing: string): void {
  if (metadata.actorRole !== 'admin') throw forbidden('admin_only', `Only an administrator can ${doing}.`);
}

/** A statement, response or note: trimmed safe text, at most MAX_TEXT characters. */
export function boundedText(raw: string | null | undefined, label: string, code: ErrorCodeFor<400>): string {
  const text = safeText(raw, label);
  if (text.length > MAX_TEXT) throw invalid(code, `Keep the ${label} under ${MAX_TEXT} characters.`);
  return text;
}

/** Checks the texts and amounts of a proposal and works out its exact terms, with the project's terms of now frozen in. */
export function validContent(content: MilestoneContent, project: ProjectFacts) {
  if (content.title != null && typeof content.title !== 'string') throw invalid('title_invalid', 'The title must be text.');
  const title = safeText(content.title, 'title');
  const definition = safeText(content.definition, 'completion criteria');
  if (title.length > MAX_TITLE) throw invalid('title_too_long', `Keep the title under ${MAX_TITLE} characters.`);
  if (!definition) throw invalid('definition_required', 'Describe the completion criteria of the milestone.');
  if (definition.length > MAX_TEXT) throw invalid('definition_too_long', `Keep the completion criteria under ${MAX_TEXT} characters.`);
  const position = content.position ?? 1;
  if (!Number.isInteger(position) || position < 1 || position > 1000) throw invalid('position_invalid', 'The position must be a whole number from 1 to 1000.');
  const terms = computeMilestoneTerms(content.payees, content.amount, content.payeeIds, {
    retainagePercent: project.retainagePercent,
    lienWaiverState: project.siteState,
  });
  return { title, definition, position, terms };
}
