/**
 * The sandbox ACH provider's test accounts: what a deposit drawn from an account whose number
 * ends in these four digits does. One table, read by the sandbox provider (which behaves so), the
 * bank-account form of the deposit dialog (which says so) and quoted word for word in the README.
 * Any other account number settles, and its funds clear after the return window.
 */
export const SANDBOX_TEST_ACCOUNTS = [
  {
    last4: '0002',
    outcome: 'fails',
    /** The NACHA code the bank's refusal carries. */
    returnCode: 'R01',
    says: 'the deposit fails outright (R01, insufficient funds); nothing settles',
  },
  {
    last4: '0003',
    outcome: 'returned',
    returnCode: 'R01',
    says: 'the deposit settles, then the bank returns it (R01) inside the return window; the milestone is no longer funded',
  },
] as const;

export type SandboxTestAccount = (typeof SANDBOX_TEST_ACCOUNTS)[number];
/** settles: an ordinary account; fails: refused, never settled; returned: settled, then taken back inside the return window. */
export type SandboxDepositOutcome = 'settles' | SandboxTestAccount['outcome'];

/** What the sandbox does with a deposit drawn from an account with these last four digits. */
export function sandboxDepositOutcome(last4: string | null): SandboxDepositOutcome {
  return SANDBOX_TEST_ACCOUNTS.find((a) => a.last4 === last4)?.outcome ?? 'settles';
}

/** One rule as people read it: "An account number ending in 0002: the deposit fails outright (R01, …); nothing settles." */
export const sandboxRuleText = (account: SandboxTestAccount): string => `An account number ending in ${account.last4}: ${account.says}.`;
