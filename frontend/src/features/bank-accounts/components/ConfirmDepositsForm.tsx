import { Alert, Button, Input } from 'antd';

import type { BankAccount } from '../../../api/bank-accounts';
import { Form } from '../../../components/Form';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyBankAccount } from '../api/verify-bank-account';
import { AMOUNT_FORMAT, AMOUNT_UNDER_A_DOLLAR, depositsSentText, LOCKED_TEXT, SANDBOX_MICRO_DEPOSITS_TEXT, triesLeftText } from './texts';

/** "0.32", ".32", "$0.32" → "0.32"; anything else → null. */
function microDeposit(value: string | undefined): string | null {
  const match = /^\$?\s*(0?)\.(\d{2})$/.exec((value ?? '').trim());
  return match ? `0.${match[2]}` : null;
}

const amountRules = [
  { required: true, whitespace: true, message: 'Enter the amount of this deposit.' },
  {
    validator: (_: unknown, value: string | undefined) => {
      const text = (value ?? '').trim().replace(/^\$\s*/, '');
      if (!text || microDeposit(text)) return Promise.resolve();
      return Promise.reject(new Error(/^\d*\.?\d*$/.test(text) && Number(text) >= 1 ? AMOUNT_UNDER_A_DOLLAR : AMOUNT_FORMAT));
    },
  },
];

/** A pending payout account: the two micro-deposits the provider sent, typed back (three wrong tries lock it). */
export function ConfirmDepositsForm({ account }: { account: BankAccount }) {
  const verify = useVerifyBankAccount(account.bank_account_id);
  if (account.status === 'locked') return <Alert type="error" showIcon title={LOCKED_TEXT} />;
  const id = `deposits-${account.bank_account_id}`;
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      aria-label={`Confirm the deposits to ${account.masked}`}
      name={id}
      onFinish={({ first, second }: { first: string; second: string }) => verify.mutate([microDeposit(first) ?? first, microDeposit(second) ?? second])}
    >
      <p style={{ marginBottom: space.xs }}>
        {depositsSentText(account)} <span className="el-muted">{triesLeftText(account.verification_tries_left)}</span>
      </p>
      <div className="el-actions" style={{ alignItems: 'flex-start' }}>
        <Form.Item label="First deposit" name="first" rules={amountRules} validateTrigger="onSubmit">
          <Input inputMode="decimal" prefix="$" placeholder="0.00" style={{ width: 120 }} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Second deposit" name="second" rules={amountRules} validateTrigger="onSubmit">
          <Input inputMode="decimal" prefix="$" placeholder="0.00" style={{ width: 120 }} autoComplete="off" />
        </Form.Item>
      </div>
      {verify.isError && <Alert type="error" showIcon title={errorMessage(verify.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={verify.isPending}>
        Confirm deposits
      </Button>
      <p className="el-muted" style={{ marginTop: space.xs, marginBottom: 0 }}>
        {SANDBOX_MICRO_DEPOSITS_TEXT}
      </p>
    </Form>
  );
}
