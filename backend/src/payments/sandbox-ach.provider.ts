import { createHash } from 'node:crypto';
import type { PaymentInstruction, PaymentProvider, ProviderReport } from './payment-provider.port';

/** Account numbers ending in 0002 fail like an ACH return R01 (insufficient funds), as in most sandboxes. */
export const FAILING_TEST_ACCOUNT_LAST4 = '0002';

/**
 * The sandbox ACH provider: settles debits (or fails them for the test account) and pays
 * payouts and refunds after `settleMs`. No money moves anywhere outside it.
 */
export class SandboxAchProvider implements PaymentProvider {
  readonly name = 'sandbox-ach';
  private readonly listeners: ((report: ProviderReport) => Promise<void>)[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly settleMs: number,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  onReport(listener: (report: ProviderReport) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async submit(instruction: PaymentInstruction): Promise<string> {
    const reference = `sbx_${createHash('sha256').update(instruction.instructionKey).digest('hex').slice(0, 16)}`;
    this.schedule(instruction, reference);
    return reference;
  }

  async resume(instructions: PaymentInstruction[]): Promise<void> {
    for (const instruction of instructions) await this.submit(instruction);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(instruction: PaymentInstruction, reference: string): void {
    if (this.closed || this.timers.has(instruction.instructionKey)) return;
    const timer = setTimeout(() => {
      this.timers.delete(instruction.instructionKey);
      void this.report(this.outcome(instruction, reference));
    }, this.settleMs);
    this.timers.set(instruction.instructionKey, timer);
  }

  private outcome(instruction: PaymentInstruction, reference: string): ProviderReport {
    switch (instruction.kind) {
      case 'debit':
        return instruction.bankLast4 === FAILING_TEST_ACCOUNT_LAST4
          ? { kind: 'deposit-failed', instruction, reason: 'R01 Insufficient funds (sandbox test account)' }
          : { kind: 'deposit-settled', instruction, providerReference: reference };
      case 'payout':
        return { kind: 'payout-paid', instruction, providerReference: reference };
      case 'refund':
        return { kind: 'refund-paid', instruction, providerReference: reference };
    }
  }

  private async report(report: ProviderReport): Promise<void> {
    if (this.closed) return;
    for (const listener of this.listeners) {
      try {
        await listener(report);
      } catch (error) {
        // The instruction stays open; resume() after a restart reports it again.
        this.log(`sandbox report ${report.kind} for ${report.instruction.instructionKey} failed: ${(error as Error).message}`);
        if (!this.closed) {
          const retry = setTimeout(() => void this.report(report), 1000);
          retry.unref();
        }
      }
    }
  }
}
