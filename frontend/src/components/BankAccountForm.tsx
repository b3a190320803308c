import { SANDBOX_TEST_ACCOUNTS, sandboxRuleText } from '@escrow/domain';
import { Alert, Button, Input } from 'antd';

import { type BankAccount, type LinkBankAccount, SANDBOX_MICRO_DEPOSITS_TEXT, useLinkBankAccount } from '../api/bank-accounts';
import { space } from '../design/tokens';
import { errorMessage } from '../lib/api-client';
import { Form } from './Form';

/** Links the account deposits are drawn from (purpose deposit) or payouts are paid into; keeps only the last four digits. */
export function BankAccountForm({
  purpose,
  projectId,
  onLinked,
}: {
  purpose: 'deposit' | 'payout';
  projectId?: number;
  onLinked?: (account: BankAccount) => void;
}) {
  const link = useLinkBankAccount();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={(values: Omit<LinkBankAccount, 'purpose' | 'job_id'>) =>
        link.mutate({ ...values, purpose, ...(projectId ? { job_id: projectId } : {}) }, { onSuccess: (account) => onLinked?.(account) })
      }
    >
      <Form.Item label="Account holder" name="holder_name" rules={[{ required: true, whitespace: true, message: "Enter the account holder's name." }]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Bank (optional)" name="bank_name">
        <Input />
      </Form.Item>
      <Form.Item
        label="Routing number"
        name="routing_number"
        rules={[
          { required: true, message: 'Enter the 9-digit routing number.' },
          { pattern: /^\d{9}$/, message: 'The routing number has 9 digits.' },
        ]}
      >
        <Input inputMode="numeric" maxLength={9} />
      </Form.Item>
      <Form.Item
        label="Account number"
        name="account_number"
        rules={[
          { required: true, message: 'Enter the account number.' },
          { pattern: /^\d{4,17}$/, message: 'The account number has 4 to 17 digits.' },
        ]}
      >
        <Input inputMode="numeric" maxLength={17} />
      </Form.Item>
      {link.isError && <Alert type="error" showIcon title={errorMessage(link.error)} style={{ marginBottom: space.base }} />}
      {link.isSuccess && (
        <Alert
          type="success"
          showIcon
          title={
            link.data.status === 'pending_verification'
              ? `Account ending in ${link.data.last4} linked. We sent two small deposits to it: confirm them above.`
              : `Account ending in ${link.data.last4} linked.`
          }
          style={{ marginBottom: space.base }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={link.isPending}>
        Link account
      </Button>
      {purpose === 'deposit' ? (
        // The sandbox provider's own rules (SANDBOX_TEST_ACCOUNTS), in the words the README quotes.
        <div className="el-muted" style={{ marginTop: space.sm }}>
          <p style={{ marginBottom: space.xxs }}>Sandbox: any valid routing number works (for example 011000015); any other account number settles.</p>
          <ul aria-label="Sandbox test accounts" style={{ margin: 0 }}>
            {SANDBOX_TEST_ACCOUNTS.map((account) => (
              <li key={account.last4}>{sandboxRuleText(account)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="el-muted" style={{ marginTop: space.sm }}>
          Sandbox: any valid routing number works (for example 011000015). {SANDBOX_MICRO_DEPOSITS_TEXT}
        </p>
      )}
    </Form>
  );
}
