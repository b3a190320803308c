import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { passkeyErrorMessage, SecondFactorForm, type SecondFactorMethod } from '../../../components/SecondFactorForm';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { afterLogin } from '../access';
import { homeOf, useLogin, useSecondFactorLogin } from '../api/login';
import { type CurrentUser, needsSecondFactor } from '../api/types';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * Email and password, both required (spec §5); when the account has a second factor, the same
 * form then asks for it (issue 25), and a passkey can sign in without the password. A 400 answer shows its text under the email
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
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  const secondFactor = useSecondFactorLogin();

  const loggedIn = (user: CurrentUser) => {
    onLoggedIn?.();
    navigate(afterLogin(next, user, homeOf(user)));
  };

  const passkeyWithoutPassword = () => {
    setEmailError(null);
    setPasswordError(null);
    setOtherError(null);
    secondFactor.mutate({ passkey: true }, { onSuccess: loggedIn, onError: (error) => setOtherError(passkeyErrorMessage(error)) });
  };

  const submit = (values: LoginValues) => {
    setEmailError(null);
    setPasswordError(null);
    setOtherError(null);
    login.mutate(values, {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) setSecondStep(answer.methods.length ? answer.methods : ['totp', 'recovery']);
        else loggedIn(answer);
      },
      onError: (error) => {
        const status = errorStatus(error);
        if (status === 400) setEmailError(errorMessage(error));
        else if (status === 401) setPasswordError(errorMessage(error));
        else setOtherError(errorMessage(error));
      },
    });
  };

  if (secondStep)
    return (
      <div data-testid={`${idPrefix}-second-factor`}>
        <p style={{ marginTop: 0 }}>
          <strong>Your password is correct.</strong> Confirm it's you with your second factor.
        </p>
        <SecondFactorForm
          idPrefix={`${idPrefix}-code`}
          methods={secondStep}
          onCode={(code) => secondFactor.mutateAsync({ code }).then(loggedIn)}
          onPasskey={() => secondFactor.mutateAsync({ passkey: true }).then(loggedIn)}
        />
        <p style={{ marginTop: 12, marginBottom: 0 }}>
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => {
              setSecondStep(null);
              form.setFieldValue('password', '');
            }}
          >
            Start again with another account
          </Button>
        </p>
      </div>
    );

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
      <Button onClick={passkeyWithoutPassword} loading={secondFactor.isPending} block style={{ marginTop: 12 }}>
        Sign in with a passkey
      </Button>
      <p style={{ marginTop: 12, marginBottom: 0 }}>
        <Link to="/password/forgot">Forgot your password?</Link>
      </p>
    </Form>
  );
}
