import { type ActiveMilestone, type LienWaiverView, paymentOf, type WaiverDue, waiversOf } from '@escrow/domain';

import type { SessionUser } from '../identity';
import type { Names } from '../read-models';
import type { LienWaiverDocuments } from './lien-waiver-documents';

/** A user of the payee company may sign a conditional waiver before the payment goes out, an unconditional one after. */
function canSign(state: ActiveMilestone, w: WaiverDue, user: Pick<SessionUser, 'companyId' | 'role'>): boolean {
  if (user.role === 'admin' || user.companyId === null || user.companyId !== w.companyId) return false;
  if (w.kind === 'conditional') return w.waiver === null && paymentOf(state, w.payment, w.payeeId)?.status !== 'paid';
  return w.waiver === null || w.waiver.signedBy === null;
}

/** Every waiver the milestone's payments call for, as the asking user sees it (with the text to read when they may sign). */
export async function waiverViews(state: ActiveMilestone, user: SessionUser, names: Names, documents: LienWaiverDocuments): Promise<LienWaiverView[]> {
  return Promise.all(
    waiversOf(state).map(async (w): Promise<LienWaiverView> => {
      const signable = canSign(state, w, user);
      const doc = signable ? await documents.textFor(state, w.payment, w.payeeId, w.kind) : null;
      return {
        original_id: state.originalId,
        payment: w.payment,
        mp_id: w.payeeId,
        company_id: w.companyId,
        company_name: names.company(w.companyId),
        kind: w.kind,
        amount: w.amount,
        site_state: w.siteState,
        status: w.waiver === null ? 'missing' : w.waiver.signedBy === null ? 'issued' : 'signed',
        due_since: w.dueSince,
        waiver_name: w.waiver?.waiverName ?? null,
        signed_at: w.waiver?.signedBy != null ? w.waiver.at : null,
        can_sign: signable,
        text: doc?.text ?? null,
        waiver_hash: doc?.hash ?? null,
      };
    }),
  );
}
