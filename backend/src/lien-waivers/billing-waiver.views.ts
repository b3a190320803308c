import { type ActiveBilling, type BillingPayoutState, type CompanyWaiverView, payoutWaiver, type WaiverKind } from '@escrow/domain';

import type { SessionUser } from '../identity';
import type { Names } from '../read-models';
import { billingPaymentTitle, type BillingWaiverDocuments, billingWaiverPayment } from './billing-waiver-documents';

/** A user of the payee company may sign the conditional waiver before the payout goes out, the unconditional one after. */
function canSign(p: BillingPayoutState, kind: WaiverKind, user: Pick<SessionUser, 'companyId' | 'role'>): boolean {
  if (user.role === 'admin' || user.companyId === null || user.companyId !== p.payeeId) return false;
  const waiver = payoutWaiver(p, kind);
  if (kind === 'conditional') return waiver === null && p.paid === null;
  return waiver === null || waiver.signedBy === null;
}

/**
 * The waivers a progress-billed project's payouts to the user's company call for (GET
 * /api/waivers): a conditional one per payout from when it is funded (it waits for it), an
 * unconditional one per payout paid; with the text to read when the user may sign it.
 */
export async function billingWaiverViews(
  state: ActiveBilling,
  service: string,
  user: SessionUser,
  names: Names,
  documents: BillingWaiverDocuments,
): Promise<CompanyWaiverView[]> {
  const due = state.payouts
    .filter((p) => p.payeeId === user.companyId && p.lienWaiverState)
    .flatMap((p) => (p.paid ? (['conditional', 'unconditional'] as const) : (['conditional'] as const)).map((kind) => ({ p, kind })));
  return Promise.all(
    due.map(async ({ p, kind }): Promise<CompanyWaiverView> => {
      const waiver = payoutWaiver(p, kind);
      const signable = canSign(p, kind, user);
      const doc = signable ? await documents.textFor(state, p.payoutId, kind) : null;
      return {
        original_id: state.jobId,
        payment: billingWaiverPayment(p),
        mp_id: p.payoutId,
        company_id: p.payeeId,
        company_name: names.company(p.payeeId),
        kind,
        amount: p.amount,
        site_state: p.lienWaiverState!,
        status: waiver === null ? 'missing' : waiver.signedBy === null ? 'issued' : 'signed',
        due_since: kind === 'unconditional' ? (p.paid?.at ?? p.fundedAt) : p.fundedAt,
        waiver_name: waiver?.waiverName ?? null,
        signed_at: waiver?.signedBy != null ? waiver.at : null,
        can_sign: signable,
        text: doc?.text ?? null,
        waiver_hash: doc?.hash ?? null,
        job_id: state.jobId,
        m_id: null,
        milestone_title: billingPaymentTitle(state, p),
        payout_id: p.payoutId,
        service,
      };
    }),
  );
}
