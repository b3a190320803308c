/**
 * Events of a bank-account owner's stream: a company's (`bank-accounts-company-<id>`, payout
 * accounts) or a buyer's (`bank-accounts-user-<id>`, deposit accounts). Type strings are stored:
 * never rename them. Every event names who did it (`by`) and from which session. No personal
 * data (docs/design.md#no-personal-data-in-events): the holder's name and the request's address and browser live in mutable,
 * erasable tables (bank_account_holders, request_origins), the event refers to them by id.
 */
export type BankAccountOwner = { kind: 'company' | 'user'; id: number };
export type BankAccountPurpose = 'deposit' | 'payout';

/** Who did it and from where: a security-relevant change always says so (docs/design.md#changes-to-who-may-act-are-events). */
export interface ActedBy {
  by: number;
  /** admin: an administrator acting from the console; user: a user of the owner; system: the provider. */
  byRole: 'user' | 'admin' | 'system';
  sessionId: string | null;
  /** The request_origins row (address, user agent) of the request; erased with its user. Null: none recorded. */
  originId: string | null;
}

interface Base extends ActedBy {
  owner: BankAccountOwner;
  at: string;
  bankAccountId: number;
}

export type BankAccountEvent =
  | {
      type: 'BankAccountLinked';
      data: Base & {
        purpose: BankAccountPurpose;
        jobId: number | null;
        bankName: string | null;
        last4: string;
        /** The provider's opaque token for the account: what a payout is sent with; never the number. */
        providerToken: string;
      };
    }
  /** The provider sent two small deposits the owner confirms; the amounts are what the decider checks against. */
  | { type: 'MicroDepositsSent'; data: Base & { amounts: [string, string] } }
  | { type: 'BankAccountVerificationFailed'; data: Base & { triesLeft: number } }
  | { type: 'BankAccountLocked'; data: Base }
  | { type: 'BankAccountVerified'; data: Base }
  /**
   * The company's payout account is now `bankAccountId`. With a previous account, payouts wait
   * until `holdUntil` unless another user or an administrator confirms the change earlier.
   */
  | { type: 'PayoutAccountChosen'; data: Base & { previousBankAccountId: number | null; holdUntil: string | null } }
  | { type: 'PayoutAccountChangeConfirmed'; data: Base }
  /** The held change to `bankAccountId` is undone: `restoredBankAccountId` (the previous account, if still usable) pays again, at once. */
  | { type: 'PayoutAccountChangeUndone'; data: Base & { restoredBankAccountId: number | null } }
  | { type: 'DepositAccountChosen'; data: Base & { previousBankAccountId: number | null } }
  | { type: 'BankAccountRemoved'; data: Base };

export type BankAccountEventType = BankAccountEvent['type'];

export const BANK_ACCOUNT_EVENT_TYPES: readonly BankAccountEventType[] = [
  'BankAccountLinked',
  'MicroDepositsSent',
  'BankAccountVerificationFailed',
  'BankAccountLocked',
  'BankAccountVerified',
  'PayoutAccountChosen',
  'PayoutAccountChangeConfirmed',
  'PayoutAccountChangeUndone',
  'DepositAccountChosen',
  'BankAccountRemoved',
];

export const companyBankAccountsStreamId = (companyId: number): string => `bank-accounts-company-${companyId}`;
export const userBankAccountsStreamId = (userId: number): string => `bank-accounts-user-${userId}`;
