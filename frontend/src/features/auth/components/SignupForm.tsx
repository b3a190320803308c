import { Alert, Button, Input } from 'antd';
import { useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { EmailField, NameFields, PhoneField } from '../../../components/forms/PersonFields';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { homeOf } from '../api/login';
import { type SignupInput, useSignup } from '../api/signup';

/** Buyer sign-up (/new): the account is logged in at once and lands on the portal. */
export function SignupForm() {
  const [form] = Form.useForm<SignupInput>();
  const signup = useSignup();
  const navigate = useNavigate();
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => signup.mutate(values, { onSuccess: (user) => navigate(homeOf(user)) })}>
      <div className="el-grid el-grid--2" style={{ gap: 0, columnGap: space.base }}>
        <NameFields />
      </div>
      <PhoneField />
      <EmailField />
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
      {signup.isError && <Alert type="error" showIcon title={errorMessage(signup.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={signup.isPending}>
        Create my account
      </Button>
    </Form>
  );
}
