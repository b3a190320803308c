import { type SiteState, STATE_NAMES } from '../lien-waivers/states';
import { FEE_RATE } from '../money/fees';

/**
 * Clauses 2 to 9 of a progress-billed project's escrow agreement (docs/progress-billing.md): what
 * really moves its money — the escrow balance the owner funds (fee on top, paid only from cleared
 * funds, the shortfall's date), certified payments less retainage, the retainage released at
 * substantial completion or disputed, lien waivers per payout, and what is and is not refunded.
 * A milestone project's clauses are agreementText's own and do not change with these.
 */
export function progressClauses(a: { returnWindow: string | null; siteState: SiteState | null }): string[] {
  const state = a.siteState ? STATE_NAMES[a.siteState] : null;
  return [
    `2. Fee. The escrow fee is ${FEE_RATE.times(100).toString()}% of each deposit into the project's escrow balance, paid by the owner on top of the amount deposited; the payees receive their payments in full.`,
    `3. Deposits. The owner funds the project's escrow balance by ACH debit from a linked bank account. A deposit counts once the owner's bank has settled it; ${a.returnWindow ? `its funds then clear ${a.returnWindow} after settling, the time in which the bank may still return the debit, and ` : ''}a certified payment is paid only from cleared funds. When the balance does not cover a certified payment and its retainage, the owner is asked to deposit the difference within 10 days of the end of the application's period, and the payment waits until the funds clear.`,
    '4. Release. When the contractor accepts a certified pay application, Escrow Ledger pays each line’s payee its current payment due (the certified amount less the retainage withheld on the line and the earlier certificates) from the owner’s cleared deposits.',
    '5. Retainage. The retainage withheld on each line of the schedule of values is held in escrow until the work is substantially complete. Then either party asks for its release and the other approves it, and each line’s retainage is paid to its payee; the other party may instead dispute it (clause 8). Work billed after a release is retained again and released the same way.',
    state
      ? `6. Lien waivers. The job site is in ${state}: each payout of a progress payment or of the retainage waits for its payee's signed conditional waiver and release of lien rights for it (${state}). A conditional waiver takes effect only when the payee receives the payment; an unconditional waiver is issued when the payment arrives. Both are recorded on the project's ledger.`
      : '6. Lien waivers. No lien waivers are exchanged for the progress payments.',
    "7. Refunds. The owner's deposits stay in the project's escrow balance to pay the certified pay applications and their retainage. The owner may ask at any time for cleared funds no payment has drawn to be returned: what the contract sum to date still has to draw (and what a pay application open or a payment waiting for funds needs, if more) stays in escrow, and the rest is returned at once; more than that is returned only if the contractor approves, agreeing that the remaining contract is then not funded. A deposit the owner's bank returns within its return window is taken off the balance, and nothing is paid from it. Retainage goes back to the owner only as Escrow Ledger decides on a dispute of its release (clause 8).",
    '8. Disputes. The owner, or the certifier the owner names, certifies each line of a pay application as billed, reduced or refused, with the reason for a reduction or a refusal; the contractor accepts the certificate, or revises the application to have it certified again, and nothing is paid on an application before its certificate is accepted. Either party may dispute a request to release the retainage instead of approving it; Escrow Ledger then hears both parties and releases the retainage to the payees or refunds it to the owner; its decision is final for the retainage held.',
    "9. Records. Every schedule of values, pay application, certificate, change order, deposit, payment, retainage release and lien waiver is recorded on the project's ledger, which both parties can read at any time.",
  ];
}
