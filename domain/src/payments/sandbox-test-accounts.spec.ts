import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { SANDBOX_TEST_ACCOUNTS, sandboxDepositOutcome, sandboxRuleText } from './sandbox-test-accounts';

describe("the sandbox's test accounts", () => {
  it('tell the outcome of a deposit by the last four digits of its account', () => {
    expect(sandboxDepositOutcome('0002')).toBe('fails');
    expect(sandboxDepositOutcome('0003')).toBe('returned');
    expect(sandboxDepositOutcome('6789')).toBe('settles');
    expect(sandboxDepositOutcome(null)).toBe('settles');
  });

  it('are quoted in the README in the words the deposit dialog shows', () => {
    const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8').replace(/\s+/g, ' ');
    for (const account of SANDBOX_TEST_ACCOUNTS) expect(readme).toContain(sandboxRuleText(account));
  });
});
