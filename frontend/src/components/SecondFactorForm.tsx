import { Alert, Button, Input } from 'antd';
import { useState } from 'react';

import { space } from '../design/tokens';
import { errorMessage } from '../lib/api-client';
import { Form } from './Form';
import { CODE_FORMAT, ENTER_CODE, ENTER_RECOVERY_CODE, passkeyErrorMessage, RECOVERY_FORMAT, type SecondFactorMethod } from './second-factor';

/**
 * The second factor, asked the same way at login and at a step-up (issue 25): the code from the
 * authenticator app (or a recovery code), or a passkey. Errors show under the field.
 */
export function SecondFactorForm({
  methods = ['totp', 'passkey', 'recovery'],
  onCode,
  onPasskey,
  submitLabel = 'Verify',
  idPrefix = 'second-factor',
}: {
  methods?: SecondFactorMethod[];
  onCode: (code: string) => Promise<unknown>;
  onPasskey?: () => Promise<unknown>;
  submitLabel?: string;
  idPrefix?: string;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') || !methods.includes('recovery') ? 'totp' : 'recovery');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'code' | 'passkey' | null>(null);
  const recovery = mode === 'recovery';

  const submit = async ({ code }: { code: string }) => {
    if (pending) return;
    setError(null);
    setPending('code');
    try {
      await onCode(recovery ? code.trim() : code.replace(/\s/g, ''));
    } catch (e) {
      setError(errorMessage(e));
      form.setFieldValue('code', '');
    } finally {
      setPending(null);
    }
  };

  const usePasskey = async () => {
    if (pending || !onPasskey) return;
    setError(null);
    setPending('passkey');
    try {
      await onPasskey();
    } catch (e) {
      setError(passkeyErrorMessage(e));
    } finally {
      setPending(null);
    }
  };

  const switchMode = () => {
    setMode(recovery ? 'totp' : 'recovery');
    setError(null);
    form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name={idPrefix} noValidate>
      <p>{recovery ? ENTER_RECOVERY_CODE : ENTER_CODE}</p>
      <Form.Item
        key={mode}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        rules={
          recovery ? [{ required: true, whitespace: true, message: RECOVERY_FORMAT }] : [{ required: true, pattern: /^\s*(\d\s*){6}$/, message: CODE_FORMAT }]
        }
        style={{ marginBottom: error ? space.xs : undefined }}
      >
        <Input
          autoFocus
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 9}
          spellCheck={false}
          onChange={() => setError(null)}
        />
      </Form.Item>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: space.base }} data-testid={`${idPrefix}-error`} />}
      <Button type="primary" htmlType="submit" loading={pending === 'code'} block>
        {submitLabel}
      </Button>
      {(methods.includes('passkey') && onPasskey) || methods.includes('recovery') ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginTop: space.sm, alignItems: 'center' }}>
          {methods.includes('passkey') && onPasskey && (
            <Button onClick={usePasskey} loading={pending === 'passkey'}>
              Use a passkey
            </Button>
          )}
          {methods.includes('recovery') && methods.includes('totp') && (
            <Button type="link" onClick={switchMode} style={{ paddingInline: 0 }}>
              {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </Button>
          )}
        </div>
      ) : null}
    </Form>
  );
}
