import {
  type ActiveBilling,
  billingLienWaiverName,
  billingLienWaiverText,
  type BillingPayoutState,
  type BillingState,
  type IssuedWaiver,
  notFound,
  payoutWaiver,
  type WaiverKind,
  type WaiverPaymentView,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { billingStream, EventStreams } from '../command-side';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MilestoneReads } from '../read-models';
import { LienWaiverDocuments, type WaiverDocument, waiverHash } from './lien-waiver-documents';

/** How a progress-billed payout's waiver is stored in `lien_waivers`: what it pays, the payout standing for the payee. */
export const billingWaiverPayment = (payout: BillingPayoutState): WaiverPaymentView =>
  payout.payment.kind === 'application' ? 'progress_payment' : 'progress_retainage';

/** "Pay application 2, period to 2026-12-31" or "Retainage release 1": what a payout pays, as the waiver lists name it. */
export function billingPaymentTitle(state: ActiveBilling, payout: BillingPayoutState): string {
  const { payment } = payout;
  if (payment.kind === 'retainage') return `Retainage release ${payment.releaseNumber}`;
  const application = state.applications.find((a) => a.applicationNumber === payment.applicationNumber);
  return `Pay application ${payment.applicationNumber}${application ? `, period to ${application.periodTo}` : ''}`;
}

/**
 * The lien waiver texts of a progress-billed project's payouts: the same texts, table and
 * printing as a milestone payment's (LienWaiverDocuments), generated from the pay application
 * and its period or the retainage release (the domain's billingLienWaiverText).
 */
@Injectable()
export class BillingWaiverDocuments {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly documents: LienWaiverDocuments,
    private readonly milestones: MilestoneReads,
    private readonly streams: EventStreams,
  ) {}

  /** The projects' billing states (the read model `billing_schedules`) that pay `companyId`, newest first. */
  async payingCompany(companyId: number): Promise<{ service: string; state: ActiveBilling }[]> {
    const { rows } = await this.pool.query<{ service: string; state: ActiveBilling }>(
      `SELECT j.service, b.state FROM billing_schedules b JOIN jobs j USING (job_id)
        WHERE b.state->'payouts' @> jsonb_build_array(jsonb_build_object('payeeId', $1::int)) ORDER BY b.job_id DESC LIMIT 200`,
      [companyId],
    );
    return rows;
  }

  /** A project's billing state as the read model holds it (null: it bills by milestones, or nothing is billed yet). */
  async stateOf(jobId: number): Promise<ActiveBilling | null> {
    const { rows } = await this.pool.query<{ state: BillingState }>('SELECT state FROM billing_schedules WHERE job_id = $1', [jobId]);
    const state = rows[0]?.state;
    return state?.status === 'active' ? state : null;
  }

  /** The text of a payout's waiver: the unconditional one issued on payment is that very text; otherwise it is generated now. */
  async textFor(state: ActiveBilling, payoutId: number, kind: WaiverKind, paidOn: string | null = null): Promise<WaiverDocument> {
    const payout = state.payouts.find((p) => p.payoutId === payoutId);
    if (!payout || !payout.lienWaiverState) throw notFound('payment_without_waiver', 'This payment has no lien waiver.');
    const issued = kind === 'unconditional' ? payoutWaiver(payout, 'unconditional') : null;
    const stored = issued ? await this.documents.find(issued.waiverName) : null;
    const common = { companyId: payout.payeeId, amount: payout.amount, siteState: payout.lienWaiverState };
    if (stored) return { name: stored.waiver_name, hash: stored.waiver_hash, text: stored.body, ...common };
    const project = await this.milestones.project(state.jobId);
    const names = await this.milestones.namesFor([], [project.customerId], [payout.payeeId]);
    const { payment } = payout;
    const periodTo = payment.kind === 'application' ? (state.applications.find((a) => a.applicationNumber === payment.applicationNumber)?.periodTo ?? '') : '';
    const text = billingLienWaiverText({
      kind,
      payment: payment.kind === 'application' ? { ...payment, periodTo } : payment,
      state: payout.lienWaiverState,
      projectId: state.jobId,
      service: project.service,
      ownerName: names.person(project.customerId) ?? `the owner (user ${project.customerId})`,
      claimantName: names.company(payout.payeeId) ?? `company ${payout.payeeId}`,
      amount: payout.amount,
      paidOn: kind === 'unconditional' ? (paidOn ?? payout.paid?.at.slice(0, 10) ?? null) : null,
    });
    const hash = waiverHash(text);
    return { name: billingLienWaiverName(state.jobId, payoutId, kind, hash), hash, text, ...common };
  }

  /** Keeps a payout's waiver text under its name (the same name is the same text). */
  async store(state: ActiveBilling, payoutId: number, kind: WaiverKind, doc: WaiverDocument): Promise<void> {
    const payout = state.payouts.find((p) => p.payoutId === payoutId)!;
    await this.documents.keep({ jobId: state.jobId, originalId: state.jobId, payment: billingWaiverPayment(payout), mpId: payoutId, kind }, doc);
  }

  /**
   * The unconditional waiver of a payout the provider reports paid, generated and stored so the
   * report's command can record it as issued; null when the payout needs no waiver.
   */
  async issueUnconditional(jobId: number, payoutId: number, paidOn: string): Promise<IssuedWaiver | null> {
    // From the stream itself: the billing read model may not have reached the payout yet.
    const state: BillingState = await this.streams.current(billingStream, jobId);
    if (state.status !== 'active') return null;
    const payout = state.payouts.find((p) => p.payoutId === payoutId);
    if (!payout?.lienWaiverState) return null;
    const doc = await this.textFor(state, payoutId, 'unconditional', paidOn);
    await this.store(state, payoutId, 'unconditional', doc);
    return { waiverHash: doc.hash, waiverName: doc.name };
  }
}
