import { Alert, Button } from 'antd';

import { Form } from '../../../components/Form';
import { EmailField } from '../../../components/forms/PersonFields';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../api/password';

export const EMAIL_SENT = 'Email Sent.';
export const FORGOT_FAILED = "Sorry, we couldn't find an account with that email address.";

/**
 * Form → submitting → sent or error (docs/product.md#forgot-password). A second submit while one is pending is ignored.
 * The failure text of docs/product.md#error-texts is for an email without an account (`account_not_found`); any other failure (a
 * 429 after too many requests, a network error) says its own message, as the login form does,
 * so nobody is told their account does not exist when it does.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const submit = ({ email }: { email: string }) => {
    if (request.isPending) return;
    request.mutate(email);
  };
  if (request.isSuccess)
    return (
      <Alert type="success" showIcon title={EMAIL_SENT} description="Follow the link in the email to choose a new password. It works once, for an hour." />
    );
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      <EmailField />
      {request.isError && (
        <Alert
          type="error"
          showIcon
          title={errorCode(request.error) === 'account_not_found' ? FORGOT_FAILED : errorMessage(request.error)}
          style={{ marginBottom: space.base }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={request.isPending}>
        Send reset link
      </Button>
    </Form>
  );
}
