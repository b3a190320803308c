import { Alert, Button, Input } from 'antd';
import { useEffect, useState } from 'react';

import { Form } from '../../../components/Form';
import { CODE_FORMAT } from '../../../components/second-factor';
import { colour, fontSize, space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTotp, useSetUpTotp } from '../api/totp';
import { RecoveryCodes } from './RecoveryCodes';

export const QR_ALT = 'QR code that adds Escrow Ledger to your authenticator app';

/** A TOTP secret for manual entry, in groups of four ("ABCD EFGH …"). */
const groupsOfFour = (secret: string): string => secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Adds an authenticator app (issue 25): the QR code (and the secret for typing in by hand), then a
 * code from the app to confirm it. The first factor comes with recovery codes, shown once.
 */
export function TotpEnrolment({ onDone, autoStart = false }: { onDone: () => void; autoStart?: boolean }) {
  const setUp = useSetUpTotp();
  const confirm = useConfirmTotp();
  const [form] = Form.useForm<{ code: string }>();
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: start, isIdle } = setUp;

  useEffect(() => {
    if (autoStart && isIdle) start();
  }, [autoStart, isIdle, start]);

  if (codes) return <RecoveryCodes codes={codes} onSaved={onDone} />;

  if (!setUp.data)
    return (
      <div>
        {setUp.isError && <Alert type="error" showIcon title={errorMessage(setUp.error)} style={{ marginBottom: space.sm }} />}
        <Button type="primary" onClick={() => setUp.mutate()} loading={setUp.isPending}>
          Set up an authenticator app
        </Button>
      </div>
    );

  const submit = ({ code }: { code: string }) => {
    setError(null);
    confirm.mutate(code.replace(/\s/g, ''), {
      onSuccess: (answer) => {
        if (answer.recovery_codes?.length) setCodes(answer.recovery_codes);
        else onDone();
      },
      onError: (e) => {
        setError(errorMessage(e));
        form.setFieldValue('code', '');
      },
    });
  };

  return (
    <div data-testid="totp-enrolment">
      <ol style={{ paddingInlineStart: space.md }}>
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) and scan this code.</li>
        <li>Then enter the 6-digit code the app shows.</li>
      </ol>
      <img src={setUp.data.qr_data_url} alt={QR_ALT} width={200} height={200} style={{ display: 'block', background: colour.white, padding: space.xs }} />
      <p>
        Cannot scan it? Enter this key in the app by hand:{' '}
        <code data-testid="totp-secret" style={{ fontSize: fontSize.lg, whiteSpace: 'nowrap' }}>
          {groupsOfFour(setUp.data.secret)}
        </code>
      </p>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="totp-enrol" noValidate>
        <Form.Item
          label="Authentication code"
          name="code"
          rules={[{ required: true, pattern: /^\s*(\d\s*){6}$/, message: CODE_FORMAT }]}
          style={{ marginBottom: error ? space.xs : undefined }}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={9} style={{ maxWidth: 200 }} onChange={() => setError(null)} />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: space.base }} data-testid="totp-enrol-error" />}
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          Turn on
        </Button>
      </Form>
    </div>
  );
}
