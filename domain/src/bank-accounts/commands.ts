import type { Command } from '../shared/command';
import type { BankAccountOwner, BankAccountPurpose } from './events';

/** Where the request came from: it goes into the events (who changed where money goes, from where). */
export interface RequestOrigin {
  sessionId: string | null;
  ip: string | null;
  browser: string | null;
}

/** How long payouts wait after a change of payout account: business days (Sat/Sun skipped) or plain seconds (sandbox). */
export type PayoutChangeHold = { businessDays: number } | { seconds: number };

type OwnerCommand<TType extends string, TData> = Command<TType, TData & { owner: BankAccountOwner; origin: RequestOrigin }>;

export type LinkBankAccount = OwnerCommand<
  'LinkBankAccount',
  {
    bankAccountId: number;
    purpose: BankAccountPurpose;
    jobId: number | null;
    holderName: string;
    bankName: string | null;
    last4: string;
    providerToken: string;
    /** The two micro-deposits the provider sent to a payout account (none for a deposit account). */
    microDeposits: [string, string] | null;
  }
>;
export type VerifyBankAccount = OwnerCommand<'VerifyBankAccount', { bankAccountId: number; amounts: string[] }>;
export type ChoosePayoutAccount = OwnerCommand<'ChoosePayoutAccount', { bankAccountId: number; hold: PayoutChangeHold }>;
export type ConfirmPayoutAccountChange = OwnerCommand<'ConfirmPayoutAccountChange', Record<never, never>>;
export type UndoPayoutAccountChange = OwnerCommand<'UndoPayoutAccountChange', Record<never, never>>;
export type RemoveBankAccount = OwnerCommand<'RemoveBankAccount', { bankAccountId: number }>;

export type BankAccountCommand =
  LinkBankAccount | VerifyBankAccount | ChoosePayoutAccount | ConfirmPayoutAccountChange | UndoPayoutAccountChange | RemoveBankAccount;
