import {
  type BankAccountCommand,
  type BankAccountEvent,
  type BankAccountOwner,
  type BankAccountsState,
  companyBankAccountsStreamId,
  decideBankAccounts,
  evolveBankAccounts,
  initialBankAccountsState,
  userBankAccountsStreamId,
} from '@escrow/domain';

import type { EventStream } from '../command-side';

type BankAccountsStream = EventStream<BankAccountsState, BankAccountCommand, BankAccountEvent>;

/** A company's payout accounts: `bank-accounts-company-<companyId>`. */
export const companyBankAccountsStream: BankAccountsStream = {
  streamId: companyBankAccountsStreamId,
  initialState: initialBankAccountsState,
  evolve: evolveBankAccounts,
  decide: decideBankAccounts,
};

/** A buyer's deposit accounts: `bank-accounts-user-<userId>`. */
const userBankAccountsStream: BankAccountsStream = { ...companyBankAccountsStream, streamId: userBankAccountsStreamId };

export const bankAccountsStreamOf = (owner: BankAccountOwner): BankAccountsStream =>
  owner.kind === 'company' ? companyBankAccountsStream : userBankAccountsStream;
