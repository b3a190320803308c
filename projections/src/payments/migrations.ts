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

/**
 * Instructions are keyed by the id of the event that asked for them, not by a sequence id that
 * a restored backup hands out again; settled debits wait for their ACH return window
 * (`clears_at`) and can be returned. Submissions recorded under the old keys are moved to the
 * new ones (found in the PostgreSQL events table), so nothing already handed to the provider is
 * handed over again.
 */
export class PaymentInstructionsByEventId1763800042000 implements MigrationInterface {
  name = 'PaymentInstructionsByEventId1763800042000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      ADD COLUMN clears_at timestamptz NULL,
      DROP CONSTRAINT payment_instructions_status_check,
      ADD CONSTRAINT payment_instructions_status_check CHECK (status IN ('open', 'settled', 'completed', 'failed', 'returned'))`);
    await q.query(`CREATE INDEX payment_instructions_clearing_idx ON payment_instructions (clears_at) WHERE status = 'settled'`);
    await q.query(`CREATE INDEX payment_instructions_reference_idx ON payment_instructions (original_id, kind, reference_id)`);
    const hasEvents = await q.query(`SELECT to_regclass('events') IS NOT NULL AS present`);
    if (hasEvents[0]?.present) {
      await q.query(`
        UPDATE payment_submissions s SET instruction_key = e.event_id::text
          FROM events e
         WHERE (e.type = 'DepositRequested' AND s.instruction_key = 'debit-' || (e.data->>'depositId'))
            OR (e.type = 'DisbursementRequested' AND s.instruction_key = 'payout-' || (e.data->>'disbursementId'))
            OR (e.type = 'RefundRequested' AND s.instruction_key = 'refund-' || (e.data->>'refundId'))`);
    }
  }

  async down(): Promise<void> {
    throw new Error('PaymentInstructionsByEventId cannot be undone: submissions are keyed by event id now.');
  }
}

/**
 * Retainage is paid out (or refunded) through the same instructions as disbursements; a payout
 * whose payee has not signed its conditional lien waiver waits as `awaiting_waiver`, which the
 * dispatcher never submits.
 */
export class PaymentInstructionsRetainageAndWaivers1763800202000 implements MigrationInterface {
  name = 'PaymentInstructionsRetainageAndWaivers1763800202000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check CHECK (kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund')),
      DROP CONSTRAINT payment_instructions_status_check,
      ADD CONSTRAINT payment_instructions_status_check CHECK (status IN ('open', 'awaiting_waiver', 'settled', 'completed', 'failed', 'returned'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check CHECK (kind IN ('debit', 'payout', 'refund')),
      DROP CONSTRAINT payment_instructions_status_check,
      ADD CONSTRAINT payment_instructions_status_check CHECK (status IN ('open', 'settled', 'completed', 'failed', 'returned'))`);
  }
}

/**
 * Issue 28: an instruction keeps the correlation id of the event that asked for it, so the
 * dispatcher's provider call and the provider's reports (the events they append) carry the id
 * of the request that started the payment. Filled by the projector's rebuild (version 3).
 */
export class PaymentInstructionsCorrelation1763800800100 implements MigrationInterface {
  name = 'PaymentInstructionsCorrelation1763800800100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_instructions ADD COLUMN correlation_id text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_instructions DROP COLUMN correlation_id');
  }
}

/**
 * Issue 38: a progress-billed project's retainage refunded to the buyer by a dispute's resolution
 * (`progress_refund`; `original_id` the project, `reference_id` the refund's number in its billing stream).
 */
export class PaymentInstructionsProgressRefund1764400000000 implements MigrationInterface {
  name = 'PaymentInstructionsProgressRefund1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check
        CHECK (kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund', 'progress_debit', 'progress_payment', 'progress_refund'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM payment_instructions WHERE kind = 'progress_refund'");
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check
        CHECK (kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund', 'progress_debit', 'progress_payment'))`);
  }
}

/**
 * Issue 38: a progress-billed project's deposits (`progress_debit`) and payouts
 * (`progress_payment`) go through the same instructions; for them `original_id` holds the
 * project's id (their stream is `billing-<jobId>`), `reference_id` the deposit id or the payout's
 * number in that stream.
 */
export class PaymentInstructionsProgressBilling1763804100000 implements MigrationInterface {
  name = 'PaymentInstructionsProgressBilling1763804100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check
        CHECK (kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund', 'progress_debit', 'progress_payment'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_instructions
      DROP CONSTRAINT payment_instructions_kind_check,
      ADD CONSTRAINT payment_instructions_kind_check CHECK (kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund'))`);
  }
}
