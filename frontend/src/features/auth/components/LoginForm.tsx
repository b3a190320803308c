import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { afterLogin } from '../access';
import { homeOf, useLogin } from '../api/login';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * Email and password, both required (spec §5). A 400 answer shows its text under the email
 * field, a 401 answer under the password field (spec §8); success routes by role (spec §4), or
 * back to the page the login wall stopped the visitor at (`next`).
 */
export function LoginForm({ onLoggedIn, idPrefix = 'login', next = null }: { onLoggedIn?: () => void; idPrefix?: string; next?: string | null }) {
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const navigate = useNavigate();
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [otherError, setOtherError] = useState<string | null>(null);

  const submit = (values: LoginValues) => {
    setEmailError(null);
    setPasswordError(null);
    setOtherError(null);
    login.mutate(values, {
      onSuccess: (user) => {
        onLoggedIn?.();
        navigate(afterLogin(next, user, homeOf(user)));
      },
      onError: (error) => {
        const status = errorStatus(error);
        if (status === 400) setEmailError(errorMessage(error));
        else if (status === 401) setPasswordError(errorMessage(error));
        else setOtherError(errorMessage(error));
      },
    });
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name={idPrefix} noValidate>
      <Form.Item
        label="Email"
        name="email"
        rules={[{ required: true, whitespace: true, message: 'Please enter your email address.' }]}
        style={{ marginBottom: emailError ? 8 : undefined }}
      >
        <Input type="email" autoComplete="email" onChange={() => setEmailError(null)} />
      </Form.Item>
      {emailError && <Alert type="error" title={emailError} showIcon style={{ marginBottom: 16 }} data-testid="login-email-error" />}
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password.' }]}
        style={{ marginBottom: passwordError ? 8 : undefined }}
      >
        <Input.Password autoComplete="current-password" onChange={() => setPasswordError(null)} />
      </Form.Item>
      {passwordError && <Alert type="error" title={passwordError} showIcon style={{ marginBottom: 16 }} data-testid="login-password-error" />}
      {otherError && <Alert type="error" title={otherError} showIcon style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={login.isPending} block>
        Log in
      </Button>
      <p style={{ marginTop: 12, marginBottom: 0 }}>
        <Link to="/password/forgot">Forgot your password?</Link>
      </p>
    </Form>
  );
}
