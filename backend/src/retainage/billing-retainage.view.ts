import {
  type ActiveBilling,
  type ActiveProject,
  disputeBlocked,
  formatAmount,
  money,
  type Party,
  type PartyName,
  type RetainagePayeeView,
  retainageStanding,
  type RetainageView,
  sum,
} from '@escrow/domain';

import type { Names, Viewer } from '../read-models';

const partyName = (party: Party): PartyName => (party === 'customer' ? 'buyer' : 'seller');
type Figures = Record<'withheld' | 'released' | 'refunded' | 'held' | 'paid', ReturnType<typeof money>>;

/**
 * A progress-billed project's retainage in the shape of the milestone project's (RetainageView),
 * so the parties and the administrators meet one retainage dispute feature: per payee from the
 * billing stream's releases, refunds and held lines (no milestones), the request and the dispute,
 * every decision. The request and approval themselves are the Billing tab's (`…/billing/retainage/*`).
 */
export function billingProjectRetainageView(project: ActiveProject, billing: ActiveBilling, viewer: Viewer, names: Names): RetainageView {
  const standing = retainageStanding(billing);
  const byPayee = new Map<number, Figures>();
  const add = (payeeId: number, field: keyof Figures, amount: string) => {
    const entry = byPayee.get(payeeId) ?? { withheld: money(0), released: money(0), refunded: money(0), held: money(0), paid: money(0) };
    entry[field] = entry[field].plus(amount);
    byPayee.set(payeeId, entry);
  };
  for (const p of standing.payees) add(p.payeeId, 'held', p.amount);
  for (const r of billing.retainageReleases) {
    for (const p of r.payees) {
      add(p.payeeId, 'released', p.amount);
      if (r.paid[p.payeeId] !== undefined) add(p.payeeId, 'paid', p.amount);
    }
  }
  for (const r of billing.retainageRefunds ?? []) for (const p of r.payees) add(p.payeeId, 'refunded', p.amount);
  const payees: RetainagePayeeView[] = [...byPayee].map(([companyId, e]) => ({
    company_id: companyId,
    name: names.company(companyId),
    withheld: formatAmount(e.held.plus(e.released).plus(e.refunded)),
    released: formatAmount(e.released),
    refunded: formatAmount(e.refunded),
    held: formatAmount(e.held),
    paid: formatAmount(e.paid),
  }));
  const total = (field: keyof RetainagePayeeView) => formatAmount(sum(payees.map((p) => money(p[field] as string))));
  const party: Party | null = viewer === 'customer' || viewer === 'company' ? viewer : null;
  const { retainageRequest: request, retainageDispute: dispute } = billing;
  const open = party !== null && standing.blocked === null;
  const canApprove = open && request !== null && request.party !== party;
  const canDispute = party !== null && project.status === 'submitted' && disputeBlocked(billing) === null;
  const decisions: RetainageView['decisions'] = [
    ...billing.retainageReleases
      .filter((r) => !r.disputeId)
      .map((r) => ({ decided_by: 'parties' as const, resolution: 'release' as const, amount: r.total, at: r.at })),
    ...(billing.retainageDecisions ?? []).map((d) => ({ decided_by: 'admin' as const, resolution: d.resolution, amount: d.amount, at: d.at })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  let nextStep: string | null = null;
  if (party && standing.lines.length > 0) {
    if (dispute) nextStep = 'A retainage dispute is open; an administrator will decide it.';
    else if (canApprove) nextStep = `The ${partyName(request!.party)} asked for the retainage release: approve it on the Billing tab, or dispute it.`;
    else if (request) nextStep = `You asked for the retainage release; the ${partyName(request.party === 'customer' ? 'company' : 'customer')} approves it.`;
    else if (open) nextStep = 'At substantial completion, ask for the retainage release on the Billing tab.';
    else nextStep = standing.blocked?.message ?? null;
  }
  return {
    job_id: project.jobId,
    retainage_percent: project.terms.retainagePercent,
    site_state: project.terms.siteState,
    withheld: total('withheld'),
    held: standing.total,
    released: total('released'),
    refunded: total('refunded'),
    by_payee: payees,
    milestones: [],
    open_milestones: 0,
    request: request ? { party: partyName(request.party), by_name: names.person(request.by), amount: standing.total, at: request.at } : null,
    dispute: dispute
      ? { dispute_id: dispute.disputeId, party: partyName(dispute.party), by_name: names.person(dispute.by), statement: dispute.statement, at: dispute.at }
      : null,
    decisions,
    your_party: party ? partyName(party) : null,
    can_request: open && request === null,
    can_approve: canApprove,
    can_dispute: canDispute,
    next_step: nextStep,
  };
}
