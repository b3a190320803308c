import type { AdminReportsView } from '@escrow/domain';

import { toCsv } from '../../http/csv';
import type { ReportCsvRequest } from './get-reports.request.dto';

/** One report of the admin console as a CSV file: its name and its text, one line per row. */
export function reportCsv(reports: AdminReportsView, report: ReportCsvRequest['report']): [filename: string, csv: string] {
  switch (report) {
    case 'monthly':
      return [
        'monthly.csv',
        toCsv(
          ['month', 'deposits', 'disbursed', 'fees', 'refunds'],
          reports.monthly.map((m) => [m.month, m.deposits, m.disbursed, m.fees, m.refunds]),
        ),
      ];
    case 'held':
      return [
        'funds-held.csv',
        toCsv(
          ['day', 'held'],
          reports.held_over_time.map((h) => [h.day, h.held]),
        ),
      ];
    case 'ageing':
      return [
        'milestone-ageing.csv',
        toCsv(
          [
            'milestone_id',
            'job_id',
            'title',
            'status',
            'agreed_at',
            'funded_at',
            'completed_at',
            'closed_at',
            'days_approval_to_deposit',
            'days_deposit_to_completion',
          ],
          reports.ageing.map((a) => [
            a.original_id,
            a.job_id,
            a.title,
            a.status,
            a.agreed_at,
            a.funded_at,
            a.completed_at,
            a.closed_at,
            a.days_approval_to_deposit,
            a.days_deposit_to_completion,
          ]),
        ),
      ];
    case 'disputes':
      return [
        'disputes.csv',
        toCsv(
          ['outcome', 'count', 'refunded', 'released', 'avg_days_to_resolve'],
          reports.disputes.map((d) => [d.outcome, d.count, d.refunded, d.released, d.avg_days_to_resolve]),
        ),
      ];
    case 'billing-projects':
      return [
        'progress-billing-by-project.csv',
        toCsv(
          ['job_id', 'service', 'billed', 'certified', 'paid', 'retained'],
          reports.billing_by_project.map((b) => [b.job_id, b.service, b.billed, b.certified, b.paid, b.retained]),
        ),
      ];
    case 'billing-months':
      return [
        'progress-billing-by-month.csv',
        toCsv(
          ['month', 'billed', 'certified', 'paid', 'retained'],
          reports.billing_by_month.map((b) => [b.month, b.billed, b.certified, b.paid, b.retained]),
        ),
      ];
  }
}
