/** One thing the payment provider must do, as the payment_instructions read model lists it. */
export interface PaymentInstruction {
  instructionKey: string;
  kind: 'debit' | 'payout' | 'refund';
  /** The deposit, disbursement or refund id the instruction is for. */
  referenceId: number;
  originalId: number;
  jobId: number;
  companyId: number | null;
  amount: string;
  bankLast4: string | null;
}

/** What the provider reports back: handled as commands, like a webhook would be. */
export type ProviderReport =
  | { kind: 'deposit-settled'; instruction: PaymentInstruction; providerReference: string }
  | { kind: 'deposit-failed'; instruction: PaymentInstruction; reason: string }
  | { kind: 'payout-paid'; instruction: PaymentInstruction; providerReference: string }
  | { kind: 'refund-paid'; instruction: PaymentInstruction; providerReference: string };

/**
 * The payment provider port. A real ACH provider replaces the sandbox without touching the
 * domain: it accepts instructions and reports their outcome through `onReport`.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Hands an instruction to the provider; returns its reference. Must be idempotent per instructionKey. */
  submit(instruction: PaymentInstruction): Promise<string>;
  /** After a restart: instructions submitted earlier whose outcome never came back. */
  resume(instructions: PaymentInstruction[]): Promise<void>;
  onReport(listener: (report: ProviderReport) => Promise<void>): void;
  close(): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
