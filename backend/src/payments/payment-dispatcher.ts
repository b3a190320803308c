import { DomainError, type MilestoneCommand, type PayoutAccountRef } from '@escrow/domain';
import { PAYMENT_INSTRUCTIONS_PROJECTOR, ProjectionRunner } from '@escrow/projections';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { billingStream, EventStreams, milestoneStream, nowIso, systemMetadata } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import { SingleActiveWorker } from '../infrastructure/database/single-active-worker';
import { acceptedIdOrNull, inSpan, SpanKind, withCorrelation } from '../observability';
import { BankAccounts } from './bank-accounts.service';
import { PAYMENT_PROVIDER, type PaymentInstruction, type PaymentProvider } from './payment-provider.port';
import { RecordProviderReport } from './record-provider-report/record-provider-report.command';

interface InstructionRow {
  instruction_key: string;
  kind: PaymentInstruction['kind'];
  reference_id: number;
  original_id: number;
  job_id: number;
  company_id: number | null;
  amount: string;
  bank_last4: string | null;
  status: 'open' | 'settled';
  correlation_id: string | null;
  /** created_at as PostgreSQL writes it, for the next page's start. */
  read_at?: string;
  /** The claim's payout account (payment_submissions), when the row was read with it. */
  payout_bank_account_id?: number | null;
  payout_last4?: string | null;
  payout_bank_name?: string | null;
  payout_provider_token?: string | null;
}

/** A claim's payout account as payment_submissions keeps it. */
const claimedAccount = (r: InstructionRow): PayoutAccountRef | null =>
  r.payout_bank_account_id != null && r.payout_last4 && r.payout_provider_token
    ? { bankAccountId: r.payout_bank_account_id, last4: r.payout_last4, bankName: r.payout_bank_name ?? null, providerToken: r.payout_provider_token }
    : null;

const CLAIM_COLUMNS = 's.payout_bank_account_id, s.payout_last4, s.payout_bank_name, s.payout_provider_token';

const toInstruction = (r: InstructionRow, payoutAccount: PayoutAccountRef | null = claimedAccount(r)): PaymentInstruction => ({
  status: r.status,
  instructionKey: r.instruction_key,
  kind: r.kind,
  referenceId: r.reference_id,
  originalId: r.original_id,
  projectId: r.job_id,
  companyId: r.company_id,
  amount: r.amount,
  bankLast4: r.bank_last4,
  payoutAccount,
  correlationId: acceptedIdOrNull(r.correlation_id),
});

/** An instruction's work runs under the correlation of the request that asked for the payment. */
const correlationOf = (instruction: PaymentInstruction) => ({ correlationId: instruction.correlationId ?? instruction.instructionKey });

const POLL_MS = 250;
/** Instructions read by one query: a pass pages on, so payouts that wait never hold up the rest. */
const PAGE = 100;
/**
 * How often a pass reads every open instruction not handed over yet; the passes between start
 * LATE_BY_MS before the newest already read, so a pass costs what is new, not every payment still
 * in its settlement window. Instructions show up out of the order of their created_at: commands
 * decided at once commit in either order, by a few milliseconds (more under load). Later than
 * LATE_BY_MS (a projector catching up after a restart, a clock behind), the next full pass hands
 * it over. A payout that waits (a hold, no verified account) is asked about again at each one.
 */
const FULL_PASS_MS = 5_000;
const LATE_BY_MS = 2_000;

/**
 * Where a pass stopped reading, in the order it reads: created_at, then the key. `at` is UTC to
 * the microsecond in a fixed width, so that comparing the texts compares the times.
 */
interface ReadUpTo {
  at: string;
  key: string;
}

/** `read` moved back by `ms` (at any key): where a pass between full passes starts. */
function lateBy(read: ReadUpTo, ms: number): ReadUpTo {
  const at = new Date(Date.parse(`${read.at.slice(0, 23)}Z`) - ms).toISOString();
  return { at: `${at.slice(0, 23)}${read.at.slice(23)}`, key: '' };
}

const OPEN_NOT_HANDED_OVER = `SELECT i.*, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS read_at FROM payment_instructions i
  WHERE i.status = 'open' AND NOT EXISTS (SELECT 1 FROM payment_submissions s WHERE s.instruction_key = i.instruction_key)`;

/**
 * Hands open payment instructions to the provider, once each (payment_submissions remembers
 * what was handed over, outside any read model, so a rebuild can never pay twice), and turns
 * the provider's reports into commands on the milestone streams.
 */
@Injectable()
export class PaymentDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Payments');
  private readonly worker: SingleActiveWorker;
  private unsubscribe: (() => void) | null = null;
  /** A pass died (or this process just took over): claims may lack their provider reference. */
  private referencesToRepair = true;
  /** The newest open instruction a pass has read; null: the next pass reads them all. */
  private newestRead: ReadUpTo | null = null;
  private fullPassAt = 0;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly streams: EventStreams,
    private readonly runner: ProjectionRunner,
    private readonly bankAccounts: BankAccounts,
  ) {
    // A provider report is a command, as a real provider's webhook would be.
    // Recorded under the payment's correlation: the settlement's events carry the deposit request's id.
    this.provider.onReport((report) => withCorrelation(correlationOf(report.instruction), () => this.commandBus.execute(new RecordProviderReport(report))));
    // One dispatcher per database: the others wait for the lock.
    this.worker = new SingleActiveWorker(databaseUrl, this.logger, {
      label: 'payments dispatcher',
      applicationName: 'escrow-payments-dispatcher',
      lockName: 'payments-dispatcher',
      pollMs: POLL_MS,
      taken: async () => {
        this.referencesToRepair = true;
        this.newestRead = null;
        await this.resumeSubmitted().catch((error: Error) => this.logger.error(`resuming submitted payments failed: ${error.message}`));
        // New instructions appear only when their projector applied something; polling covers the rest.
        this.unsubscribe = this.runner.onProgress((projector, applied) => {
          if (projector === PAYMENT_INSTRUCTIONS_PROJECTOR && applied > 0) this.kick();
        });
      },
      released: () => {
        this.unsubscribe?.();
        this.unsubscribe = null;
      },
      pass: () => this.dispatchOpen(),
      passFailed: () => {
        this.referencesToRepair = true;
      },
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.runPayments) this.worker.start();
  }

  /** Lets the pass under way finish (it hands instructions over and records what it did), then lets go of the lock. */
  async onApplicationShutdown(): Promise<void> {
    await this.worker.stop();
    await this.provider.close();
  }

  /** True while this process holds the dispatcher lock (one dispatcher per database). */
  get dispatching(): boolean {
    return this.worker.active;
  }

  /** Runs a dispatch pass now (or right after the current one) and keeps polling. */
  kick(): void {
    this.worker.kick();
  }

  private async dispatchOpen(): Promise<void> {
    // Only a pass that died can leave a claim without its reference: look for them after one,
    // not on every poll (that query has no index to use).
    if (this.referencesToRepair) {
      await this.recordMissingReferences();
      this.referencesToRepair = false;
    }
    const full = this.newestRead === null || Date.now() - this.fullPassAt >= FULL_PASS_MS;
    if (full) this.fullPassAt = Date.now();
    // A company whose payouts wait is asked once a pass; one whose payouts go is asked again
    // before each claim, so a payout never goes to an account that changed since the pass began.
    const waiting = new Set<number>();
    let after = full ? null : lateBy(this.newestRead!, LATE_BY_MS);
    for (;;) {
      const rows = await this.openNotHandedOver(after);
      for (const row of rows) {
        after = { at: row.read_at!, key: row.instruction_key };
        this.noteRead(after);
        const companyId = row.company_id;
        let payoutAccount: PayoutAccountRef | null = null;
        if ((row.kind === 'payout' || row.kind === 'retainage' || row.kind === 'progress_payment') && companyId !== null) {
          // Where it may go is decided now, on the company's stream (not a read model): a payout
          // to a company whose payout account changed waits out the hold, one with no verified
          // account waits for one. Both stay open, and the read side shows why.
          if (waiting.has(companyId)) continue;
          const destination = await this.bankAccounts.payoutDestinationOf(companyId, nowIso());
          if ('held' in destination) {
            waiting.add(companyId);
            continue;
          }
          payoutAccount = destination.account;
        }
        await this.handOver(row, payoutAccount);
      }
      if (rows.length < PAGE) break;
    }
    await this.clearDueDeposits();
  }

  /** A page of open instructions not handed over yet, oldest first, after `after` when given. */
  private async openNotHandedOver(after: ReadUpTo | null): Promise<InstructionRow[]> {
    const order = `ORDER BY i.created_at, i.instruction_key LIMIT ${PAGE}`;
    const { rows } = after
      ? await this.pool.query<InstructionRow>(
          // The first condition lets the partial index on created_at start the scan there.
          `${OPEN_NOT_HANDED_OVER} AND i.created_at >= ($1::timestamp AT TIME ZONE 'UTC')
             AND (i.created_at > ($1::timestamp AT TIME ZONE 'UTC') OR i.instruction_key > $2) ${order}`,
          [after.at, after.key],
        )
      : await this.pool.query<InstructionRow>(`${OPEN_NOT_HANDED_OVER} ${order}`);
    return rows;
  }

  private noteRead(read: ReadUpTo): void {
    const newest = this.newestRead;
    if (!newest || read.at > newest.at || (read.at === newest.at && read.key > newest.key)) this.newestRead = read;
  }

  /** Claims an instruction and hands it to the provider, unless another pass claimed it first. */
  private async handOver(row: InstructionRow, payoutAccount: PayoutAccountRef | null): Promise<void> {
    // Claim first, with its account: a crash after this line leaves it to resume(), never to
    // a second submit, and a resumed submission pays the account it was claimed for.
    const claimed = await this.pool.query(
      `INSERT INTO payment_submissions (instruction_key, payout_bank_account_id, payout_last4, payout_bank_name, payout_provider_token)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [
        row.instruction_key,
        payoutAccount?.bankAccountId ?? null,
        payoutAccount?.last4 ?? null,
        payoutAccount?.bankName ?? null,
        payoutAccount?.providerToken ?? null,
      ],
    );
    if (claimed.rowCount === 0) return;
    await this.recordReference(row.instruction_key, await this.submit(toInstruction(row, payoutAccount)));
  }

  /**
   * Settled deposits whose return window has passed: their funds clear, and a milestone both
   * parties completed meanwhile is disbursed, or a progress payment waiting for cleared funds is
   * paid (the deciders do that with the clearing).
   */
  private async clearDueDeposits(): Promise<void> {
    const { rows } = await this.pool.query<InstructionRow>(
      `SELECT * FROM payment_instructions WHERE status = 'settled' AND clears_at <= now() ORDER BY clears_at LIMIT 100`,
    );
    for (const row of rows) {
      const metadata = systemMetadata();
      const data = { depositId: row.reference_id };
      const options = { idempotencyKey: `clear-${row.instruction_key}` };
      try {
        await withCorrelation(correlationOf(toInstruction(row)), () =>
          row.kind === 'progress_debit'
            ? this.streams.decide(billingStream, row.original_id, { type: 'ClearBillingDeposit', data, metadata }, options)
            : this.streams.decide(milestoneStream, row.original_id, { type: 'ClearDeposit', data, metadata } satisfies MilestoneCommand, options),
        );
      } catch (error) {
        // This process's clock is behind the read model's: the next pass clears it.
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`clearing deposit ${row.reference_id} of milestone ${row.original_id}: ${error.message}`);
      }
    }
  }

  /**
   * Claims whose provider reference was never written: an earlier pass lost its connection
   * between the claim and the write. We ask the provider whether it has the instruction, and
   * hand it over only if it never got it: nothing is submitted twice.
   */
  private async recordMissingReferences(): Promise<void> {
    const { rows } = await this.pool.query<InstructionRow>(
      `SELECT i.*, ${CLAIM_COLUMNS} FROM payment_instructions i JOIN payment_submissions s USING (instruction_key)
        WHERE s.provider_reference IS NULL ORDER BY i.created_at LIMIT 100`,
    );
    for (const row of rows) {
      const known = await this.provider.referenceOf(row.instruction_key);
      await this.recordReference(row.instruction_key, known ?? (await this.submit(toInstruction(row))));
    }
  }

  /** The provider call, logged and traced under the payment's correlation. */
  private submit(instruction: PaymentInstruction): Promise<string> {
    return withCorrelation(correlationOf(instruction), () =>
      inSpan(
        'payment provider submit',
        { 'escrow.provider': this.provider.name, 'escrow.instruction_key': instruction.instructionKey, 'escrow.payment_kind': instruction.kind },
        async () => {
          const reference = await this.provider.submit(instruction);
          this.logger.log({ msg: `handed the ${instruction.kind} ${instruction.instructionKey} to ${this.provider.name}`, reference });
          return reference;
        },
        { kind: SpanKind.CLIENT },
      ),
    );
  }

  private async recordReference(instructionKey: string, reference: string): Promise<void> {
    await this.pool.query('UPDATE payment_submissions SET provider_reference = $2 WHERE instruction_key = $1 AND provider_reference IS NULL', [
      instructionKey,
      reference,
    ]);
  }

  private async resumeSubmitted(): Promise<void> {
    const { rows } = await this.pool.query<InstructionRow>(
      `SELECT i.*, ${CLAIM_COLUMNS} FROM payment_instructions i JOIN payment_submissions s USING (instruction_key) WHERE i.status IN ('open', 'settled')`,
    );
    if (rows.length > 0) this.logger.log(`asking the provider again about ${rows.length} submitted payment(s)`);
    await this.provider.resume(rows.map((r) => toInstruction(r)));
  }
}
