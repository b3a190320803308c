import { createHash } from 'node:crypto';

import { SANDBOX_MICRO_DEPOSITS, SANDBOX_TEST_ACCOUNTS, sandboxDepositOutcome } from '@escrow/domain';
import type { Pool } from 'pg';

import type { ReturnWindow } from '../config/return-window';
import type { PaymentInstruction, PaymentProvider, ProviderReport } from './payment-provider.port';

const testAccount = (outcome: 'fails' | 'returned') => SANDBOX_TEST_ACCOUNTS.find((a) => a.outcome === outcome)!;

/**
 * The sandbox ACH provider: settles debits (or fails or returns them for the test accounts of
 * SANDBOX_TEST_ACCOUNTS, as the deposit dialog and the README say) and pays payouts and refunds
 * after `settleMs`. No money moves anywhere outside it. What it was handed
 * is kept in `sandbox_ach_submissions` (its side of the ledger), with a count of submit calls so
 * the reliability tests can prove nothing is handed over twice.
 */
export class SandboxAchProvider implements PaymentProvider {
  readonly name = 'sandbox-ach';
  private readonly listeners: ((report: ProviderReport) => Promise<void>)[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Reports being handed to the listeners: close() lets them finish. */
  private readonly reporting = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly settleMs: number,
    readonly defaultReturnWindow: ReturnWindow,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  async tokenizeAccount(routingNumber: string, accountNumber: string, bankAccountId: number): Promise<string> {
    return `sbx_ba_${createHash('sha256').update(`${routingNumber}:${accountNumber}:${bankAccountId}`).digest('hex').slice(0, 24)}`;
  }

  /** The sandbox always sends $0.32 and $0.45 (docs/payments.md#the-sandbox-provider), so a demo or a test can confirm them. */
  async sendMicroDeposits(): Promise<[string, string]> {
    return [...SANDBOX_MICRO_DEPOSITS];
  }

  onReport(listener: (report: ProviderReport) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async submit(instruction: PaymentInstruction): Promise<string> {
    const reference = referenceFor(instruction.instructionKey);
    await this.pool.query(
      `INSERT INTO sandbox_ach_submissions (instruction_key, kind, amount, provider_reference) VALUES ($1, $2, $3, $4)
       ON CONFLICT (instruction_key) DO UPDATE SET submit_count = sandbox_ach_submissions.submit_count + 1`,
      [instruction.instructionKey, instruction.kind, instruction.amount, reference],
    );
    this.schedule(instruction, reference);
    return reference;
  }

  async referenceOf(instructionKey: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ provider_reference: string }>(
      'SELECT provider_reference FROM sandbox_ach_submissions WHERE instruction_key = $1',
      [instructionKey],
    );
    return rows[0]?.provider_reference ?? null;
  }

  async resume(instructions: PaymentInstruction[]): Promise<void> {
    for (const instruction of instructions) this.schedule(instruction, referenceFor(instruction.instructionKey));
  }

  /** No more reports; the ones being handed over finish (a command half way through its append is not cut). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.reporting);
  }

  private schedule(instruction: PaymentInstruction, reference: string): void {
    if (this.closed || this.timers.has(instruction.instructionKey)) return;
    const debit = instruction.kind === 'debit' || instruction.kind === 'progress_debit';
    const lateReturn = debit && sandboxDepositOutcome(instruction.bankLast4) === 'returned';
    const reports =
      instruction.status === 'settled'
        ? lateReturn
          ? [this.lateReturn(instruction)]
          : []
        : [this.outcome(instruction, reference), ...(lateReturn ? [this.lateReturn(instruction)] : [])];
    if (reports.length === 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(instruction.instructionKey);
      const reporting = (async () => {
        for (const report of reports) await this.report(report);
      })().finally(() => this.reporting.delete(reporting));
      this.reporting.add(reporting);
    }, this.settleMs);
    this.timers.set(instruction.instructionKey, timer);
  }

  private lateReturn(instruction: PaymentInstruction): ProviderReport {
    const { returnCode } = testAccount('returned');
    return { kind: 'deposit-returned', instruction, returnCode, reason: 'Insufficient funds (sandbox late-return test account)' };
  }

  private outcome(instruction: PaymentInstruction, reference: string): ProviderReport {
    switch (instruction.kind) {
      case 'debit':
      case 'progress_debit':
        return sandboxDepositOutcome(instruction.bankLast4) === 'fails'
          ? { kind: 'deposit-failed', instruction, reason: `${testAccount('fails').returnCode} Insufficient funds (sandbox test account)` }
          : { kind: 'deposit-settled', instruction, providerReference: reference };
      case 'payout':
      case 'retainage':
      case 'progress_payment':
        return { kind: 'payout-paid', instruction, providerReference: reference };
      case 'refund':
      case 'retainage_refund':
      case 'progress_refund':
        return { kind: 'refund-paid', instruction, providerReference: reference };
    }
  }

  /** Hands a report to the listeners until they take it (a refused one is retried every second). */
  private async report(report: ProviderReport): Promise<void> {
    for (;;) {
      if (this.closed) return;
      try {
        for (const listener of this.listeners) await listener(report);
        return;
      } catch (error) {
        // The instruction stays open; resume() after a restart reports it again.
        this.log(`sandbox report ${report.kind} for ${report.instruction.instructionKey} failed: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    }
  }
}

function referenceFor(instructionKey: string): string {
  return `sbx_${createHash('sha256').update(instructionKey).digest('hex').slice(0, 16)}`;
}
