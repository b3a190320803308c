import type { PayoutAccountRef } from '@escrow/domain';

import type { ReturnWindow } from '../config/return-window';

/** One thing the payment provider must do, as the payment_instructions read model lists it. */
export interface PaymentInstruction {
  /** The id of the event that asked for the payment: the provider's idempotency key. */
  instructionKey: string;
  /**
   * retainage: a payout of a payee's released retainage; retainage_refund: retainage going back to
   * the buyer; progress_debit, progress_payment: a progress-billed project's deposit and payout.
   */
  kind: 'debit' | 'payout' | 'refund' | 'retainage' | 'retainage_refund' | 'progress_debit' | 'progress_payment' | 'progress_refund';
  /** The deposit, disbursement, refund or retainage-refund id, for retainage the payee (mp_id), for a progress payment the payout's number. */
  referenceId: number;
  /** The milestone; for the progress kinds, the project (their stream is billing-<projectId>). */
  originalId: number;
  projectId: number;
  companyId: number | null;
  amount: string;
  bankLast4: string | null;
  /**
   * A payout's or retainage payment's destination, chosen when the dispatcher claimed it (the
   * company's payout account then, verified and not held) and kept with the claim, so a
   * submission resumed after a crash pays the same account. Null for debits and refunds.
   */
  payoutAccount: PayoutAccountRef | null;
  /** open: not done yet; settled: a debit inside its return window. */
  status: 'open' | 'settled';
  /**
   * The correlation id of the request that asked for the payment: a provider that takes a
   * request id is sent it, and the reports it answers with are recorded under it.
   */
  correlationId: string | null;
}

/** What the provider reports back: handled as commands, like a webhook would be. */
export type ProviderReport =
  | { kind: 'deposit-settled'; instruction: PaymentInstruction; providerReference: string }
  | { kind: 'deposit-failed'; instruction: PaymentInstruction; reason: string }
  /** The buyer's bank took a settled debit back inside the return window (NACHA return code). */
  | { kind: 'deposit-returned'; instruction: PaymentInstruction; returnCode: string; reason: string }
  /** A payout reached the payee (a disbursement's, or a retainage release's). */
  | { kind: 'payout-paid'; instruction: PaymentInstruction; providerReference: string }
  /** A refund reached the buyer (of escrow, or of retainage). */
  | { kind: 'refund-paid'; instruction: PaymentInstruction; providerReference: string };

/**
 * The payment provider port. A real ACH provider replaces the sandbox without touching the
 * domain: it accepts instructions and reports their outcome through `onReport`.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The return window when PAYMENTS_RETURN_WINDOW is not set (live ACH: 2 business days). */
  readonly defaultReturnWindow: ReturnWindow;
  /** Exchanges the account's numbers for the provider's opaque token (the numbers go no further). */
  tokenizeAccount(routingNumber: string, accountNumber: string, bankAccountId: number): Promise<string>;
  /** Sends the two small deposits a new payout account is verified with; answers their amounts. */
  sendMicroDeposits(providerToken: string): Promise<[string, string]>;
  /**
   * Hands an instruction to the provider; returns its reference. Idempotent per instructionKey
   * at the provider, but we call it once per key: a claim whose answer was lost asks
   * `referenceOf` first.
   */
  submit(instruction: PaymentInstruction): Promise<string>;
  /** The reference of an instruction the provider already has, or null if it never got it. */
  referenceOf(instructionKey: string): Promise<string | null>;
  /** After a restart: instructions submitted earlier whose outcome (or return window) is still open. */
  resume(instructions: PaymentInstruction[]): Promise<void>;
  onReport(listener: (report: ProviderReport) => Promise<void>): void;
  close(): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
