import { createHash } from 'node:crypto';

import {
  type ActiveMilestone,
  cardVersion,
  type EventStore,
  foldMilestone,
  type IssuedWaiver,
  lienWaiverName,
  lienWaiverText,
  type MilestoneEvent,
  milestoneStreamId,
  notFound,
  type OriginalId,
  paymentOf,
  type SiteState,
  type WaiverKind,
  waiverOf,
  type WaiverPayment,
  type WaiverPaymentView,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MilestoneReads } from '../read-models';

export interface WaiverDocument {
  name: string;
  hash: string;
  text: string;
  companyId: number;
  amount: string;
  siteState: SiteState;
}

export interface StoredWaiver {
  waiver_name: string;
  job_id: number;
  /** The milestone; for a progress-billed payout's waiver, the project. */
  original_id: OriginalId;
  payment: WaiverPaymentView;
  mp_id: number;
  company_id: number;
  kind: WaiverKind;
  amount: string;
  site_state: SiteState;
  waiver_hash: string;
  body: string;
  signed_name: string | null;
  signed_by: number | null;
}

export const waiverHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Lien waiver texts: generated from the milestone, the project, the payee and the amount (the
 * domain's lienWaiverText), kept in `lien_waivers` by name (they name people, so they live
 * outside the events, which carry the name and the SHA-256), and read back to print.
 */
@Injectable()
export class LienWaiverDocuments {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly milestones: MilestoneReads,
  ) {}

  /**
   * The text of a payment's waiver. An unconditional waiver issued on payment is that very text
   * (signing it later signs what was issued); otherwise it is generated now.
   */
  async textFor(state: ActiveMilestone, payment: WaiverPayment, payeeId: number, kind: WaiverKind, paidOn: string | null = null): Promise<WaiverDocument> {
    const paid = paymentOf(state, payment, payeeId);
    if (!paid || paid.lienWaiverState === null) throw notFound('payment_without_waiver', 'This payment has no lien waiver.');
    const issued = kind === 'unconditional' ? waiverOf(state, payment, payeeId, 'unconditional') : null;
    if (issued) {
      const stored = await this.find(issued.waiverName);
      if (stored)
        return {
          name: stored.waiver_name,
          hash: stored.waiver_hash,
          text: stored.body,
          companyId: paid.companyId,
          amount: paid.amount,
          siteState: issued.siteState,
        };
    }
    const project = await this.milestones.project(state.jobId);
    const names = await this.milestones.namesFor([state], [project.customerId], [paid.companyId]);
    const text = lienWaiverText({
      kind,
      payment,
      state: paid.lienWaiverState,
      projectId: state.jobId,
      service: project.service,
      ownerName: names.person(project.customerId) ?? `the owner (user ${project.customerId})`,
      originalId: state.originalId,
      milestoneTitle: cardVersion(state).title,
      claimantName: names.company(paid.companyId) ?? `company ${paid.companyId}`,
      amount: paid.amount,
      paidOn: kind === 'unconditional' ? (paidOn ?? paid.paidAt?.slice(0, 10) ?? null) : null,
    });
    const hash = waiverHash(text);
    return {
      name: lienWaiverName(state.originalId, payment, payeeId, kind, hash),
      hash,
      text,
      companyId: paid.companyId,
      amount: paid.amount,
      siteState: paid.lienWaiverState,
    };
  }

  /** Keeps a text under its name (the same name is the same text: a second store changes nothing). */
  async store(state: ActiveMilestone, payment: WaiverPayment, payeeId: number, kind: WaiverKind, doc: WaiverDocument): Promise<void> {
    await this.keep({ jobId: state.jobId, originalId: state.originalId, payment, mpId: payeeId, kind }, doc);
  }

  /** Keeps a text under its name, for the payment `of` names (a milestone's, or a progress-billed payout). */
  async keep(of: { jobId: number; originalId: number; payment: WaiverPaymentView; mpId: number; kind: WaiverKind }, doc: WaiverDocument): Promise<void> {
    await this.pool.query(
      `INSERT INTO lien_waivers (waiver_name, job_id, original_id, payment, mp_id, company_id, kind, amount, site_state, waiver_hash, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (waiver_name) DO NOTHING`,
      [doc.name, of.jobId, of.originalId, of.payment, of.mpId, doc.companyId, of.kind, doc.amount, doc.siteState, doc.hash, doc.text],
    );
  }

  /** Records who signed a stored text, once (the event is what counts; this is the typed name to print). */
  async recordSignature(name: string, signedBy: number, signedName: string): Promise<void> {
    await this.pool.query('UPDATE lien_waivers SET signed_by = $2, signed_name = $3 WHERE waiver_name = $1 AND signed_by IS NULL', [
      name,
      signedBy,
      signedName,
    ]);
  }

  async find(name: string): Promise<StoredWaiver | null> {
    const { rows } = await this.pool.query<StoredWaiver>('SELECT * FROM lien_waivers WHERE waiver_name = $1', [name]);
    return rows[0] ?? null;
  }

  /**
   * The unconditional waiver of a payment the provider reports paid, generated and stored so
   * the report's command can record it as issued; null when the payment needs no waiver.
   */
  async issueUnconditional(originalId: OriginalId, payment: WaiverPayment, payeeId: number, paidOn: string): Promise<IssuedWaiver | null> {
    // From the stream itself: the milestones read model may not have reached the payment yet.
    const history = await this.events.readStream(milestoneStreamId(originalId));
    const state = foldMilestone(history.map((e) => ({ type: e.type, data: e.data }) as MilestoneEvent));
    if (state.status !== 'active') return null;
    const paid = paymentOf(state, payment, payeeId);
    if (!paid || paid.lienWaiverState === null) return null;
    const doc = await this.textFor(state, payment, payeeId, 'unconditional', paidOn);
    await this.store(state, payment, payeeId, 'unconditional', doc);
    return { waiverHash: doc.hash, waiverName: doc.name };
  }
}
