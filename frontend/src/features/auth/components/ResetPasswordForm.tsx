import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { homeOf, useLogin } from '../api/login';
import { removeResetCode, resetPassword, useResetCode } from '../api/password';
import { needsSecondFactor } from '../api/types';

export const LINK_INVALID = 'Link invalid.';
const PASSWORD_SET_LOG_IN = 'Your new password is set. Log in with it and your second factor.';

/**
 * The reset link is checked first (docs/product.md#password-reset): valid when it names a user, and only then is the
 * form shown. After the reset the new password logs in and the one-time code is deleted.
 */
export function ResetPasswordForm({ code }: { code: string }) {
  const link = useResetCode(code);
  const login = useLogin();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (link.isPending) return <Spinner label="Checking your link…" />;
  if (link.isError || !link.data?.user_id)
    return <Alert type="error" showIcon title={LINK_INVALID} description="Ask for a new link from the forgot-password page." />;

  const submit = async ({ password }: { password: string }) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await resetPassword({ code, password });
      const user = await login.mutateAsync({ email: link.data.email, password });
      if (needsSecondFactor(user)) {
        // The account has a second factor: the login page asks for it (issue 25).
        navigate('/login', { state: { notice: PASSWORD_SET_LOG_IN } });
        return;
      }
      await removeResetCode(user.user_id).catch(() => undefined);
      navigate(homeOf(user));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      <p>Choose a new password for {link.data.email}.</p>
      <Form.Item
        label="New password"
        name="password"
        rules={[
          { required: true, message: 'Please choose a new password.' },
          { min: 10, message: 'Choose a password of at least 10 characters.' },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat the new password"
        name="repeat"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please repeat the new password.' },
          ({ getFieldValue }) => ({
            validator: (_, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('The passwords do not match.'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={pending}>
        Save the new password
      </Button>
    </Form>
  );
}
