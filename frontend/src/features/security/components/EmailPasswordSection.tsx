import { Alert, Button, Input, Tag } from 'antd';
import { useState } from 'react';

import { Form } from '../../../components/Form';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useChangeEmail, useChangePassword, useResendVerification } from '../api/email-password';
import { RecentFactorsReview } from './RecentFactorsReview';
import { LINK_SENT_AGAIN } from './SecurityPromptHost';

const EMAIL_CHANGE_SENT = 'We sent a link to the new address. Your email changes once you open it; the old address gets a note.';
const PASSWORD_CHANGED = 'Your password is changed.';

/** The account's email: verified or not ("Send the link again"), and the form to change it (step-up). */
export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification();
  const change = useChangeEmail();
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <section aria-labelledby="email-title" className="el-security__section">
      <h2 id="email-title">Email</h2>
      <p>
        <strong>{email}</strong> {verified ? <Tag color="green">Verified</Tag> : <Tag color="gold">Not verified yet</Tag>}
      </p>
      {!verified && (
        <>
          <p>Open the link we sent to this address: until then you cannot deposit, be paid or sign.</p>
          <Button onClick={() => resend.mutate()} loading={resend.isPending}>
            Send the link again
          </Button>
          {resend.isSuccess && <Alert type="success" showIcon title={LINK_SENT_AGAIN} style={{ marginTop: space.sm }} />}
          {resend.isError && <Alert type="error" showIcon title={errorMessage(resend.error)} style={{ marginTop: space.sm }} />}
        </>
      )}
      <h3 style={{ marginTop: space.base }}>Change your email</h3>
      <Form
        form={form}
        layout="vertical"
        name="change-email"
        requiredMark={false}
        noValidate
        onFinish={({ email: next }: { email: string }) =>
          change.mutate(next, {
            onSuccess: () => {
              setSentTo(next);
              form.resetFields();
            },
          })
        }
      >
        <Form.Item
          label="New email address"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Please enter the new email address.' },
            { type: 'email', message: 'Enter an email address like name@example.com.' },
          ]}
        >
          <Input type="email" autoComplete="email" style={{ maxWidth: 360 }} />
        </Form.Item>
        {change.isError && <Alert type="error" showIcon title={errorMessage(change.error)} style={{ marginBottom: space.sm }} />}
        {sentTo && <Alert type="success" showIcon title={EMAIL_CHANGE_SENT} style={{ marginBottom: space.sm }} />}
        <Button htmlType="submit" loading={change.isPending}>
          Change email
        </Button>
      </Form>
    </section>
  );
}

/** The password: the current one, then the new one twice (step-up); once changed, the second factors added lately, to remove. */
export function PasswordSection() {
  const change = useChangePassword();
  const [form] = Form.useForm<{ current_password: string; password: string; repeat: string }>();
  return (
    <section aria-labelledby="password-title" className="el-security__section">
      <h2 id="password-title">Password</h2>
      <Form
        form={form}
        layout="vertical"
        name="change-password"
        requiredMark={false}
        onFinish={({ current_password, password }) => change.mutate({ current_password, password }, { onSuccess: () => form.resetFields() })}
      >
        <Form.Item label="Current password" name="current_password" rules={[{ required: true, message: 'Please enter your current password.' }]}>
          <Input.Password autoComplete="current-password" style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item
          label="New password"
          name="password"
          rules={[
            { required: true, message: 'Please choose a new password.' },
            { min: 10, message: 'Choose a password of at least 10 characters.' },
          ]}
        >
          <Input.Password autoComplete="new-password" style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item
          label="Repeat the new password"
          name="repeat"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Please repeat the new password.' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('The two passwords are not the same.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" style={{ maxWidth: 360 }} />
        </Form.Item>
        {change.isError && <Alert type="error" showIcon title={errorMessage(change.error)} style={{ marginBottom: space.sm }} />}
        {change.isSuccess && <Alert type="success" showIcon title={PASSWORD_CHANGED} style={{ marginBottom: space.sm }} />}
        <Button htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
      {change.isSuccess && <RecentFactorsReview />}
    </section>
  );
}
