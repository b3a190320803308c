import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every read-model column that holds an amount, as (table, column). */
const MONEY_COLUMNS: [string, string[]][] = [
  ['milestones', ['deposit_total', 'deposit_sum', 'deposit_pending', 'disbursed', 'paid_out', 'fees', 'refunded', 'held']],
  ['milestone_versions', ['amount', 'fee_total', 'deposit_total']],
  ['milestone_payees', ['amount', 'fee', 'net', 'buyer_owes']],
  ['milestone_deposits', ['amount']],
  ['milestone_disbursements', ['amount', 'fee']],
  ['milestone_refunds', ['amount']],
  ['milestone_disputes', ['release_amount', 'refund_amount']],
  ['ledger_entries', ['amount']],
  ['payment_instructions', ['amount']],
];

/**
 * numeric(14,2) held one amount up to the old bound, but not a deposit total with its fee on
 * top, nor the sums the admin pages add up: one accepted request could stop a projector.
 * numeric(20,2) holds every amount the domain accepts (MAX_AMOUNT, under a billion) and the
 * sum of a billion of them.
 */
export class MoneyColumnsHoldEveryAmount1763800040000 implements MigrationInterface {
  name = 'MoneyColumnsHoldEveryAmount1763800040000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, columns] of MONEY_COLUMNS) {
      await q.query(`ALTER TABLE ${table} ${columns.map((c) => `ALTER COLUMN ${c} TYPE numeric(20,2)`).join(', ')}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, columns] of MONEY_COLUMNS) {
      await q.query(`ALTER TABLE ${table} ${columns.map((c) => `ALTER COLUMN ${c} TYPE numeric(14,2)`).join(', ')}`);
    }
  }
}
