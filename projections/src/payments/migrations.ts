import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePaymentInstructions1763800007000 implements MigrationInterface {
  name = 'CreatePaymentInstructions1763800007000';

  async up(q: QueryRunner): Promise<void> {
    // What the payment provider must do, derived from events (rebuildable). Which instructions
    // were already handed to the provider lives in payment_submissions, which is not a read
    // model: a rebuild must never make us debit or pay twice.
    await q.query(`
      CREATE TABLE payment_instructions (
        instruction_key text          PRIMARY KEY,
        kind            text          NOT NULL CHECK (kind IN ('debit', 'payout', 'refund')),
        reference_id    integer       NOT NULL,
        original_id     integer       NOT NULL,
        job_id          integer       NOT NULL,
        company_id      integer       NULL,
        amount          numeric(14,2) NOT NULL,
        bank_last4      text          NULL,
        status          text          NOT NULL CHECK (status IN ('open', 'completed', 'failed')),
        created_at      timestamptz   NOT NULL,
        completed_at    timestamptz   NULL
      )`);
    await q.query(`CREATE INDEX payment_instructions_open_idx ON payment_instructions (created_at) WHERE status = 'open'`);
    await q.query(`
      CREATE TABLE payment_submissions (
        instruction_key    text        PRIMARY KEY,
        submitted_at       timestamptz NOT NULL DEFAULT now(),
        provider_reference text        NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_submissions');
    await q.query('DROP TABLE payment_instructions');
  }
}
