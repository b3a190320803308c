import type { LienWaiverDocument } from '@escrow/domain';
import { DomainError, notFound } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import { MilestoneReads, ProjectAccess } from '../read-models';
import { BillingWaiverDocuments } from './billing-waiver-documents';
import { LienWaiverDocuments, type StoredWaiver } from './lien-waiver-documents';

/** GET /api/waivers/{name}: a waiver as it was signed or issued, to print (/portal/waivers/{name}). */
export class GetLienWaiverDocument extends Query<LienWaiverDocument> {
  constructor(
    readonly user: SessionUser,
    readonly waiverName: string,
  ) {
    super();
  }
}

@QueryHandler(GetLienWaiverDocument)
export class GetLienWaiverDocumentHandler implements IQueryHandler<GetLienWaiverDocument> {
  constructor(
    private readonly documents: LienWaiverDocuments,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly billingDocuments: BillingWaiverDocuments,
  ) {}

  async execute({ user, waiverName }: GetLienWaiverDocument): Promise<LienWaiverDocument> {
    const stored = await this.documents.find(waiverName);
    if (!stored) throw notFound('no_such_lien_waiver', 'There is no lien waiver with that name.');
    // The payee's users, the project's parties and admins read it; nobody else learns it exists.
    if (user.companyId === null || user.companyId !== stored.company_id) {
      try {
        await this.access.requireViewer(stored.job_id, user);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'forbidden') throw notFound('no_such_lien_waiver', 'There is no lien waiver with that name.');
        throw error;
      }
    }
    const recorded = (await this.recorded(stored)).filter((w) => w.waiverName === waiverName);
    const signed = recorded.find((w) => w.signedBy !== null) ?? null;
    const issued = recorded.find((w) => w.signedBy === null) ?? null;
    const names = await this.reads.namesFor([], [], [stored.company_id]);
    return {
      waiver_name: stored.waiver_name,
      job_id: stored.job_id,
      original_id: stored.original_id,
      payment: stored.payment,
      mp_id: stored.mp_id,
      company_name: names.company(stored.company_id),
      kind: stored.kind,
      amount: stored.amount,
      site_state: stored.site_state,
      waiver_hash: stored.waiver_hash,
      text: stored.body,
      status: signed ? 'signed' : issued ? 'issued' : 'not recorded',
      signed_name: signed ? stored.signed_name : null,
      signed_at: signed?.at ?? null,
      issued_at: issued?.at ?? null,
    };
  }

  /** The waivers the payment's stream recorded: the milestone's, or the progress-billed payout's. */
  private async recorded(stored: StoredWaiver): Promise<{ waiverName: string; signedBy: number | null; at: string }[]> {
    if (stored.payment === 'disbursement' || stored.payment === 'retainage') return (await this.reads.one(stored.original_id)).waivers;
    const billing = await this.billingDocuments.stateOf(stored.job_id);
    return billing?.payouts.find((p) => p.payoutId === stored.mp_id)?.waivers ?? [];
  }
}
