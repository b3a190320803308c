import type { MonthlyMoneyRow } from '@escrow/domain';
import type { Pool } from 'pg';

/** A row as pg reads it: timestamptz columns come back as Date objects. */
export type Read<Row, Instants extends keyof Row> = Omit<Row, Instants> & { [K in Instants]: null extends Row[K] ? Date | null : Date };

// JSON wrote those Dates as toISOString() (and toCsv writes them so too): the contract's strings are the same text.
export const iso = (at: Date): string => at.toISOString();
export const isoOrNull = (at: Date | null): string | null => at?.toISOString() ?? null;

/** Deposits, disbursements, fees and refunds of each of the last `months` months, from the double-entry ledger. */
export async function monthlyMoney(pool: Pool, months: number): Promise<MonthlyMoneyRow[]> {
  const { rows } = await pool.query<MonthlyMoneyRow>(
    `SELECT to_char(m, 'YYYY-MM') AS month,
            coalesce(-sum(l.amount) FILTER (WHERE l.account = 'buyer_funding'), 0)::numeric(20,2)::text AS deposits,
            coalesce(sum(l.amount) FILTER (WHERE l.account = 'payee_payouts'), 0)::numeric(20,2)::text AS disbursed,
            coalesce(sum(l.amount) FILTER (WHERE l.account = 'platform_fees'), 0)::numeric(20,2)::text AS fees,
            coalesce(sum(l.amount) FILTER (WHERE l.account = 'buyer_refunds'), 0)::numeric(20,2)::text AS refunds
       FROM generate_series(date_trunc('month', now()) - ($1 - 1) * interval '1 month', date_trunc('month', now()), interval '1 month') AS m
       LEFT JOIN ledger_entries l ON l.occurred_at >= m AND l.occurred_at < m + interval '1 month'
      GROUP BY m ORDER BY m`,
    [months],
  );
  return rows;
}
