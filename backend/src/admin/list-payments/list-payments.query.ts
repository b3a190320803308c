import type { AdminPaymentKind, AdminPaymentRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { iso, isoOrNull, type Read } from '../money-rows';
import { isoOf } from '../query-times';

/**
 * GET /api/admin/payments: deposits, disbursements and refunds (retainage refunds marked
 * `retainage`; a progress-billed project's deposits, payouts and retainage refunds `progress_billing`), newest first, filtered by kind, status, the days they were made, project and
 * party (a part of the buyer's or payee's name).
 */
export class ListAdminPayments extends Query<AdminPaymentRow[]> {
  constructor(
    readonly kind: AdminPaymentKind | null,
    readonly status: string | null,
    /** On or after this day or instant. */
    readonly from: string | null,
    /** Before this day or instant. */
    readonly to: string | null,
    readonly projectId: number | null,
    readonly party: string | null,
  ) {
    super();
  }
}

@QueryHandler(ListAdminPayments)
export class ListAdminPaymentsHandler implements IQueryHandler<ListAdminPayments> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ kind, status, from, to, projectId: projectId, party }: ListAdminPayments): Promise<AdminPaymentRow[]> {
    const pattern = party?.trim() ? `%${party.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { rows: read } = await this.pool.query<Read<AdminPaymentRow, 'created_at' | 'completed_at'>>(
      `SELECT * FROM (
         SELECT 'deposit' AS kind, d.md_id AS id, d.job_id, d.original_id, d.amount, NULL::numeric AS fee, d.status, d.created_at, d.settled_at AS completed_at,
                u.display_name AS party, 'buyer' AS party_role, false AS retainage, false AS progress_billing
           FROM milestone_deposits d JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
         UNION ALL
         SELECT 'disbursement', b.disbursement_id, b.job_id, b.original_id, b.amount, b.fee, b.status, b.created_at, b.paid_at, c.name, 'payee', false, false
           FROM milestone_disbursements b LEFT JOIN companies c ON c.company_id = b.company_id
         UNION ALL
         SELECT 'refund', r.refund_id, r.job_id, r.original_id, r.amount, NULL, r.status, r.created_at, r.paid_at, u.display_name, 'buyer', false, false
           FROM milestone_refunds r JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
         UNION ALL
         -- Retainage given back to the buyer: in the milestone's state (its id is the retainage dispute's), found through milestone_retainage.
         SELECT 'refund', (rr->>'refundId')::int, m.job_id, m.original_id, (rr->>'amount')::numeric, NULL, rr->>'status', (rr->>'requestedAt')::timestamptz,
                (rr->>'paidAt')::timestamptz, u.display_name, 'buyer', true, false
           FROM milestones m JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
          CROSS JOIN LATERAL jsonb_array_elements(m.state->'retainageRefunds') rr
          WHERE m.original_id IN (SELECT original_id FROM milestone_retainage WHERE refunded > 0)
         UNION ALL
         -- A progress-billed project's deposits and payouts live in its billing state (one per project, not per milestone).
         SELECT 'deposit', (d->>'depositId')::int, b.job_id, b.job_id, (d->>'amount')::numeric, (d->>'fee')::numeric, d->>'status', (d->>'requestedAt')::timestamptz,
                (d->>'settledAt')::timestamptz, u.display_name, 'buyer', false, true
           FROM billing_schedules b JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
          CROSS JOIN LATERAL jsonb_array_elements(b.state->'deposits') d
         UNION ALL
         SELECT 'disbursement', (o->>'payoutId')::int, b.job_id, b.job_id, (o->>'amount')::numeric, NULL,
                CASE WHEN jsonb_typeof(o->'paid') = 'object' THEN 'paid' ELSE 'requested' END, (o->>'fundedAt')::timestamptz, (o->'paid'->>'at')::timestamptz,
                c.name, 'payee', false, true
           FROM billing_schedules b CROSS JOIN LATERAL jsonb_array_elements(b.state->'payouts') o LEFT JOIN companies c ON c.company_id = (o->>'payeeId')::int
         UNION ALL
         -- Retainage a dispute's resolution gave back to the buyer of a progress-billed project (its id is the refund's number there).
         SELECT 'refund', (rr->>'refundId')::int, b.job_id, b.job_id, (rr->>'total')::numeric, NULL,
                CASE WHEN jsonb_typeof(rr->'paid') = 'object' THEN 'paid' ELSE 'requested' END, (rr->>'at')::timestamptz, (rr->'paid'->>'at')::timestamptz,
                u.display_name, 'buyer', true, true
           FROM billing_schedules b JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
          CROSS JOIN LATERAL jsonb_array_elements(coalesce(b.state->'retainageRefunds', '[]'::jsonb)) rr
         UNION ALL
         -- Escrow funds the contract no longer needs, returned to the buyer (numbered with the retainage refunds).
         SELECT 'refund', (br->>'refundId')::int, b.job_id, b.job_id, (br->>'amount')::numeric, NULL,
                CASE WHEN jsonb_typeof(br->'paid') = 'object' THEN 'paid' ELSE 'requested' END, (br->>'returnedAt')::timestamptz, (br->'paid'->>'at')::timestamptz,
                u.display_name, 'buyer', false, true
           FROM billing_schedules b JOIN jobs j USING (job_id) LEFT JOIN users u ON u.user_id = j.customer_id
          CROSS JOIN LATERAL jsonb_array_elements(coalesce(b.state->'balanceReturns', '[]'::jsonb)) br
          WHERE br->>'status' = 'returned'
       ) p
       WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2) AND ($3::timestamptz IS NULL OR created_at >= $3)
         AND ($4::timestamptz IS NULL OR created_at < $4) AND ($5::int IS NULL OR job_id = $5) AND ($6::text IS NULL OR party ILIKE $6)
       ORDER BY created_at DESC, kind, id LIMIT 5000`,
      [kind, status, from && isoOf(from), to && isoOf(to), projectId, pattern],
    );
    return read.map((r): AdminPaymentRow => ({ ...r, created_at: iso(r.created_at), completed_at: isoOrNull(r.completed_at) }));
  }
}
