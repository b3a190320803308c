import { Alert, Button, Input } from 'antd';
import { useNavigate } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { errorMessage } from '../../../lib/api-client';
import { formatPhoneInput } from '../../../lib/format';
import { homeOf } from '../api/login';
import { type SignupInput, useSignup } from '../api/signup';

/** Buyer sign-up (/new): the account is logged in at once and lands on the portal. */
export function SignupForm() {
  const [form] = Form.useForm<SignupInput>();
  const signup = useSignup();
  const navigate = useNavigate();
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => signup.mutate(values, { onSuccess: (user) => navigate(homeOf(user)) })}>
      <div className="el-grid el-grid--2" style={{ gap: 0, columnGap: 16 }}>
        <Form.Item label="First name" name="first_name" rules={[{ required: true, whitespace: true, message: 'Please enter your first name.' }]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="last_name" rules={[{ required: true, whitespace: true, message: 'Please enter your last name.' }]}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item
        label="Phone"
        name="phone"
        normalize={formatPhoneInput}
        rules={[
          { required: true, message: 'Please enter your phone number.' },
          { pattern: /^\(\d{3}\) \d{3}-\d{4}$/, message: 'Please enter all 10 digits.' },
        ]}
      >
        <Input inputMode="tel" autoComplete="tel-national" placeholder="(555) 555-5555" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter your email address.' },
          { type: 'email', message: 'Please enter a valid email address.' },
        ]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
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
      {signup.isError && <Alert type="error" showIcon title={errorMessage(signup.error)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={signup.isPending}>
        Create my account
      </Button>
    </Form>
  );
}
