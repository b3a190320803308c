import type { BankAccountEvent, BankAccountOwner, BankAccountPurpose } from './events';

export type BankAccountStatus = 'pending_verification' | 'verified' | 'locked' | 'removed';

export interface BankAccount {
  bankAccountId: number;
  purpose: BankAccountPurpose;
  jobId: number | null;
  bankName: string | null;
  last4: string;
  providerToken: string;
  status: BankAccountStatus;
  triesLeft: number;
  microDeposits: [string, string] | null;
  linkedAt: string;
  linkedBy: number;
}

/** A change of payout account still waiting out its hold (a confirmation or an undo ends it). */
interface PayoutChange {
  to: number;
  from: number | null;
  changedAt: string;
  holdUntil: string;
  by: number;
  sessionId: string | null;
  /** The request_origins row of the change (its browser and address, while not erased). */
  originId: string | null;
}

export interface BankAccountsState {
  owner: BankAccountOwner | null;
  accounts: BankAccount[];
  /** The company's payout account, if any. */
  payoutAccountId: number | null;
  /** Whether the company ever had a payout account: only the very first one takes effect without a hold. */
  payoutEverChosen: boolean;
  payoutChange: PayoutChange | null;
  /** Deposit accounts in the order they were chosen (the newest last). */
  depositChoices: number[];
}

const VERIFICATION_TRIES = 3;

export const initialBankAccountsState: BankAccountsState = {
  owner: null,
  accounts: [],
  payoutAccountId: null,
  payoutEverChosen: false,
  payoutChange: null,
  depositChoices: [],
};

const withAccount = (state: BankAccountsState, id: number, change: Partial<BankAccount>): BankAccount[] =>
  state.accounts.map((a) => (a.bankAccountId === id ? { ...a, ...change } : a));

export function evolveBankAccounts(state: BankAccountsState, event: BankAccountEvent): BankAccountsState {
  const d = event.data;
  switch (event.type) {
    case 'BankAccountLinked':
      return {
        ...state,
        owner: state.owner ?? event.data.owner,
        accounts: [
          ...state.accounts,
          {
            bankAccountId: d.bankAccountId,
            purpose: event.data.purpose,
            jobId: event.data.jobId,
            bankName: event.data.bankName,
            last4: event.data.last4,
            providerToken: event.data.providerToken,
            // A deposit account is usable at once (the buyer's own debit); a payout account waits for its micro-deposits.
            status: event.data.purpose === 'deposit' ? 'verified' : 'pending_verification',
            triesLeft: VERIFICATION_TRIES,
            microDeposits: null,
            linkedAt: d.at,
            linkedBy: d.by,
          },
        ],
      };
    case 'MicroDepositsSent':
      return { ...state, accounts: withAccount(state, d.bankAccountId, { microDeposits: event.data.amounts }) };
    case 'BankAccountVerificationFailed':
      return { ...state, accounts: withAccount(state, d.bankAccountId, { triesLeft: event.data.triesLeft }) };
    case 'BankAccountLocked':
      return { ...state, accounts: withAccount(state, d.bankAccountId, { status: 'locked', triesLeft: 0 }) };
    case 'BankAccountVerified':
      return { ...state, accounts: withAccount(state, d.bankAccountId, { status: 'verified' }) };
    case 'PayoutAccountChosen':
      return {
        ...state,
        payoutAccountId: d.bankAccountId,
        payoutEverChosen: true,
        payoutChange:
          event.data.holdUntil === null
            ? null
            : {
                to: d.bankAccountId,
                from: event.data.previousBankAccountId,
                changedAt: d.at,
                holdUntil: event.data.holdUntil,
                by: d.by,
                sessionId: d.sessionId,
                originId: d.originId ?? null,
              },
      };
    case 'PayoutAccountChangeConfirmed':
      return { ...state, payoutChange: null };
    case 'PayoutAccountChangeUndone':
      return { ...state, payoutAccountId: event.data.restoredBankAccountId, payoutChange: null };
    case 'DepositAccountChosen':
      return { ...state, depositChoices: [...state.depositChoices.filter((id) => id !== d.bankAccountId), d.bankAccountId] };
    case 'BankAccountRemoved': {
      const wasPayout = state.payoutAccountId === d.bankAccountId;
      return {
        ...state,
        accounts: withAccount(state, d.bankAccountId, { status: 'removed' }),
        payoutAccountId: wasPayout ? null : state.payoutAccountId,
        payoutChange: wasPayout ? null : state.payoutChange,
        depositChoices: state.depositChoices.filter((id) => id !== d.bankAccountId),
      };
    }
  }
}

export const foldBankAccounts = (events: readonly BankAccountEvent[]): BankAccountsState => events.reduce(evolveBankAccounts, initialBankAccountsState);

export const accountOf = (state: BankAccountsState, id: number | null): BankAccount | null =>
  id === null ? null : (state.accounts.find((a) => a.bankAccountId === id) ?? null);
