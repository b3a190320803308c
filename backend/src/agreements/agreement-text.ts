import { createHash } from 'node:crypto';

import { type ActiveMilestone, FEE_RATE, formatDollars, money } from '@escrow/domain';

export interface AgreementParties {
  jobId: number;
  service: string;
  buyerName: string;
  sellerName: string;
  responseDays: number;
}

/** The escrow agreement generated from the project's terms: what the parties sign by typing their names. */
export function agreementText(parties: AgreementParties, milestones: ActiveMilestone[], companyName: (id: number) => string): string {
  const lines = [
    `ESCROW AGREEMENT — PROJECT ${parties.jobId}`,
    '',
    `Owner (buyer): ${parties.buyerName}`,
    `Contractor (seller): ${parties.sellerName}`,
    `Escrow agent: Escrow Ledger`,
    `Main service: ${parties.service}`,
    '',
    '1. Milestones. The project is paid in the milestones below. Each is deposited by the owner into escrow before its work starts and released only as this agreement says.',
  ];
  const agreed = milestones.filter((m) => m.currentVersionId !== null);
  if (agreed.length === 0) lines.push('   (No milestone has been approved by both parties yet.)');
  agreed.forEach((m, i) => {
    const v = m.versions.find((x) => x.versionId === m.currentVersionId)!;
    lines.push(
      `   ${i + 1}. ${v.title || 'Whole Project Milestone'} — ${formatDollars(v.terms.amount)}; owner deposits ${formatDollars(v.terms.depositTotal)}.`,
    );
    lines.push(`      Completion criteria: ${v.definition}`);
    for (const p of v.terms.payees) {
      lines.push(`      Pays ${companyName(p.companyId)}: ${formatDollars(p.net)}${p.includeFee ? ' (the escrow fee is taken from this share)' : ''}.`);
    }
  });
  lines.push(
    '',
    `2. Fee. The escrow fee is ${money(FEE_RATE).times(100).toString()}% of the project cost, paid by the owner with the deposit; a payee who chose to include the fee in their price receives their share less the fee instead.`,
    "3. Release. Escrow Ledger releases a milestone's funds to its payees when both parties have marked it complete.",
    `4. Refund. If the contractor has not marked a funded milestone complete within ${parties.responseDays} days of its deposit settling, the owner may claim the funds held for it back.`,
    '5. Disputes. Either party may open a dispute on a funded milestone. Escrow Ledger hears both parties and resolves it by releasing the funds, refunding them, or splitting them; its decision is final for the funds held.',
    "6. Records. Every approval, deposit, completion, release and refund is recorded on the project's ledger, which both parties can read at any time.",
  );
  return lines.join('\n');
}

export const agreementHash = (text: string): string => createHash('sha256').update(text).digest('hex');
export const contractNameOf = (jobId: number, hash: string): string => `escrow-agreement-job-${jobId}-${hash.slice(0, 12)}`;
