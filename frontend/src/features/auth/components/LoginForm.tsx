import { type FormEvent, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { CloseCircleFilledIcon } from '../../../components/alert-icons';
import { errorSummary } from '../../../components/form-summary';
import { lazyThemed } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { LightFormItem, LightInput, LightPassword } from '../../../components/LightForm';
import { Notice } from '../../../components/Notice';
import { passkeyErrorMessage, type SecondFactorMethod } from '../../../components/second-factor';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { afterLogin } from '../access';
import { homeOf, useLogin, useSecondFactorLogin } from '../api/login';
import { type CurrentUser, needsSecondFactor } from '../api/types';

// Only accounts with a second factor see the second step: antd's form for it loads when it is needed.
const LoginSecondStep = lazyThemed(() => import('./LoginSecondStep'), 'LoginSecondStep');

type Field = 'email' | 'password';
const LABELS: Record<Field, string> = { email: 'Email', password: 'Password' };
/** Both required (docs/product.md#login-fields); an email of spaces only is no email. */
const RULES: Record<Field, (value: string) => string | null> = {
  email: (value) => (value.trim() === '' ? 'Please enter your email address.' : null),
  password: (value) => (value === '' ? 'Please enter your password.' : null),
};

/** An answer of the API in a red box under the field it is about (docs/product.md#error-texts). */
function ErrorAlert({ text, testId }: { text: string; testId?: string }) {
  return (
    <Notice tone="danger" icon={<CloseCircleFilledIcon />} testId={testId}>
      {text}
    </Notice>
  );
}

/**
 * Email and password, both required (docs/product.md#login-fields); when the account has a second factor, the same
 * form then asks for it (issue 25), and a passkey can sign in without the password. A 400 answer shows its text under the email
 * field, a 401 answer under the password field (docs/product.md#error-texts); success routes by role (docs/product.md#logging-in), or
 * back to the page the login wall stopped the visitor at (`next`).
 *
 * Plain elements with the look of antd's vertical form (components/LightForm), so that the login page's
 * first paint loads no antd; it behaves as the antd form did: each field is checked as it changes
 * and all of them on submit, which then says in a live region which fields need correcting and
 * moves the focus to the first (read with its error, tied by aria-describedby).
 */
export function LoginForm({ onLoggedIn, idPrefix = 'login', next = null }: { onLoggedIn?: () => void; idPrefix?: string; next?: string | null }) {
  const login = useLogin();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [said, setSaid] = useState('');
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
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

  const change = (field: Field, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setInvalid((before) => ({ ...before, [field]: RULES[field](value) ?? undefined }));
    if (field === 'email') setEmailError(null);
    else setPasswordError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = Object.fromEntries((Object.keys(RULES) as Field[]).map((field) => [field, RULES[field](values[field]) ?? undefined]));
    setInvalid(errors);
    const wrong = (Object.keys(RULES) as Field[]).filter((field) => errors[field]);
    if (wrong.length > 0) {
      const text = errorSummary(wrong.map((field) => LABELS[field]));
      // The same words twice in a row change nothing in the page: alternate a trailing space so they are said again.
      setSaid((before) => (before === text ? `${text}\u00a0` : text));
      const first = inputs.current[wrong[0]!];
      first?.focus();
      first?.scrollIntoView({ block: 'center' });
      return;
    }
    setSaid('');
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
      <Suspense fallback={<Spinner label="Loading the second step…" />}>
        <LoginSecondStep
          idPrefix={idPrefix}
          methods={secondStep}
          onCode={(code) => secondFactor.mutateAsync({ code }).then(loggedIn)}
          onPasskey={() => secondFactor.mutateAsync({ passkey: true }).then(loggedIn)}
          onStartAgain={() => {
            setSecondStep(null);
            setValues((before) => ({ ...before, password: '' }));
          }}
        />
      </Suspense>
    );

  const ids = (name: Field) => {
    const id = `${idPrefix}_${name}`;
    return { id, ...(invalid[name] ? { 'aria-describedby': `${id}_help`, 'aria-invalid': true as const } : {}) };
  };

  return (
    <form id={idPrefix} onSubmit={submit} noValidate>
      <LightFormItem id={`${idPrefix}_email`} label={LABELS.email} error={invalid.email} tight={Boolean(emailError)}>
        <LightInput
          {...ids('email')}
          ref={(element) => {
            inputs.current.email = element;
          }}
          invalid={Boolean(invalid.email)}
          type="email"
          autoComplete="email"
          aria-required="true"
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
        />
      </LightFormItem>
      {emailError && <ErrorAlert text={emailError} testId="login-email-error" />}
      <LightFormItem id={`${idPrefix}_password`} label={LABELS.password} error={invalid.password} tight={Boolean(passwordError)}>
        <LightPassword
          {...ids('password')}
          ref={(element) => {
            inputs.current.password = element;
          }}
          invalid={Boolean(invalid.password)}
          autoComplete="current-password"
          aria-required="true"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
        />
      </LightFormItem>
      {passwordError && <ErrorAlert text={passwordError} testId="login-password-error" />}
      {otherError && <ErrorAlert text={otherError} />}
      <LightButton variant="primary" type="submit" loading={login.isPending} block>
        Log in
      </LightButton>
      <LightButton onClick={passkeyWithoutPassword} loading={secondFactor.isPending} block style={{ marginTop: space.sm }}>
        Sign in with a passkey
      </LightButton>
      <p style={{ marginTop: space.sm, marginBottom: 0 }}>
        <Link to="/password/forgot">Forgot your password?</Link>
      </p>
      <p role="status" className="el-visually-hidden">
        {said}
      </p>
    </form>
  );
}
