import { Alert, Button, Input } from 'antd';
import { useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { homeOf } from '../api/login';
import { useAcceptInvitation, useInvitation } from '../api/signup';
import { LINK_INVALID } from './ResetPasswordForm';

/** A buyer invited by a seller (/customer/new/{hash}) chooses a password and is logged in. */
export function AcceptInvitationForm({ hash }: { hash: string }) {
  const invitation = useInvitation(hash);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  if (invitation.isPending) return <Spinner label="Checking your invitation…" />;
  if (invitation.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={LINK_INVALID}
        description="The invitation was used already or has expired. Ask the contractor to invite you again, or reset your password."
      />
    );
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }: { password: string }) => accept.mutate({ hash, password }, { onSuccess: (user) => navigate(homeOf(user)) })}
    >
      <p>
        Welcome, {invitation.data.first_name}. Choose a password for {invitation.data.email} to see your project.
      </p>
      <Form.Item
        label="Password"
        name="password"
        rules={[
          { required: true, message: 'Please choose a password.' },
          { min: 10, message: 'Choose a password of at least 10 characters.' },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={accept.isPending}>
        Set my password
      </Button>
    </Form>
  );
}
