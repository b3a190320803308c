import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { RECENT_FACTORS_REVIEW_PATH } from '../../../components/second-factor';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { afterLogin, loginPathFor } from '../access';
import { homeOf, useLogin } from '../api/login';
import { removeResetCode, resetPassword, useResetCode } from '../api/password';
import { needsSecondFactor } from '../api/types';

export const LINK_INVALID = 'Link invalid.';
const PASSWORD_SET_LOG_IN = 'Your new password is set. Log in with it and your second factor.';
const PASSWORD_SET_REVIEW =
  'Your new password is set. Log in with it and your second factor: then check the second factors added to your account in the last 30 days.';

/**
 * The reset link is checked first (docs/product.md#password-reset): valid when it names a user, and only then is the
 * form shown. After the reset the new password logs in and the one-time code is deleted; when
 * second factors were added in the last 30 days, the login leads to the security page that lists
 * them with Remove (issue 35: whoever added one may be why the password was reset).
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
      const done = await resetPassword({ code, password });
      const review = done.recent_factors.length > 0 ? RECENT_FACTORS_REVIEW_PATH : null;
      const user = await login.mutateAsync({ email: link.data.email, password });
      if (needsSecondFactor(user)) {
        // The account has a second factor: the login page asks for it (issue 25).
        navigate(review ? loginPathFor(review) : '/login', { state: { notice: review ? PASSWORD_SET_REVIEW : PASSWORD_SET_LOG_IN } });
        return;
      }
      await removeResetCode(user.user_id).catch(() => undefined);
      navigate(afterLogin(review, user, homeOf(user)));
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
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={pending}>
        Save the new password
      </Button>
    </Form>
  );
}
