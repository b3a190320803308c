import {
  type ActiveMilestone,
  type ActiveProject,
  cardVersion,
  formatAmount,
  isPaidOut,
  money,
  type Party,
  type PartyName,
  retainageHeld,
  type RetainagePayeeView,
  type RetainageView,
  sum,
  WHOLE_PROJECT_MILESTONE,
} from '@escrow/domain';

import type { Names, Viewer } from '../read-models';

const partyName = (party: Party): PartyName => (party === 'customer' ? 'buyer' : 'seller');

/** The project's retainage as the asking user sees it: per payee, per milestone, the release and what they can do. */
export function retainageView(project: ActiveProject, states: ActiveMilestone[], viewer: Viewer, names: Names): RetainageView {
  const byCompany = new Map<
    number,
    { withheld: ReturnType<typeof money>; released: ReturnType<typeof money>; refunded: ReturnType<typeof money>; paid: ReturnType<typeof money> }
  >();
  const add = (companyId: number, field: 'withheld' | 'released' | 'refunded' | 'paid', amount: string) => {
    const entry = byCompany.get(companyId) ?? { withheld: money(0), released: money(0), refunded: money(0), paid: money(0) };
    entry[field] = entry[field].plus(amount);
    byCompany.set(companyId, entry);
  };
  for (const s of states) {
    for (const d of s.disbursements) if (money(d.retainage).gt(0)) add(d.companyId, 'withheld', d.retainage);
    for (const r of s.retainageReleases) {
      add(r.companyId, 'released', r.amount);
      if (r.status === 'paid') add(r.companyId, 'paid', r.amount);
    }
    for (const r of s.retainageRefunds) for (const p of r.payees) add(p.companyId, 'refunded', p.amount);
  }
  const byPayee: RetainagePayeeView[] = [...byCompany].map(([companyId, e]) => ({
    company_id: companyId,
    name: names.company(companyId),
    withheld: formatAmount(e.withheld),
    released: formatAmount(e.released),
    refunded: formatAmount(e.refunded),
    held: formatAmount(e.withheld.minus(e.released).minus(e.refunded)),
    paid: formatAmount(e.paid),
  }));
  const total = (field: keyof RetainagePayeeView) => formatAmount(sum(byPayee.map((p) => money(p[field] as string))));
  const held = money(total('held'));
  const openMilestones = states.filter((s) => !isPaidOut(s)).length;
  const { request, dispute } = project.retainage;
  const party: Party | null = viewer === 'customer' || viewer === 'company' ? viewer : null;
  const submitted = project.status === 'submitted';
  const allClosed = states.length > 0 && openMilestones === 0;
  const canRequest = party !== null && submitted && !request && !dispute && held.gt(0) && allClosed;
  const canApprove = party !== null && submitted && request !== null && request.party !== party && !dispute && held.gt(0) && allClosed;
  const canDispute = party !== null && submitted && !dispute && held.gt(0);
  const other = (p: Party): Party => (p === 'customer' ? 'company' : 'customer');
  let nextStep: string | null = null;
  if (held.gt(0) && party) {
    if (dispute) nextStep = 'A retainage dispute is open; an administrator will decide it.';
    else if (canApprove) nextStep = `The ${partyName(request!.party)} asked for the retainage release: approve it, or dispute it.`;
    else if (request) nextStep = `You asked for the retainage release; the ${partyName(other(party))} approves it.`;
    else if (canRequest) nextStep = 'Every milestone is complete: ask for the retainage release.';
    else nextStep = `Retainage is released once every milestone is complete and paid out (${openMilestones} still open).`;
  }
  return {
    job_id: project.jobId,
    retainage_percent: project.terms.retainagePercent,
    site_state: project.terms.siteState,
    withheld: total('withheld'),
    held: formatAmount(held),
    released: total('released'),
    refunded: total('refunded'),
    by_payee: byPayee,
    milestones: states
      .filter((s) => s.disbursements.some((d) => money(d.retainage).gt(0)) || !isPaidOut(s))
      .map((s) => ({
        original_id: s.originalId,
        title: cardVersion(s).title || WHOLE_PROJECT_MILESTONE,
        closed: isPaidOut(s),
        held: formatAmount(retainageHeld(s)),
      })),
    open_milestones: openMilestones,
    request: request ? { party: partyName(request.party), by_name: names.person(request.by), amount: request.amount, at: request.at } : null,
    dispute: dispute
      ? { dispute_id: dispute.disputeId, party: partyName(dispute.party), by_name: names.person(dispute.by), statement: dispute.statement, at: dispute.at }
      : null,
    decisions: project.retainage.decisions.map((d) => ({ decided_by: d.decidedBy, resolution: d.resolution, amount: d.amount, at: d.at })),
    your_party: party ? partyName(party) : null,
    can_request: canRequest,
    can_approve: canApprove,
    can_dispute: canDispute,
    next_step: nextStep,
  };
}
