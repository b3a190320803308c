import type { BillingReportMonthRow, BillingReportProjectRow } from '@escrow/domain';
import type { Pool } from 'pg';

/**
 * Progress billing's figures, one row per project and month, from the read models: billed and
 * certified from `pay_applications` (in the month the application's period ends), paid and
 * retained from the ledger's postings of the billing stream (in the month the money moved).
 */
const BILLING_FIGURES = `
  SELECT job_id, left(period_to, 7) AS month, billed_this_period AS billed, coalesce(certified_this_period, 0) AS certified, 0 AS paid, 0 AS retained
    FROM pay_applications
  UNION ALL
  SELECT job_id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM'), 0, 0,
         CASE WHEN account = 'payee_payouts' THEN amount ELSE 0 END, CASE WHEN account = 'retainage' THEN amount ELSE 0 END
    FROM ledger_entries
   WHERE event_type IN ('BillingPayoutPaid', 'PayApplicationPaymentFunded', 'BillingRetainageReleased', 'BillingRetainageRefundRequested') AND account IN ('payee_payouts', 'retainage')`;

const SUMS = `sum(billed)::numeric(20,2)::text AS billed, sum(certified)::numeric(20,2)::text AS certified,
              sum(paid)::numeric(20,2)::text AS paid, sum(retained)::numeric(20,2)::text AS retained`;

/** Billed, certified, paid and retained per progress-billed project (to date) and per month (across projects). */
export async function billingReport(pool: Pool): Promise<{ byProject: BillingReportProjectRow[]; byMonth: BillingReportMonthRow[] }> {
  const [byProject, byMonth] = await Promise.all([
    pool.query<BillingReportProjectRow>(
      `SELECT f.job_id, j.service, ${SUMS} FROM (${BILLING_FIGURES}) f JOIN jobs j USING (job_id) GROUP BY f.job_id, j.service ORDER BY f.job_id`,
    ),
    pool.query<BillingReportMonthRow>(`SELECT month, ${SUMS} FROM (${BILLING_FIGURES}) f GROUP BY month ORDER BY month`),
  ]);
  return { byProject: byProject.rows, byMonth: byMonth.rows };
}
