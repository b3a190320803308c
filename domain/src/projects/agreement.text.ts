import { type SiteState, STATE_NAMES } from '../lien-waivers/states';
import { WHOLE_PROJECT_MILESTONE } from '../milestones/milestone.labels';
import type { ActiveMilestone } from '../milestones/milestone.state';
import { FEE_RATE } from '../money/fees';
import { formatDollars, money } from '../money/money';
import { progressClauses } from './agreement.billing';
import { type AgreedSchedule, scheduleClause } from './agreement.schedule';
import type { ActiveProject, AgreedTerms } from './project.decider';

/** A milestone version both parties agreed, with what the agreement says of it. */
export interface AgreedVersion {
  originalId: number;
  version: AgreedTerms;
}

/** What the escrow agreement of a project is drawn up from. Names are looked up by the caller (no personal data in events). */
export interface AgreementInput {
  projectId: number;
  service: string;
  buyerName: string;
  sellerName: string;
  /** The project's terms for milestone versions proposed from now on (each version freezes its own). */
  terms: { retainagePercent: string; siteState: SiteState | null };
  /** The agreed version of each milestone both parties have agreed: the text lists them, in position order. */
  agreed: AgreedVersion[];
  companyName: (companyId: number) => string;
  /** Days after a deposit settles by which the contractor must mark the milestone complete (the promise of docs/product.md#deadline-refund). */
  responseDays: number;
  /** How long a settled ACH debit can still be returned by the owner's bank, in words ("2 business days"); null: not at all. */
  returnWindow: string | null;
  /** A progress-billed project's approved schedule of values and change orders (agreedSchedule); absent for a project billed by milestones. */
  schedule?: AgreedSchedule | null;
}

const listOrder = (a: AgreedVersion, b: AgreedVersion): number => a.version.position - b.version.position || a.originalId - b.originalId;
const termsOf = ({ versionId, title, definition, position, terms }: AgreedTerms): AgreedTerms => ({ versionId, title, definition, position, terms });

/** The agreed version of each milestone both parties have agreed, as the milestones' states say, in the order the text lists them. */
export function agreedVersions(milestones: ActiveMilestone[]): AgreedVersion[] {
  return milestones
    .filter((m) => m.currentVersionId !== null)
    .map((m) => ({ originalId: m.originalId, version: m.versions.find((v) => v.versionId === m.currentVersionId)! }))
    .filter((x) => x.version !== undefined)
    .map((x) => ({ originalId: x.originalId, version: termsOf(x.version) }))
    .sort(listOrder);
}

/** The agreed versions the project's stream recorded (ProjectMilestoneAgreed), in the order the text lists them. */
export function listedVersions(project: ActiveProject): AgreedVersion[] {
  return Object.entries(project.agreedMilestones ?? {})
    .map(([originalId, version]) => ({ originalId: Number(originalId), version }))
    .sort(listOrder);
}

const percentWords = (percent: string): string => `${money(percent).toString()}%`;
const hasRetainage = (percent: string): boolean => money(percent).gt(0);

function payeeLine(version: AgreedTerms, payee: AgreedTerms['terms']['payees'][number], companyName: (id: number) => string): string {
  const name = companyName(payee.companyId);
  const fee = payee.includeFee ? ' (the escrow fee is taken from this share)' : '';
  if (!money(payee.retainage).gt(0)) return `      Pays ${name}: ${formatDollars(payee.net)}${fee}.`;
  const atCompletion = money(payee.net).minus(payee.retainage);
  return (
    `      Pays ${name}: ${formatDollars(payee.net)}${fee}, of which ${formatDollars(atCompletion)} at completion and ` +
    `${formatDollars(payee.retainage)} (${percentWords(version.terms.retainagePercent)} retainage) held back until the retainage is released.`
  );
}

/**
 * The escrow agreement both parties sign by typing their names: the project's terms as they
 * are, with the rules that move its money (deposits and their clearing, release, retainage, lien
 * waivers, refunds, disputes). The same input always gives the same text, so its SHA-256 names
 * exactly what was signed; when a term changes, the text changes and a signature of the earlier
 * text no longer covers it.
 */
export function agreementText(a: AgreementInput): string {
  const agreed = [...a.agreed].sort(listOrder);
  const waiverStates = [...new Set(agreed.map((x) => x.version.terms.lienWaiverState).filter((s): s is SiteState => s !== null))];
  const retained = agreed.some((x) => hasRetainage(x.version.terms.retainagePercent));
  const lines = [
    `ESCROW AGREEMENT — PROJECT ${a.projectId}`,
    '',
    `Owner (buyer): ${a.buyerName}`,
    `Contractor (seller): ${a.sellerName}`,
    `Escrow agent: Escrow Ledger`,
    `Main service: ${a.service}`,
    `Job site: ${a.terms.siteState ? `${STATE_NAMES[a.terms.siteState]} (payments exchange lien waivers under ${STATE_NAMES[a.terms.siteState]} law)` : 'state not named (no lien waivers are exchanged)'}`,
    a.schedule
      ? 'Retainage: on each line of the schedule of values, at the terms clause 1 states'
      : `Retainage on milestones agreed from now on: ${hasRetainage(a.terms.retainagePercent) ? `${percentWords(a.terms.retainagePercent)} of each payment to each payee` : 'none'}`,
    '',
  ];
  if (a.schedule) {
    lines.push(
      ...scheduleClause(a.schedule, a.companyName),
      '',
      ...progressClauses({ returnWindow: a.returnWindow, siteState: a.terms.siteState }),
      changesClause(a),
    );
    return lines.join('\n');
  }
  lines.push(
    '1. Milestones. The project is paid in the milestones below. Each is deposited by the owner into escrow before its work starts and released only as this agreement says.',
  );
  if (agreed.length === 0) lines.push('   (No milestone has been approved by both parties yet.)');
  agreed.forEach(({ version: v }, i) => {
    lines.push(`   ${i + 1}. ${v.title || WHOLE_PROJECT_MILESTONE} — ${formatDollars(v.terms.amount)}; owner deposits ${formatDollars(v.terms.depositTotal)}.`);
    lines.push(`      Completion criteria: ${v.definition}`);
    if (hasRetainage(v.terms.retainagePercent)) {
      lines.push(`      Retainage: ${percentWords(v.terms.retainagePercent)} of each payment to each payee, ${formatDollars(v.terms.retainageTotal)} in all.`);
    }
    if (v.terms.lienWaiverState) {
      lines.push(`      Lien waivers: each payment waits for its payee's signed conditional lien waiver (${STATE_NAMES[v.terms.lienWaiverState]}).`);
    }
    for (const p of v.terms.payees) lines.push(payeeLine(v, p, a.companyName));
  });
  const waiverRelease =
    waiverStates.length > 0 ? ', each payment on a milestone with lien waivers once its payee has signed its conditional lien waiver for it (clause 6)' : '';
  lines.push(
    '',
    `2. Fee. The escrow fee is ${FEE_RATE.times(100).toString()}% of the project cost, paid by the owner with the deposit; a payee who chose to include the fee in their price receives their share less the fee instead.`,
    a.returnWindow
      ? `3. Deposits. The owner deposits a milestone by ACH debit from a linked bank account. A deposit counts once the owner's bank has settled it; its funds then clear ${a.returnWindow} after settling, the time in which the bank may still return the debit, and nothing is paid out of escrow before they clear. A deposit returned in that time is taken off its milestone, which is then no longer funded.`
      : "3. Deposits. The owner deposits a milestone by ACH debit from a linked bank account. A deposit counts, and its funds clear, once the owner's bank has settled it; nothing is paid out of escrow before.",
    `4. Release. When both parties have marked a funded milestone complete, Escrow Ledger pays each payee its share less the retainage withheld from it${waiverRelease}.`,
    retained
      ? '5. Retainage. The retainage withheld from each payment is held in escrow until every milestone of the project is complete and paid out. Then either party asks for its release and the other approves it, and it is paid to the payees' +
          (waiverStates.length > 0 ? ' (on milestones with lien waivers, each against its conditional lien waiver for the retainage)' : '') +
          '. Either party may instead dispute the retainage; Escrow Ledger then hears both parties and releases it to the payees or refunds it to the owner.'
      : '5. Retainage. No retainage is withheld from the payments of the milestones above.',
    waiverStates.length > 0
      ? `6. Lien waivers. On the milestones above that name lien waivers (job site in ${waiverStates.map((s) => STATE_NAMES[s]).join(', ')}), each payee signs a conditional waiver and release of lien rights for each payment to it, and for its retainage, before that payment is released. A conditional waiver takes effect only when the payee receives the payment; an unconditional waiver is issued when the payment arrives. Both are recorded on the project's ledger.`
      : '6. Lien waivers. No lien waivers are exchanged for the payments of the milestones above.',
    `7. Refund. If the contractor has not marked a funded milestone complete within ${a.responseDays} days of its deposit settling, the owner may claim the funds held for it back.`,
    '8. Disputes. Either party may open a dispute on a funded milestone. Escrow Ledger hears both parties and resolves it by releasing the funds, refunding them, or splitting them; its decision is final for the funds held.',
    "9. Records. Every approval, deposit, completion, release, refund and lien waiver is recorded on the project's ledger, which both parties can read at any time.",
    changesClause(a),
  );
  return lines.join('\n');
}

const changesClause = (a: AgreementInput): string =>
  `10. Changes. This text states the terms both parties have agreed. When they change (${a.schedule ? 'the schedule of values approved, a change order approved' : 'a milestone agreed or edited'}, the retainage or the job site), the text changes with them, a signature of an earlier text does not cover it, and both parties sign the new text before the next deposit.`;
