import type { Command } from '../shared/command';
import type { BankAccountOwner, BankAccountPurpose } from './events';

/**
 * Where the request came from, as the events name it: the session and the id of the erasable
 * request_origins row the backend wrote for the request (address and browser are personal data:
 * never in events).
 */
export interface RequestOrigin {
  originId: string | null;
  sessionId: string | null;
}

/** How long payouts wait after a change of payout account: business days (Sat/Sun skipped) or plain seconds (sandbox). */
export type PayoutChangeHold = { businessDays: number } | { seconds: number };

type OwnerCommand<TType extends string, TData> = Command<TType, TData & { owner: BankAccountOwner; origin: RequestOrigin }>;

type LinkBankAccount = OwnerCommand<
  'LinkBankAccount',
  {
    bankAccountId: number;
    purpose: BankAccountPurpose;
    jobId: number | null;
    bankName: string | null;
    last4: string;
    providerToken: string;
    /** The two micro-deposits the provider sent to a payout account (none for a deposit account). */
    microDeposits: [string, string] | null;
  }
>;
type VerifyBankAccount = OwnerCommand<'VerifyBankAccount', { bankAccountId: number; amounts: string[] }>;
type ChoosePayoutAccount = OwnerCommand<'ChoosePayoutAccount', { bankAccountId: number; hold: PayoutChangeHold }>;
type ConfirmPayoutAccountChange = OwnerCommand<'ConfirmPayoutAccountChange', Record<never, never>>;
type UndoPayoutAccountChange = OwnerCommand<'UndoPayoutAccountChange', Record<never, never>>;
type RemoveBankAccount = OwnerCommand<'RemoveBankAccount', { bankAccountId: number }>;

export type BankAccountCommand =
  LinkBankAccount | VerifyBankAccount | ChoosePayoutAccount | ConfirmPayoutAccountChange | UndoPayoutAccountChange | RemoveBankAccount;
